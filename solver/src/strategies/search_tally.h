// The bookkeeping every search strategy shares: node and guess counts as solver.h defines them,
// the node, time and solution limits, and the first solution.
#pragma once

#include <chrono>
#include <cstdint>

#include "sudoku/grid.h"
#include "sudoku/solver.h"

namespace sudoku::detail {

class SearchTally {
 public:
  // Starts a solve: the root is node 1.
  void start(const SolveOptions& options, Grid* solution) {
    result_ = SolveResult{};
    result_.nodes = 1;
    options_ = &options;
    solution_ = solution;
    timed_ = options.time_limit.count() > 0;
    if (timed_) deadline_ = std::chrono::steady_clock::now() + options.time_limit;
  }

  // Call before entering a child of the current node. `guess`: the branch cell still has another
  // untried candidate. False, with `aborted` set, when the node or time limit forbids the child;
  // limits are checked before counting so that `nodes` never exceeds the node limit. The clock is
  // read every 256 nodes only, so an unused time limit costs a predictable branch.
  bool enter_child(bool guess) {
    if ((options_->max_nodes != 0 && result_.nodes >= options_->max_nodes) ||
        (timed_ && (result_.nodes & 255) == 0 && std::chrono::steady_clock::now() >= deadline_)) {
      result_.aborted = true;
      return false;
    }
    ++result_.nodes;
    if (guess) ++result_.guesses;
    return true;
  }

  // A complete, valid assignment: `values` holds the grid's cells, row-major.
  void found(int box, const std::uint8_t* values) {
    if (result_.solutions++ == 0 && solution_) {
      solution_->box = box;
      for (int i = 0; i < solution_->cell_count(); ++i) solution_->cells[i] = values[i];
    }
  }

  // The search must stop: a limit was reached.
  bool done() const { return result_.aborted || result_.solutions >= options_->max_solutions; }

  const SolveResult& result() const { return result_; }

 private:
  SolveResult result_;
  const SolveOptions* options_ = nullptr;
  Grid* solution_ = nullptr;
  bool timed_ = false;
  std::chrono::steady_clock::time_point deadline_{};
};

}  // namespace sudoku::detail
