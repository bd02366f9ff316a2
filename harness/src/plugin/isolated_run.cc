#include "plugin/isolated_run.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <vector>

#include "plugin/call_guard.h"
#include "plugin/child_groups.h"
#include "plugin/stop_signals.h"
#include "sys/child_process.h"

namespace sudoku_bench::plugin {
namespace {

// The child's own pid: a copy that the work forks (and that returns into it) writes nothing.
pid_t owner = 0;

// Messages on the pipe: 'P' + text + '\n' for progress, 'R' + text to the end for the result.
void write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// A sanitizer build runs the plugin's code and the harness's tens of times slower: a limit meant
// to tell a hang from a slow answer is stretched as much.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kTimeScale = 20;
#else
constexpr int kTimeScale = 1;
#endif

}  // namespace

void ChildReport::progress(const std::string& what) const {
  if (getpid() == owner) write_all(fd_, "P" + what + "\n");
}

namespace {

bool interrupted() {
  const std::atomic<bool>* flag = interrupt_flag();
  return flag && flag->load(std::memory_order_acquire);
}

enum class Wait { closed, timed_out, interrupted };

// Reads what the child writes until it closes its end or has exited (`status` then holds how: a
// process it forked, in a session of its own, may hold the pipe on), `deadline` passes or the
// interrupt flag is set. The signal that sets it interrupts poll (the CLI's handlers have no
// SA_RESTART); the tenth of a second bounds the wait when it came just before poll began.
Wait receive_until(int fd, pid_t child, std::chrono::steady_clock::time_point deadline, std::string& received,
                   std::optional<int>& status) {
  for (;;) {
    if (interrupted()) return Wait::interrupted;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return Wait::timed_out;
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 100)));
    if (const std::optional<int> s = ready <= 0 ? sys::poll_child(child) : std::nullopt) {
      if (WIFSTOPPED(*s)) {  // a plugin that stopped its own process: continued, as run's supervisor does
        kill(child, SIGCONT);
        continue;
      }
      status = s;
      for (char rest[4096]; poll(&p, 1, 0) > 0;) {  // what it wrote before it ended
        const ssize_t n = read(fd, rest, sizeof rest);
        if (n <= 0) break;
        received.append(rest, static_cast<std::size_t>(n));
      }
      return Wait::closed;
    }
    if (ready <= 0) continue;
    char buffer[4096];
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Wait::closed;  // the child is done, one way or another
    received.append(buffer, static_cast<std::size_t>(n));
  }
}

// Splits what came: progress lines, then perhaps a result.
void split_received(const std::string& received, IsolatedResult& result) {
  for (std::size_t at = 0; at < received.size();) {
    if (received[at] == 'R') {
      result.value = received.substr(at + 1);
      break;
    }
    const auto end = received.find('\n', at);
    if (end == std::string::npos) break;
    if (received[at] == 'S')
      result.signalled_itself = true;
    else
      result.last_step = received.substr(at + 1, end - at - 1);
    at = end + 1;
  }
}

IsolatedResult crashed(const char* why) {
  IsolatedResult result;
  result.ending = IsolatedResult::Ending::crashed;
  result.value = why;
  return result;
}

// In the child, first thing: it dies with the thread that forked it, even one killed by SIGKILL,
// which runs no code that could kill it (a rule's child once spun at full CPU for 8 minutes after
// its parent's death). SIGKILL, which no plugin can block or ignore (a SIGHUP here was outlived by
// a plugin that ignored it); the exec: programs it started are ended by the janitor
// (run/descendants.h) when sudoku-bench ends. A parent that died before the request was made is
// seen as a new parent.
void die_with(pid_t parent) {
  if (!sys::die_with_parent(parent, SIGKILL)) _exit(127);
}

// A stop signal (plugin/stop_signals.h) in the child comes from the work itself (the child leads a process group of
// its own: no terminal's signal reaches it, and the parent ends it with SIGKILL): noted, never
// passed on to anyone as the inherited handler would.
std::atomic<bool> signalled_itself{false};
extern "C" void on_own_signal(int) { signalled_itself.store(true, std::memory_order_relaxed); }

void note_own_signals() {
  struct sigaction noted {};
  noted.sa_handler = on_own_signal;
  sigemptyset(&noted.sa_mask);
  for (const int signal : kStopSignals) sigaction(signal, &noted, nullptr);
}

// The children of process `pid`, any thread's, from /proc.
std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> children;
  const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  DIR* dir = opendir(tasks.c_str());
  if (!dir) return children;
  while (const dirent* task = readdir(dir)) {
    if (task->d_name[0] == '.') continue;
    std::ifstream in(tasks + "/" + task->d_name + "/children");
    for (pid_t child; in >> child;) children.push_back(child);
  }
  closedir(dir);
  return children;
}

