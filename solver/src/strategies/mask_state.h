// What bitmask and propagation do alike on their search state: per cell, `cand` (its candidates,
// Geometry<B>::Mask) and `value` (0 while unassigned), and `unsolved`, the cells left.
#pragma once

#include "strategies/geometry.h"

namespace sudoku::detail {

// Every cell with all digits for candidates, none assigned.
template <class G, class State>
void clear_cells(State& s) {
  s.cand.fill(G::kAll);
  s.value.fill(0);
  s.unsolved = G::kCells;
}

// MRV: an unassigned cell with the fewest candidates, the lowest index among ties; the scan stops at
// the first with `fewest_possible` of them. -1 when every cell is assigned.
template <class G, class State>
int fewest_candidates(const State& s, const int& fewest_possible) {
  int best = -1, best_count = G::kSide + 1;
  for (int cell = 0; cell < G::kCells; ++cell) {
    if (s.value[cell]) continue;
    const int count = count_bits(s.cand[cell]);
    if (count < best_count) {
      best = cell;
      best_count = count;
      if (count == fewest_possible) break;
    }
  }
  return best;
}

}  // namespace sudoku::detail
