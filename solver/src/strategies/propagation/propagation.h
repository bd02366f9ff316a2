// The engine behind `norvig` and `logic`: candidate sets per cell, a selectable set of elimination
// rules run to a fixpoint at every node, and a tree search with selectable cell and digit orders.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "sudoku/solver.h"

namespace sudoku::detail {

// Each rule only removes candidates, so the fixpoint (and therefore every node and guess count)
// does not depend on the order in which rules fire.
struct Rules {
  // With no rule at all this is forward checking: an assigned digit leaves its peers' candidates,
  // and a cell left with one candidate waits for the search to branch on it.
  bool naked_singles = false;      // a cell with one candidate is assigned (Norvig's first rule)
  bool hidden_singles = false;     // a digit with one place in a unit goes there (his second rule)
  bool naked_pairs = false;        // two cells of a unit with the same two candidates own them
  bool locked_candidates = false;  // a digit confined to a box-line intersection in one of the two
                                   // units leaves the rest of the other (pointing and claiming)

  bool operator==(const Rules&) const = default;
};

// Branch cell: the first blank; the fewest candidates; any; or the fewest candidates per failure
// weight of the cell's units (dom/wdeg, strategies/failure_weights.h), so the search turns to the
// units where its guesses keep failing.
enum class CellOrder { first, mrv, random, weighted };
enum class DigitOrder { ascending, random, least_constraining };  // order of its candidates

struct PropagationConfig {
  Rules rules;
  CellOrder cell_order = CellOrder::mrv;
  // From 16x16 up, when set, instead of cell_order. Random large grids are heavy tailed under MRV
  // (a wrong early guess, then a huge subtree without a solution); the weights find the units
  // that keep failing (results/README, "Random large grids").
  std::optional<CellOrder> large_grid_cell_order;
  // The weighted order is MRV while a search has fewer nodes than this (its root counts 1), the
  // weights gathering all the while: near-trivial proofs (the generated 36x36 and 49x49 sets: 40-90 nodes) are shortest
  // under MRV's row-major ties, and by then a hard search has failures to steer by. 30 was measured against 0, 10, 100
  // and 1,000 on the bundled 16x16 to 49x49 sets (results/README).
  std::uint64_t weights_after_nodes = 30;
  DigitOrder digit_order = DigitOrder::ascending;
  // With a random order, each solve() draws from a stream seeded by this and the puzzle's hash.
  std::uint64_t seed = 0;
};

// Both serve 4x4 to 49x49.
std::unique_ptr<Solver> make_propagation_solver(const PropagationConfig& config);
std::unique_ptr<SolverFactory> make_propagation_factory(std::string name, const PropagationConfig& config);

}  // namespace sudoku::detail
