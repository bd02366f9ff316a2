// Puzzles with exactly one solution, for any supported size, reproducible from a seed.
#pragma once

#include <cstdint>
#include <memory>

#include "sudoku/grid.h"
#include "sudoku/solver.h"

namespace sudoku {

struct GenerateOptions {
  int box = 3;  // kMinBox..kMaxBox
  std::uint64_t seed = 1;
  // Removal stops once this many givens are left. 0: every cell is tried once, which leaves a
  // minimal puzzle (no single given can go) unless check_nodes kept some.
  int min_givens = 0;
  // Not 0: after each removal the whole puzzle's solutions are counted again (bitmask, limit 2),
  // and a count that would need more search nodes than this keeps its given, so the reference
  // solver proves every puzzle unique within this many nodes.
  // 0: each removal is proven instead by showing that no solution puts another digit in the cell
  // (each digit its row, column and box leave open is placed and must have no solution), which
  // searches far smaller trees; the proof's nodes are bounded by default_proof_nodes(box), and
  // one that would need more keeps its given. Either way every puzzle has exactly one solution.
  std::uint64_t check_nodes = 0;
  // False: no proof at all. Cells are blanked in random order until min_givens are left, so a
  // puzzle keeps the solution it was made from and may have others: solvable by construction, the
  // random instances large-grid searches are measured on (proving uniqueness is what costs there).
  bool unique = true;
};

// The node budget of a removal's proof when GenerateOptions::check_nodes is 0: none up to 9x9
// (every given that can go goes: minimal puzzles), 1,000,000 at 16x16, 16 from 25x25, where larger
// budgets cost many times the time for hardly fewer givens (25x25: 274 of 625 at 16 nodes, 271 at
// 2,000 for 40 times the time) and no budget at all would take minutes a puzzle.
std::uint64_t default_proof_nodes(int box);

// Makes a complete grid (a random first row, then the rest filled by a search with random digit
// order), then blanks its cells in random order, keeping each blank only while the puzzle keeps a
// unique solution. Holds its solvers, so one generator makes many puzzles without reallocating.
class PuzzleGenerator {
 public:
  // Throws std::invalid_argument when options.box is not a supported size.
  explicit PuzzleGenerator(const GenerateOptions& options);
  PuzzleGenerator(PuzzleGenerator&&) noexcept;
  PuzzleGenerator& operator=(PuzzleGenerator&&) noexcept;
  ~PuzzleGenerator();

  // Puzzle number `index` of the series the options define: the same options and index give the
  // same puzzle on every run and platform, whatever was generated before.
  Grid make(std::uint64_t index);

 private:
  GenerateOptions options_;
  std::unique_ptr<Solver> filler_;
  std::unique_ptr<Solver> checker_;
};

}  // namespace sudoku
