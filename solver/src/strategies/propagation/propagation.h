// The engine behind `norvig` and `logic`: candidate sets per cell, a selectable set of elimination
// rules run to a fixpoint at every node, and a tree search with selectable cell and digit orders.
#pragma once

#include <cstdint>
#include <memory>
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

enum class CellOrder { first, mrv, random };                      // branch cell: first blank, fewest candidates, any
enum class DigitOrder { ascending, random, least_constraining };  // order of its candidates

struct PropagationConfig {
  Rules rules;
  CellOrder cell_order = CellOrder::mrv;
  DigitOrder digit_order = DigitOrder::ascending;
  // With a random order, each solve() draws from a stream seeded by this and the puzzle's hash.
  std::uint64_t seed = 0;
};

// Both serve 4x4 to 49x49.
std::unique_ptr<Solver> make_propagation_solver(const PropagationConfig& config);
std::unique_ptr<SolverFactory> make_propagation_factory(std::string name, const PropagationConfig& config);

}  // namespace sudoku::detail