// Every process below `pid`, killed with its process group (but `pid`'s own and this process's).
// The rule's child is a subreaper: what its exec: programs orphan (a daemon that left with setsid,
// which no group kill reaches) stays below it until this finds it.
void kill_below(pid_t pid) {
  const pid_t spared[] = {getpgid(pid), getpgrp()};
  for (int round = 0; round < 3; ++round) {  // what forked while the first were killed
    std::vector<pid_t> below = children_of(pid);
    for (std::size_t i = 0; i < below.size() && below.size() < 4096; ++i) {
      const std::vector<pid_t> more = children_of(below[i]);
      below.insert(below.end(), more.begin(), more.end());
    }
    if (below.empty()) return;
    for (const pid_t p : below) {
      const pid_t group = getpgid(p);
      if (group > 0 && group != spared[0] && group != spared[1]) kill(-group, SIGKILL);
      kill(p, SIGKILL);
    }
  }
}

[[noreturn]] void run_child(const std::function<std::string(const ChildReport&)>& work, int fds[2], pid_t parent) {
  forget_all_groups();  // the parent's exec: programs are the parent's
  die_with(parent);
  prctl(PR_SET_CHILD_SUBREAPER, 1);  // what the work's programs orphan stays below: kill_below finds it
  note_own_signals();
  setpgid(0, 0);
  owner = getpid();
  close(fds[0]);
  // A plugin's prints are kept out of check-plugin's report, which is the parent's standard output.
  if (const int null = open("/dev/null", O_WRONLY | O_CLOEXEC); null >= 0) {
    dup2(null, STDOUT_FILENO);
    close(null);
  }
  std::string value;
  try {
    value = work(ChildReport(fds[1]));
  } catch (const std::exception& e) {
    value = std::string("threw: ") + e.what();
  }
  if (getpid() != owner) _exit(0);  // a copy forked by the work: its result is not the check's
  if (signalled_itself.load(std::memory_order_relaxed)) write_all(fds[1], "S\n");
  write_all(fds[1], "R" + value);
  kill_all_groups();     // the exec: programs the work started, in groups of their own
  kill_below(getpid());  // and what they left running outside them (setsid)
  _exit(0);              // no atexit handlers, no static destructors: they belong to the parent
}

}  // namespace

IsolatedResult run_isolated(const std::function<std::string(const ChildReport&)>& work,
                            std::chrono::milliseconds limit) {
  limit *= kTimeScale;
  IsolatedResult result;
  if (interrupted()) {
    result.ending = IsolatedResult::Ending::interrupted;
    return result;
  }
  int fds[2];
  // Close-on-exec: a program the child starts must not hold the pipe open after the child ended.
  if (pipe2(fds, O_CLOEXEC) != 0) return crashed("cannot make a pipe");
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t parent = getpid();
  const pid_t child = fork();
  // The child leads a process group of its own (set on both sides: whichever runs first), so that
  // what it starts (an exec: program, a plugin's helper) is killed with it, never outliving the work.
  if (child > 0) setpgid(child, child);
  if (child == 0) run_child(work, fds, parent);
  close(fds[1]);
  if (child < 0) {
    close(fds[0]);
    return crashed("cannot fork");
  }
  std::string received;
  std::optional<int> reaped;
  const Wait wait = receive_until(fds[0], child, std::chrono::steady_clock::now() + limit, received, reaped);
  close(fds[0]);
  // Hung or interrupted, the child never ends the exec: programs it started (in process groups of
  // their own that the kill of its group does not reach) nor what they orphaned below it: found
  // from /proc and killed here, whatever the child's state.
  if (wait != Wait::closed) kill_below(child);
  // The child when it hangs, and whatever it started and left running, before the child is reaped:
  // until then no other process can take its id as a group's. Once the child has closed the pipe
  // it is exiting, and the signal no longer changes how it ended.
  kill(-child, SIGKILL);
  const int status = reaped ? *reaped : sys::wait_child(child).value_or(0);
  split_received(received, result);
  if (wait != Wait::closed) {
    result.ending = wait == Wait::timed_out ? IsolatedResult::Ending::timed_out : IsolatedResult::Ending::interrupted;
  } else if (WIFSIGNALED(status)) {
    result.ending = IsolatedResult::Ending::crashed;
    result.signal = WTERMSIG(status);
  } else if (WIFEXITED(status)) {
    result.exit_status = WEXITSTATUS(status);
  }
  return result;
}

}  // namespace sudoku_bench::plugin
