// The CPU time of the exec: programs (child_groups.h) over a pass: what such a solver spends in
// processes of its own, which the harness's own CPU clock never sees. Read from /proc before and
// after a pass, never during it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <vector>

namespace sudoku_bench::plugin {

class ProgramCpu {
 public:
  // Every process now in one of `groups` (process group ids): its CPU and that of the children
  // it reaped. Reads nothing when there is none (no exec: solver): a built-in strategy pays nothing.
  static ProgramCpu now(const std::vector<pid_t>& groups);

  // The CPU the programs used since `before`: a process seen both times adds what it used
  // between; one that started since, all it used; one gone since, only what a parent in a group
  // reaped of it (the rest is lost with it, and is rare: a program that ends mid-pass is a fault).
  double seconds_since(const ProgramCpu& before) const;

  // Whether any process was in the groups: the pass's CPU counts programs.
  bool any() const { return !processes_.empty(); }

 private:
  struct Process {
    pid_t pid;
    std::uint64_t start_ticks, ticks;
  };
  std::vector<Process> processes_;
};

}  // namespace sudoku_bench::plugin
