// Runs a piece of work in a child process (fork) with a time limit, so that a plugin that crashes
// or never returns cannot take the caller with it: check-plugin's rules each run this way.
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace sudoku_bench::plugin {

// What the child reports as it goes: `progress` names what it is doing (the puzzle it is about to
// give the plugin), so that a crash or a hang can be named with it.
class ChildReport {
 public:
  explicit ChildReport(int fd) : fd_(fd) {}
  void progress(const std::string& what) const;

 private:
  int fd_;
};

struct IsolatedResult {
  // interrupted: the interrupt flag (call_guard.h) was set, by SIGINT or SIGTERM, before the work ended.
  enum class Ending { returned, crashed, timed_out, interrupted } ending = Ending::returned;
  std::string value;              // what the work returned (ending returned; empty when the child exited without)
  std::string last_step;          // the last progress() before the end
  int signal = 0;                 // what ended the child (ending crashed)
  int exit_status = 0;            // the child's exit status (ending returned)
  bool signalled_itself = false;  // the work sent SIGINT or SIGTERM to its own process (raise())
};

// `work` runs in a forked child, killed after `limit` (20 times that in a sanitizer build) with the
// processes it started (its process group), which are killed when it ends too, and at once when
// the interrupt flag is set (then no child is started at all); call it while no other thread
// holds a lock the child needs. The child also dies with the thread that called this, even one
// killed by SIGKILL (PR_SET_PDEATHSIG): call it from a thread that outlives the work.
IsolatedResult run_isolated(const std::function<std::string(const ChildReport&)>& work,
                            std::chrono::milliseconds limit);

}  // namespace sudoku_bench::plugin
