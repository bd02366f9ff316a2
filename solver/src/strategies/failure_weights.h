// Failure weights (dom/wdeg, Boussemart, Hemery, Lecoutre and Sais, ECAI 2004), kept per unit for
// the N x N searches that branch by them (logic's order, bitmask's ties): each row, column and box
// starts a puzzle at 1 and gains 1 each time propagation fails in it, so that a search can turn to
// where its guesses keep failing.
#pragma once

#include <array>
#include <cstdint>

#include "strategies/geometry.h"

namespace sudoku::detail {

template <int B>
class FailureWeights {
  using G = Geometry<B>;
  static constexpr const G& g = kGeometry<B>;

 public:
  // Every puzzle starts afresh: a tree depends on its puzzle alone.
  void reset() { weight_.fill(1); }

  // A digit with no place left in unit u.
  void fail_unit(int u) { ++weight_[u]; }
  // A cell with no candidate left: all three of its units.
  void fail_cell(int cell) {
    for (int u : g.cell_units[cell]) ++weight_[u];
  }

  // The weights of the cell's row, column and box together.
  std::uint64_t of_cell(int cell) const {
    const auto& units = g.cell_units[cell];
    return std::uint64_t{weight_[units[0]]} + weight_[units[1]] + weight_[units[2]];
  }

 private:
  // 32 bits: a wrap after 4 billion failures would only misguide the order, never a count.
  std::array<std::uint32_t, G::kUnits> weight_{};
};

}  // namespace sudoku::detail
