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
  enum class Ending { returned, crashed, timed_out } ending = Ending::returned;
  std::string value;      // what the work returned (ending returned)
  std::string last_step;  // the last progress() before the end
  int signal = 0;         // what ended the child (ending crashed)
};

// `work` runs in a forked child, killed after `limit` (20 times that in a sanitizer build) with the
// processes it started (its process group), which are killed when it ends too; call it while no
// other thread holds a lock the child needs.
IsolatedResult run_isolated(const std::function<std::string(const ChildReport&)>& work,
                            std::chrono::milliseconds limit);

}  // namespace sudoku_bench::plugin
