// Norvig's random puzzles ("Solve Every Sudoku Puzzle", 2006): the experiment that asks how hard
// a puzzle can get when nobody designed it, reproducible from a seed.
#pragma once

#include <cstdint>

#include "sudoku/grid.h"

namespace sudoku {

// The largest box random puzzles are made for: every supported size, up to 49x49.
inline constexpr int kMaxRandomBox = kMaxBox;

struct RandomPuzzleOptions {
  int box = 3;  // kMinBox..kMaxRandomBox
  // The puzzle is complete once this many cells are decided. 0: 17 for 9x9 (the fewest givens a
  // unique 9x9 puzzle can have, Norvig's N), the same share of the cells for other sizes.
  int min_decided = 0;
  // ... and they hold at least this many distinct digits. 0: side - 1 (8 for 9x9), since a
  // puzzle missing two digits can never be unique (the two could swap).
  int min_digits = 0;
};

// Starts with every candidate open, visits the cells in a random order and assigns each a random
// one of its remaining candidates, propagating as Norvig does (a cell left one candidate has that
// digit removed from its peers; a unit left one place for a digit puts it there). An assignment
// that empties a cell or a unit starts over. The puzzle is the decided cells (the rest blank) as
// soon as enough are decided with enough distinct digits. Most are solvable; some have several
// solutions, some none, as Norvig found. The same (options, seed) give the same puzzle everywhere.
// Throws std::invalid_argument when options.box is outside kMinBox..kMaxRandomBox.
Grid random_puzzle(const RandomPuzzleOptions& options, std::uint64_t seed);

}  // namespace sudoku
