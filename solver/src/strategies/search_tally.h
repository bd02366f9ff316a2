// The bookkeeping every search strategy shares: node and guess counts as solver.h defines them,
// the node, time and solution limits, the stop flag, and the first solution.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <limits>

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
    stop_ = options.stop;
    timed_ = options.time_limit.count() > 0;
    if (timed_) deadline_ = std::chrono::steady_clock::now() + options.time_limit;
    node_limit_ = options.max_nodes != 0 ? options.max_nodes : std::numeric_limits<std::uint64_t>::max();
    next_check_ = polled() ? std::min(node_limit_, kPollEvery) : node_limit_;
  }

  // Call before entering a child of the current node. `guess`: the branch cell still has another
  // untried candidate. False, with `aborted` set, when the node or time limit or the stop flag
  // forbids the child; limits are checked before counting so that `nodes` never exceeds the node
  // limit. Every limit is folded into one node count, next_check_ (the node limit, or the next
  // multiple of 256 when a clock or a stop flag is polled), so that a child costs one predictable
  // branch whatever the options: the clock and the flag are read every 256 nodes only.
  bool enter_child(bool guess) {
    if (result_.nodes >= next_check_) [[unlikely]] {
      if (!may_go_on()) return false;
    }
    ++result_.nodes;
    if (guess) ++result_.guesses;
    return true;
  }

  // Whether found() reads the values of the next solution: the first, with a grid to fill.
  bool wants_values() const { return result_.solutions == 0 && solution_ != nullptr; }

  // A complete, valid assignment: `values` holds the grid's cells, row-major.
  void found(int box, const std::uint8_t* values) {
    const bool wanted = wants_values();
    ++result_.solutions;
    if (wanted) {
      solution_->box = box;
      std::memcpy(solution_->cells.data(), values, static_cast<std::size_t>(solution_->cell_count()));
    }
  }

  // A solution whose values are not wanted (!wants_values()).
  void found_unread() { ++result_.solutions; }

  // The search must stop: a limit was reached.
  bool done() const { return result_.aborted || result_.solutions >= options_->max_solutions; }

  const SolveResult& result() const { return result_; }

 private:
  static constexpr std::uint64_t kPollEvery = 256;

  bool polled() const { return timed_ || stop_ != nullptr; }

  // At next_check_: the node limit, or (when polled) a multiple of 256 nodes, where the flag and
  // the clock are read. False, with `aborted` set, when the search must stop.
  bool may_go_on() {
    if (result_.nodes >= node_limit_ || (stop_ && stop_->load(std::memory_order_relaxed)) ||
        (timed_ && std::chrono::steady_clock::now() >= deadline_)) {
      result_.aborted = true;
      return false;
    }
    next_check_ = std::min(node_limit_, result_.nodes + kPollEvery);
    return true;
  }

  SolveResult result_;
  std::uint64_t next_check_ = 0;  // enter_child looks further at this node count
  std::uint64_t node_limit_ = 0;  // options.max_nodes, or the largest count for none
  const SolveOptions* options_ = nullptr;
  Grid* solution_ = nullptr;
  const std::atomic<bool>* stop_ = nullptr;
  bool timed_ = false;
  std::chrono::steady_clock::time_point deadline_{};
};

}  // namespace sudoku::detail
