// Plugins that end or change the process they run in, one symbol each: what the supervisor of
// `run` must survive (tests/adversarial/supervisor_test.sh). Each answers as the example plugin
// (built in beside them) until its call numbered ENDING_AFTER (default 300: top95's first three
// passes whole), then does its harm once.
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "sudoku_bench/plugin_abi.h"

extern "C" size_t solve(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses);

namespace {

std::atomic<long> calls{0};

// Whether this call is the one that does harm; it then makes the file ENDING_MARK names, if any,
// so that a probe can wait for the harm rather than guess its time (a sanitizer build is slower).
bool harm_now() {
  static const long after = [] {
    const char* text = std::getenv("ENDING_AFTER");
    return text ? std::atol(text) : 300L;
  }();
  if (calls.fetch_add(1) + 1 != after) return false;
  if (const char* mark = std::getenv("ENDING_MARK")) close(open(mark, O_CREAT | O_WRONLY, 0644));
  return true;
}

}  // namespace

// ENDING_PLUGIN(NAME) { HARM }: exports the solver NAME, which answers as the example plugin and, on
// the call that does harm, runs HARM first.
#define ENDING_PLUGIN(name)                                                                                       \
  static void name##_harm();                                                                                      \
  extern "C" __attribute__((visibility("default"))) size_t name(const char* puzzle, size_t limit, uint32_t flags, \
                                                                char* solution, size_t* guesses) {                \
    if (harm_now()) name##_harm();                                                                                \
    return solve(puzzle, limit, flags, solution, guesses);                                                        \
  }                                                                                                               \
  static void name##_harm()

// exit(0): the process ends "successfully" from inside a solver call.
ENDING_PLUGIN(exits) { std::exit(0); }

// _exit(3): no exit handler runs.
ENDING_PLUGIN(quick_exits) { _exit(3); }

// A thread of its own that crashes 0.2 s later, outside any call the harness guards.
ENDING_PLUGIN(crashes_later) {
  std::thread([] {
    usleep(200000);
    raise(SIGSEGV);
  }).detach();
}

// SIGKILL, as the out-of-memory killer sends it.
ENDING_PLUGIN(killed) { raise(SIGKILL); }

// Blocks every signal on its thread and never returns: deaf to the stop the watchdog sends.
ENDING_PLUGIN(deaf) {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, nullptr);
  for (;;) usleep(1000);
}

// Changes the working directory, then goes on answering (should chdir fail, it aborts: the probe
// fails rather than pass without the harm).
ENDING_PLUGIN(moves) {
  if (chdir("/") != 0) std::abort();
}

// Leaves a process behind: a child that sleeps, in a process group of its own.
ENDING_PLUGIN(leaves_a_child) {
  if (fork() == 0) {
    setpgid(0, 0);
    execlp("sleep", "sleep", "77", static_cast<char*>(nullptr));
    _exit(127);
  }
}

// Forks a child that never execs, in a session of its own: it holds whatever the process had open.
ENDING_PLUGIN(forks_a_sleeper) {
  if (fork() == 0) {
    setsid();
    for (int i = 0; i < 79; ++i) sleep(1);
    _exit(0);
  }
}

// Writes to standard output, which the supervisor keeps for the table and `--json -`.
ENDING_PLUGIN(prints) {
  for (int i = 0; i < 100; ++i) std::printf("not a report\n");
}

// Stops its own process (SIGSTOP), as a debugging print gone wrong might.
ENDING_PLUGIN(stops) { raise(SIGSTOP); }

// Lowers its own process's limit of open files to 3 (standard input, output and error): the next
// file the harness opens fails, and the cause is this process's limit, not that file.
ENDING_PLUGIN(lowers_nofile) {
  const rlimit three{3, 3};
  setrlimit(RLIMIT_NOFILE, &three);
}

// Sends SIGTERM to its own process: no user asked to stop, so it is the solver's fault.
ENDING_PLUGIN(raises_sigterm) { raise(SIGTERM); }

// Forks, and both processes go on answering: the copy of the harness must write nothing twice and
// be ended with the command.
ENDING_PLUGIN(forks_and_returns) { fork(); }

// Writes 10 MB to standard output, which holds answers or a report alone.
ENDING_PLUGIN(floods_stdout) {
  static char junk[1 << 20];
  for (char& c : junk) c = 'x';
  for (int i = 0; i < 10; ++i) fwrite(junk, 1, sizeof junk, stdout);
  fflush(stdout);
}

// Overflows a heap block and frees it: glibc (or ASan) aborts the process, outside any guard's reach.
ENDING_PLUGIN(overflows_the_heap) {
  auto* volatile block = static_cast<char*>(malloc(16));
  for (int i = 0; i < 64; ++i) block[i] = 'x';
  free(block);
  abort();  // should glibc not notice
}

// ---- resume_and_truth (issue 63: --resume that only adds, outputs that are true) ----

// Sleeps ENDING_SLEEP_MS (default 50) in every call, then answers as the example plugin: a pass slow
// enough that a probe changes its input while it is measured. Its first call makes the file
// ENDING_MARK names, so that the probe waits for the pass rather than guess its start.
extern "C" __attribute__((visibility("default"))) size_t sleeps_each_call(const char* puzzle, size_t limit,
                                                                          uint32_t flags, char* solution,
                                                                          size_t* guesses) {
  static const long ms = [] {
    const char* text = std::getenv("ENDING_SLEEP_MS");
    return text ? std::atol(text) : 50L;
  }();
  if (calls.fetch_add(1) == 0)
    if (const char* mark = std::getenv("ENDING_MARK")) close(open(mark, O_CREAT | O_WRONLY, 0644));
  usleep(static_cast<useconds_t>(ms) * 1000);
  return solve(puzzle, limit, flags, solution, guesses);
}

// ---- ab and hunt under a supervisor (issue 63, tests/adversarial/ab_hunt_supervisor_test.sh) ----

// Puts back SIGSEGV's default action, as a plugin that installs a handler of its own and falls
// through to it, then crashes: the harness's guard never sees the crash (a raw 139 without a supervisor).
ENDING_PLUGIN(crashes_past_the_guard) {
  signal(SIGSEGV, SIG_DFL);
  raise(SIGSEGV);
}

// ---- ending_signals (issue 63: every catchable signal survived, nothing left behind) ----

// Ignores SIGHUP from its first call on, as a solver may (the supervisor's measuring child once
// took SIGHUP for its parent's death, and outlived a SIGKILL of sudoku-bench with it), and takes
// 50 ms a call: top95 takes it 5 s a pass, time enough to kill, stop or signal the run during one.
// Its first call makes the ENDING_MARK file, so a probe acts once the pass is under way.
extern "C" __attribute__((visibility("default"))) size_t ignores_hangup(const char* puzzle, size_t limit,
                                                                        uint32_t flags, char* solution,
                                                                        size_t* guesses) {
  static const bool ignoring = [] {
    signal(SIGHUP, SIG_IGN);
    if (const char* mark = std::getenv("ENDING_MARK")) close(open(mark, O_CREAT | O_WRONLY, 0644));
    return true;
  }();
  (void)ignoring;
  usleep(50000);
  return solve(puzzle, limit, flags, solution, guesses);
}
