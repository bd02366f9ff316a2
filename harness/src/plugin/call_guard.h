// Calls into a user's solver that cannot take the harness down with them. A plugin that crashes
// (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, a stack overflow) or lets a C++ exception escape is
// stopped where it failed: the signal handler jumps back to the call's guard, and the call ends in
// a SolverFault that names the plugin and the signal. A call that runs long is named on stderr by a
// watchdog thread while it runs, and one still running when the run is interrupted (SIGINT,
// SIGTERM) is stopped the same way, so that the harness can write what it measured.
//
// Why in-process: a supervisor process would cost a pipe round trip per puzzle. What it costs
// instead: a plugin stopped mid-call may have left its own state (and, if it crashed inside
// malloc, the allocator's) broken, so a faulted instance is never called again and the pass ends.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csetjmp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace sudoku_bench::plugin {

// A solver call that did not return normally. what() names solver and cause, and the record once
// the pipeline knows its line (located()).
class SolverFault : public std::runtime_error {
 public:
  SolverFault(std::string solver, std::string cause, int signal, bool interrupted = false, std::string where = {})
      : std::runtime_error(solver + " " + cause + (where.empty() ? std::string() : " (record " + where + ")")),
        solver_(std::move(solver)),
        cause_(std::move(cause)),
        signal_(signal),
        interrupted_(interrupted) {}
  const std::string& cause() const { return cause_; }
  int signal() const { return signal_; }  // 0 for an exception
  // Stopped because the run was interrupted, not because the solver failed.
  bool interrupted() const { return interrupted_; }
  // The same fault, named with its record (FILE:LINE).
  SolverFault located(const std::string& where) const {
    SolverFault f{solver_, cause_, signal_, interrupted_, where};
    f.batch_index_ = batch_index_;
    return f;
  }
  // Raised while a batch of puzzles was handed over (an exec: program): the place in the batch of
  // the puzzle it came at, so that the record named is that puzzle's, not the batch's first.
  SolverFault in_batch(std::size_t index) const {
    SolverFault f = *this;
    f.batch_index_ = index;
    return f;
  }
  std::optional<std::size_t> batch_index() const { return batch_index_; }

 private:
  std::string solver_, cause_;
  int signal_;
  bool interrupted_;
  std::optional<std::size_t> batch_index_;
};

// "SIGSEGV (segmentation fault)" and the like.
std::string signal_description(int signal);

// The flag whose setting stops calls still running (the CLI's SIGINT/SIGTERM flag), and how long
// a call may run before the watchdog names it. Process-wide, like signals; set before solving.
void set_interrupt_flag(const std::atomic<bool>* flag);
void set_slow_call_report(std::chrono::milliseconds after);
// "SOLVER was solving PUZZLE" for each guarded call running now, joined by "; " (for a process
// that is exiting from inside one: run/supervisor.h); "" when none, or when it cannot tell at once.
std::string calls_in_progress();
// As set (null, 10 s when never set): for solvers that wait on their own (exec:).
const std::atomic<bool>* interrupt_flag();
std::chrono::milliseconds slow_call_report_after();
// The report time for a time limit: 10 s, or 10 times the limit when that is longer.
template <typename Options>
std::chrono::milliseconds slow_call_report(const Options& solve) {
  const auto limit = std::chrono::duration_cast<std::chrono::milliseconds>(solve.time_limit);
  return std::max(std::chrono::milliseconds(10000), 10 * limit);
}

// The watchdog's view of a thread's current call, and where its handler jumps back to.
struct CallSlot {
  sigjmp_buf jump;
  // Odd while a call runs, even between calls: the watchdog sees a call that does not move.
  std::atomic<std::uint64_t> calls{0};
  std::atomic<int> signal{0};  // set by the handler before it jumps
  // What the call is given and who makes it, for the watchdog's message. Atomic: the next call
  // sets them while the watchdog may read; a guard that goes clears them under the registry's lock.
  std::atomic<const char*> puzzle{nullptr};
  std::atomic<const std::string*> solver{nullptr};
};

// One thread's guarded calls. Make one per solver instance; call() from one thread at a time.
// Costs per call: a sigsetjmp without the signal mask and two relaxed counter updates.
class CallGuard {
 public:
  explicit CallGuard(std::string solver);
  ~CallGuard();
  CallGuard(const CallGuard&) = delete;
  CallGuard& operator=(const CallGuard&) = delete;

  // Runs fn() (a call into the plugin, `puzzle` the NUL-terminated text it is given, shown by the
  // watchdog); throws SolverFault when it crashed, threw or was stopped. After a fault, every later
  // call throws at once.
  template <typename Fn>
  auto call(const char* puzzle, Fn&& fn) -> decltype(fn()) {
    if (faulted_) throw_fault();
    CallSlot& slot = enter(puzzle);
    // The jump target must live in this frame: the handler jumps back here, past the plugin's frames.
    if (sigsetjmp(slot.jump, 0) != 0) {
      leave(slot);
      throw_fault();
    }
    try {
      auto result = fn();
      leave(slot);
      return result;
    } catch (...) {
      leave(slot);
      record_exception();
      throw_fault();
    }
  }

 private:
  CallSlot& enter(const char* puzzle);
  void leave(CallSlot& slot);
  void record_exception();
  [[noreturn]] void throw_fault();

  std::string solver_;
  bool faulted_ = false;
  std::string cause_;
  int signal_ = 0;
  bool interrupted_ = false;
};

}  // namespace sudoku_bench::plugin
