#include "run/supervision.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "cluster/world.h"
#include "plugin/call_guard.h"
#include "plugin/child_groups.h"
#include "run/descendants.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "stream/output_file.h"
#include "sys/child_process.h"

namespace sudoku_bench {
namespace {

// How long a child has to stop after a signal was passed on (a pass or a solve stops within a tick
// of the stop flag; a sanitizer build runs tens of times slower), to exit once it has said it
// ended, and how often the parent looks.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr auto kSupervisorStopGrace = std::chrono::milliseconds(2500);
#else
constexpr auto kSupervisorStopGrace = std::chrono::milliseconds(400);
#endif
constexpr auto kSupervisorExitGrace = std::chrono::seconds(10);
constexpr int kSupervisorTickMs = 20;

PassLink* child_link = nullptr;
bool child_finished = false;
int slow_exit_ms = 0;  // tests: the child's exit, once it said it ended, takes this long

// How the child says the harness itself failed, which is no solver's fault (status 3, not 4).
constexpr std::string_view kHarnessFailed = "the harness itself ran out of memory or threads";

// What an exception that nothing caught says when it is the harness's own allocation or thread
// start failing (a solver's exceptions are caught at its call): "" for any other.
std::string resource_failure(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::bad_alloc& x) {
    return x.what();
  } catch (const std::system_error& x) {
    if (x.code() == std::errc::resource_unavailable_try_again || x.code() == std::errc::not_enough_memory)
      return x.what();
  } catch (...) {
  }
  return {};
}

// The harness could not get a resource (`what`): said as such, with the address-space limit where
// one is set, instead of a death by SIGABRT taken for a solver's crash.
[[noreturn]] void harness_failed(const std::string& what) {
  std::string why = std::string(kHarnessFailed) + " (" + what + ")";
  if (rlimit r{}; getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
    why += "; its address-space limit (ulimit -v) is " + std::to_string(r.rlim_cur / 1024) + " KiB";
  child_finished = true;
  child_link->exiting(why + ": a resource limit, not the solver's fault");
  _exit(kExitIo);
}

// std::terminate in the child (an exception on a thread of the harness's own).
[[noreturn]] void on_terminate() {
  const std::exception_ptr e = std::current_exception();
  if (const std::string what = e && child_link && !child_finished ? resource_failure(e) : ""; !what.empty())
    harness_failed(what);
  std::abort();
}

// A solver called exit(): the supervisor is told who was solving what.
extern "C" void on_child_exit() {
  if (child_finished || !child_link) return;
  const std::string calls = plugin::calls_in_progress();
  // Its temporary files are the supervisor's to keep (the rows of whole passes) or remove.
  child_link->exiting("exit() was called" + (calls.empty() ? std::string(" by a solver") : " while " + calls));
}

// Whether this process has one thread: a fork copies only the calling one.
bool single_threaded() {
  std::error_code ec;
  auto tasks = std::filesystem::directory_iterator("/proc/self/task", ec);
  return !ec && std::distance(begin(tasks), end(tasks)) == 1;
}

// The process's children, from /proc (the parent is single-threaded: one task).
std::vector<pid_t> children() {
  std::ifstream in("/proc/self/task/" + std::to_string(getpid()) + "/children");
  std::vector<pid_t> pids;
  for (pid_t pid; in >> pid;) pids.push_back(pid);
  return pids;
}

// Kills and reaps every process left below this one (a subreaper): orphans, and the process
// groups of exec: programs.
void sweep_descendants() {
  for (int round = 0; round < 100; ++round) {
    std::vector<pid_t> pids = children();
    std::erase(pids, janitor());  // it outlives this process, to end what a SIGKILL of it leaves
    if (pids.empty()) return;
    for (const pid_t pid : pids) {
      const pid_t group = getpgid(pid);
      if (group > 0 && group != getpgrp()) kill(-group, SIGKILL);
      kill(pid, SIGKILL);
    }
    for (const pid_t pid : pids) sys::wait_child(pid);
  }
}

// "exited with status 3", "was ended by SIGSEGV (segmentation fault)".
std::string wait_cause(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return "was ended by " + plugin::signal_description(signal) +
           (signal == SIGKILL ? " (the out-of-memory killer, or kill -9?)" : "");
  }
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

PassLink& become_supervised(int fd, pid_t parent, std::FILE* out) {
  // SIGKILL, which no solver can block or ignore (a plugin that ignored the SIGHUP once sent here
  // outlived its supervisor and wrote --per-puzzle alone); what it leaves, the janitor ends
  // (run/descendants.h): its exec: programs, their descendants and the temporary files.
  if (!sys::die_with_parent(parent, SIGKILL)) _exit(kExitInterrupted + SIGKILL);  // it had died already
  prctl(PR_SET_CHILD_SUBREAPER, 1);  // what its descendants orphan stays below it, for the sweep
  tell_of_interrupts(parent);        // a signal sent to the child alone starts the parent's deadline too
  same_request_from(parent);         // and the parent's, passed on, is the request the child had
  child_link = new PassLink(fd);     // kept for the exit handler
  std::atexit(on_child_exit);
  std::set_terminate(on_terminate);
  // For the signals probe: a child that a loaded machine runs late takes its signals late, and
  // takes long to exit once it said it ended.
  if (const char* late = std::getenv("SUDOKU_BENCH_TEST_LATE_SIGNAL_MS")) take_signals_late(std::atoi(late));
  if (const char* slow = std::getenv("SUDOKU_BENCH_TEST_SLOW_EXIT_MS")) slow_exit_ms = std::atoi(slow);
  // The supervisor owns standard output: what a solver prints goes to stderr. An output named
  // /dev/stdout is still judged, and written, as the standard output the command was given.
  std::fflush(out);
  if (const int kept = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3); kept >= 0) OutputFile::keep_standard_output(kept);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  return *child_link;
}

void supervised_done(int status) {
  child_finished = true;
  child_link->done(status);
  if (slow_exit_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(slow_exit_ms));
}

}  // namespace

