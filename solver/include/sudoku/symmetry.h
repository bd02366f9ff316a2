// Sudoku symmetries: relabelled digits, rows and columns permuted within bands and stacks, bands
// and stacks permuted, and optionally a transpose. They map puzzles to puzzles with the same
// number of solutions, so a random one defeats puzzles crafted against a fixed search order.
#pragma once

#include <array>
#include <cstdint>

#include "sudoku/grid.h"

namespace sudoku {

struct Symmetry {
  std::array<std::uint8_t, kMaxSide + 1> digit{};  // new digit of each old digit; digit[0] = 0
  std::array<std::uint8_t, kMaxSide> row{};        // new row r is old row row[r]
  std::array<std::uint8_t, kMaxSide> col{};        // new column c is old column col[c]
  bool transpose = false;                          // applied after the permutations
};

// The same (box, seed) always gives the same symmetry.
Symmetry random_symmetry(int box, std::uint64_t seed);

// A seed for `puzzle` derived from `seed` and the puzzle's cells, so that a puzzle gets the same
// symmetry wherever it appears in a file and whichever thread solves it.
std::uint64_t puzzle_seed(std::uint64_t seed, const Grid& puzzle);

Grid apply(const Symmetry& symmetry, const Grid& grid);
// The inverse of apply(): apply(s, undo(s, g)) == g == undo(s, apply(s, g)).
Grid undo(const Symmetry& symmetry, const Grid& grid);
// The same into `out` (not `grid`), writing only its first cell_count() cells: a Grid returned by
// value is 2.4 KB cleared and copied, per puzzle.
void apply(const Symmetry& symmetry, const Grid& grid, Grid& out);
void undo(const Symmetry& symmetry, const Grid& grid, Grid& out);

}  // namespace sudoku
