// The node and time limits of one solve() call, checked the same way by every strategy.
#pragma once

#include <chrono>
#include <cstdint>

#include "sudoku/solver.h"

namespace sudoku::detail {

class SearchBudget {
 public:
  explicit SearchBudget(const SolveOptions& options)
      : max_nodes_(options.max_nodes), timed_(options.time_limit.count() > 0) {
    if (timed_) deadline_ = std::chrono::steady_clock::now() + options.time_limit;
  }

  // Whether the search may enter another node, having entered `nodes` so far. The clock is read
  // every 256 nodes only, so the budget costs nearly nothing when no limit is set.
  bool allows(std::uint64_t nodes) const {
    if (max_nodes_ != 0 && nodes >= max_nodes_) return false;
    return !timed_ || (nodes & 255) != 0 || std::chrono::steady_clock::now() < deadline_;
  }

 private:
  std::uint64_t max_nodes_;
  bool timed_;
  std::chrono::steady_clock::time_point deadline_{};
};

}  // namespace sudoku::detail
