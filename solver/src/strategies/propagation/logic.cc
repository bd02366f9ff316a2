// The rules a human solver tries first (naked singles, hidden singles, locked candidates in both
// directions, naked pairs) until none applies, then MRV branching (from 16x16 up: the fewest
// candidates per failure weight), ascending digits, with the rules applied again at every node. It
// shares its engine with `norvig`; up to 9x9 it differs from norvig:ac+dual+pairs by locked
// candidates alone, so the two together measure what that rule buys (norvig:ac+dual+pairs,var=wdeg
// is its partner from 16x16 up).
#include "strategies/propagation/logic.h"

#include "strategies/propagation/propagation.h"

namespace sudoku::detail {

std::unique_ptr<SolverFactory> make_logic_factory() {
  PropagationConfig config;
  config.rules = {.naked_singles = true, .hidden_singles = true, .naked_pairs = true, .locked_candidates = true};
  config.cell_order = CellOrder::mrv;
  config.large_grid_cell_order = CellOrder::weighted;
  config.digit_order = DigitOrder::ascending;
  return make_propagation_factory("logic", config);
}

}  // namespace sudoku::detail
