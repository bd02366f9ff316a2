// Naive backtracking, the textbook baseline: fill the blank cells in row-major order, trying the
// digits that the cell's row, column and box do not hold yet, in ascending order. Occupancy masks
// per row, column and box make each validity check constant-time; there is no propagation, so the
// tree is as large as the givens allow and hard puzzles need SolveOptions::max_nodes.
#include "strategies/backtrack.h"

#include <array>

#include "strategies/geometry.h"
#include "strategies/per_size.h"
#include "strategies/search_tally.h"

namespace sudoku::detail {
namespace {

struct NoConfig {};

template <int B>
class BacktrackEngine {
  using G = Geometry<B>;
  using Mask = typename G::Mask;

 public:
  explicit BacktrackEngine(NoConfig) {}

  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) {
    tally_.start(options, solution);
    if (load(puzzle)) search();
    return tally_.result();
  }

 private:
  // False when two givens clash: then the root is the only node and there is no solution.
  bool load(const Grid& puzzle) {
    rows_.fill(0);
    cols_.fill(0);
    boxes_.fill(0);
    blanks_ = 0;
    for (int cell = 0; cell < G::kCells; ++cell) {
      value_[cell] = puzzle.cells[cell];
      if (value_[cell] == 0) {
        blank_[blanks_++] = static_cast<std::uint16_t>(cell);
        continue;
      }
      const Mask bit = static_cast<Mask>(Mask{1} << (value_[cell] - 1));
      if (!(free_at(cell) & bit)) return false;
      occupy(cell, bit);
    }
    return true;
  }

  Mask free_at(int cell) const {
    return static_cast<Mask>(G::kAll & ~(rows_[G::row_of(cell)] | cols_[G::col_of(cell)] | boxes_[G::box_of(cell)]));
  }

  // Toggles `bit` in the cell's three units: occupies a free digit, or frees an occupied one.
  void occupy(int cell, Mask bit) {
    rows_[G::row_of(cell)] ^= bit;
    cols_[G::col_of(cell)] ^= bit;
    boxes_[G::box_of(cell)] ^= bit;
  }

  // Iterative, so that 2,401 blanks need no deep recursion. Depth d is the d-th blank; its cell holds
  // the digit being explored below it, or 0 once that subtree is done.
  void search() {
    if (blanks_ == 0) {
      tally_.found(B, value_.data());
      return;
    }
    int depth = 0;
    untried_[0] = free_at(blank_[0]);
    while (depth >= 0) {
      const int cell = blank_[depth];
      if (value_[cell]) {  // back from the subtree below this digit
        occupy(cell, static_cast<Mask>(Mask{1} << (value_[cell] - 1)));
        value_[cell] = 0;
      }
      Mask& untried = untried_[depth];
      if (!untried) {
        --depth;
        continue;
      }
      const Mask bit = lowest_bit(untried);
      untried = static_cast<Mask>(untried ^ bit);
      if (!tally_.enter_child(untried != 0)) return;
      occupy(cell, bit);
      value_[cell] = static_cast<std::uint8_t>(digit_of(bit));
      if (depth + 1 == blanks_) {
        tally_.found(B, value_.data());
        if (tally_.done()) return;
        continue;
      }
      ++depth;
      untried_[depth] = free_at(blank_[depth]);
    }
  }

  std::array<Mask, G::kSide> rows_{}, cols_{}, boxes_{};  // digits present in each unit
  std::array<std::uint8_t, G::kCells> value_{};
  std::array<std::uint16_t, G::kCells> blank_{};  // the blank cells, row-major
  std::array<Mask, G::kCells> untried_{};         // per depth: digits not yet tried there
  int blanks_ = 0;
  SearchTally tally_;
};

using BacktrackSolver = PerSizeSolver<BacktrackEngine, NoConfig, 2, 3, 4, 5, 6, 7>;

}  // namespace

std::unique_ptr<SolverFactory> make_backtrack_factory() {
  return std::make_unique<PerSizeFactory<BacktrackSolver, NoConfig>>("backtrack", NoConfig{});
}

}  // namespace sudoku::detail
