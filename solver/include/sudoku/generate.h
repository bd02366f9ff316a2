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
  // A uniqueness check that would need more search nodes than this keeps its given, so the
  // reference solver proves every puzzle unique within this many nodes. 0: no limit.
  std::uint64_t check_nodes = 0;
};

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
