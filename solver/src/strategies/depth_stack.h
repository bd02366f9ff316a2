// Search states by depth, for engines that copy the parent's state into the child's.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace sudoku::detail {

// Small grids get every depth up front in one vector (a 9x9 bitmask stack is 25 KB), as before.
// A 49x49 state is 22 KB and a search could reach 2,402 depths, 53 MB per thread that no real
// search touches (they stay a few dozen deep): large grids add blocks of states as the search
// first reaches them and keep them for the next puzzle, so that steady state allocates nothing.
// Blocks never move, so a reference to a shallower state stays valid while deeper ones are added.
template <typename State, int kDepths>
class DepthStack {
  static constexpr bool kWhole = sizeof(State) * static_cast<std::size_t>(kDepths) <= (std::size_t{4} << 20);
  static constexpr int kBlockShift = 3;  // 8 states a block: 180 KB at 49x49
  static constexpr int kBlock = 1 << kBlockShift;

 public:
  DepthStack() {
    if constexpr (kWhole)
      whole_.resize(kDepths);
    else
      blocks_.push_back(std::make_unique<State[]>(kBlock));
  }

  // A depth reached before, or depth 0.
  State& operator[](int depth) {
    if constexpr (kWhole)
      return whole_[static_cast<std::size_t>(depth)];
    else
      return blocks_[static_cast<std::size_t>(depth >> kBlockShift)][depth & (kBlock - 1)];
  }

  // Any depth below kDepths, made on first use.
  State& reach(int depth) {
    if constexpr (!kWhole)
      while (blocks_.size() <= static_cast<std::size_t>(depth >> kBlockShift))
        blocks_.push_back(std::make_unique<State[]>(kBlock));
    return (*this)[depth];
  }

 private:
  std::vector<State> whole_;
  std::vector<std::unique_ptr<State[]>> blocks_;
};

}  // namespace sudoku::detail