void ChildWatch::watch(const std::function<void(LinkFrame, std::string&)>& take,
                       const std::function<void(int)>& stopped) {
  const auto take_all = [&] {
    while (auto frame = reader_.next()) {
      auto& [type, text] = *frame;
      if (type == LinkFrame::exiting) exiting_ = text;
      if (type == LinkFrame::done) done_ = true;
      take(type, text);
    }
  };
  bool open = true;
  for (;;) {
    open = open ? reader_.read(kSupervisorTickMs) : (usleep(kSupervisorTickMs * 1000), false);
    take_all();
    if (const std::optional<int> status = sys::poll_child(child_)) {
      wait_status_ = *status;
      if (!WIFSTOPPED(wait_status_)) break;
      // A child stopped (a solver that raised SIGSTOP) would wait for ever, its watchdog stopped
      // with it: it is continued, and said.
      stopped(WSTOPSIG(wait_status_));
      kill(child_, SIGCONT);
    }
    escalate(open);
  }
  // What came before it ended: read once, as far as there is (a process it forked may hold the
  // socket open for ever).
  reader_.read(0);
  take_all();
  sweep_descendants();
}

// A signal to this process goes on to the child; a child that has not ended by its deadline
// (after a signal, after saying exit() was called, after saying it ended) is killed.
void ChildWatch::escalate(bool open) {
  const auto now = std::chrono::steady_clock::now();
  if (interrupt_requested().load() && !signal_) {
    signal_ = interrupt_signal() ? interrupt_signal() : SIGTERM;
    kill(child_, signal_);  // the same request to it, if it had the signal too (interrupt.h)
    if (!done_) limit(Limit::stop, now + kSupervisorStopGrace);
  }
  // A child that said it ended has heeded the signal: what is left is its exit (a sanitizer's
  // leak check, a loaded machine), which the exit grace covers from then, not the stop grace.
  if (done_ && limit_ == Limit::stop) {
    deadline_ = now + kSupervisorExitGrace;
    limit_ = Limit::exit;
  }
  if (second_request()) limit(Limit::second, now);  // a second signal: at once
  if (!exiting_.empty()) limit(Limit::exiting, now + kSupervisorStopGrace);
  if (done_ && !open) limit(Limit::exit, now + kSupervisorExitGrace);
  if (deadline_ && now >= *deadline_ && !killed_) {
    kill(child_, SIGKILL);
    killed_ = true;
  }
}

void ChildWatch::limit(Limit why, std::chrono::steady_clock::time_point at) {
  if (deadline_ && *deadline_ <= at) return;
  deadline_ = at;
  limit_ = why;
}

void ChildWatch::stop() {
  if (killed_) return;
  limit_ = Limit::unwanted;
  kill(child_, SIGKILL);
  killed_ = true;
}

bool ChildWatch::clean() const { return done_ && !killed_ && WIFEXITED(wait_status_); }

int ChildWatch::exit_status() const { return WEXITSTATUS(wait_status_); }

int ChildWatch::fault_status() const { return exiting_.starts_with(kHarnessFailed) ? kExitIo : kExitSolverFault; }

std::string ChildWatch::cause() const {
  if (killed_ && signal_ && limit_ == Limit::stop)
    return "did not stop within " + std::to_string(kSupervisorStopGrace.count()) + " ms of signal " +
           std::to_string(signal_) + " (a solver call deaf to it?) and was killed";
  if (killed_ && signal_ && limit_ == Limit::second)
    return "was killed at once on a second signal (the first: " + std::to_string(signal_) + ")";
  if (killed_ && limit_ == Limit::unwanted) return "was killed: what it printed could not be written";
  if (killed_ && limit_ == Limit::exit)
    return "said it had ended" + (signal_ ? " at signal " + std::to_string(signal_) : std::string()) +
           " but did not exit within " + std::to_string(kSupervisorExitGrace.count()) + " s and was killed";
  std::string cause = killed_ && !exiting_.empty() ? "did not finish exiting and was killed" : wait_cause(wait_status_);
  if (!exiting_.empty())
    cause += ": " + exiting_;
  else if (WIFEXITED(wait_status_) && !done_)
    cause += " without finishing (a solver called exit() or _exit()?)";
  return cause;
}

int supervised(std::FILE* out, std::FILE* err, bool supervise, const std::function<int()>& alone,
               const std::function<int(PassLink& link)>& in_child,
               const std::function<int(ChildWatch& watch)>& in_parent) {
  if (!supervise || World::current().size() > 1 || !single_threaded()) return alone();
  int link[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, link) != 0) return alone();
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  std::fflush(out);
  std::fflush(err);
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(link[0]);
    close(link[1]);
    return alone();
  }
  if (child == 0) {
    close(link[0]);
    PassLink& to_parent = become_supervised(link[1], parent, out);
    int status = kExitSolverFault;
    try {
      status = in_child(to_parent);
    } catch (...) {  // a refusal main() names (a plugin that failed to load): said, not an exit() by a solver
      if (const std::string what = resource_failure(std::current_exception()); !what.empty()) harness_failed(what);
      supervised_done(status);
      throw;
    }
    supervised_done(status);
    return status;
  }
  same_request_from(child);  // what the child passes on is the same request, however late
  close(link[1]);
  hold_second_request();
  ChildWatch watch(child, link[0]);
  const int status = in_parent(watch);
  close(link[0]);
  return status;
}

}  // namespace sudoku_bench
