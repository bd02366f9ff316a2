// What the two supervisors (run's: run/supervisor.h; solve's: run/solve_supervisor.h) share: how
// their child binds itself to the parent and tells it of an exit() from inside a solver, and how
// the parent names the child's end and leaves no process behind.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "run/pass_link.h"

namespace sudoku_bench {

// The parent's side of a supervised child: its link read, the child waited for, a stopped child
// continued, an interrupt passed on to it and the child killed at its deadline, its end named.
class ChildWatch {
 public:
  ChildWatch(pid_t child, int fd) : child_(child), reader_(fd) {}

  // Until the child has ended and been reaped, with whatever it left below this process: each
  // whole frame goes to `take` (exiting and done are noted here too); `stopped` is told of a child
  // stopped by a signal (SIGSTOP), which is then continued.
  void watch(const std::function<void(LinkFrame, std::string&)>& take, const std::function<void(int)>& stopped);

  // It said it finished (done), was not killed, and exited: its status is the command's.
  bool clean() const;
  int exit_status() const;
  // The status of an abnormal end: 3 when the child said the harness itself failed (it ran out of
  // memory), else 4, a solver's fault.
  int fault_status() const;
  pid_t pid() const { return child_; }
  // Kills the child now: its work is of no more use (its output cannot be written).
  void stop();
  // The signal passed on to it (the command was interrupted), 0 when none.
  int signal() const { return signal_; }
  bool exiting() const { return !exiting_.empty(); }
  // How it ended: "exited with status 0: exit() was called while ...", "did not stop within 400 ms
  // of signal 15 (a solver call deaf to it?) and was killed", "was ended by SIGSEGV (...)".
  std::string cause() const;

 private:
  // Why the child is to be killed: a signal not heeded (the stop grace), an exit() said, an end
  // said and the exit still running (the exit grace), a second signal (at once), stop().
  enum class Limit { none, stop, exiting, exit, second, unwanted };

  void escalate(bool open);
  // The deadline becomes `at`, for `why`, unless an earlier one is set.
  void limit(Limit why, std::chrono::steady_clock::time_point at);

  const pid_t child_;
  LinkReader reader_;
  std::string exiting_;
  bool done_ = false, killed_ = false;
  int signal_ = 0, wait_status_ = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  Limit limit_ = Limit::none;
};

// A command under a supervisor: forks (where it can: one process, single-threaded, not an MPI
// rank) and returns `in_child(link)` in the child, `in_parent(watch)` in the parent; else
// `alone()`, the command in this process. The child first binds itself to the parent: it dies
// with it (PR_SET_PDEATHSIG with SIGKILL; what it leaves, the janitor ends: run/descendants.h),
// keeps what its descendants orphan below it, passes a signal it alone gets to the
// parent, tells it of an exit() from inside a solver before `in_child` returns (or throws), and
// writes its standard output to stderr: the parent owns it.
int supervised(std::FILE* out, std::FILE* err, bool supervise, const std::function<int()>& alone,
               const std::function<int(PassLink& link)>& in_child,
               const std::function<int(ChildWatch& watch)>& in_parent);

// The parent's part of every supervised command: its supervisor watches the child to its end,
// then finishes (the table, the reports, what the child could not write) and gives the status.
template <class Supervisor, class... Args>
int watched_by(ChildWatch& watch, Args&&... args) {
  Supervisor supervisor(std::forward<Args>(args)..., watch);
  supervisor.watch();
  return supervisor.finish();
}

}  // namespace sudoku_bench
