// One thread's way from a record to an outcome, shared by `solve` and `run`: parse, check the
// solver supports the size, optionally disguise the puzzle by a random symmetry, solve.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "sudoku/solver.h"
#include "sudoku/symmetry.h"
#include "sudoku_bench/chunk.h"

namespace sudoku_bench {

class RecordSolver {
 public:
  // `seed` 0 solves puzzles as given; otherwise each puzzle is solved under the symmetry that
  // (seed, puzzle) picks, which also reaches the solver as SolveOptions::seed.
  RecordSolver(const sudoku::SolverFactory& factory, const sudoku::SolveOptions& options, std::uint64_t seed);

  // Parses `record`: empty when it is a puzzle this solver takes (see puzzle()), else the reason
  // it is invalid.
  std::string parse(const Chunk& chunk, const Record& record);

  // Solves the puzzle parse() accepted; `solution` (in the puzzle's own orientation) is written
  // when not null and one was found.
  sudoku::SolveResult solve(sudoku::Grid* solution);

  const sudoku::Grid& puzzle() const { return puzzle_; }

 private:
  const sudoku::SolverFactory& factory_;
  std::unique_ptr<sudoku::Solver> solver_;
  sudoku::SolveOptions options_;
  std::uint64_t seed_;
  sudoku::Grid puzzle_, disguised_, found_;
};

}  // namespace sudoku_bench
