// One thread's way from a record to an outcome, shared by `solve` and `run`: split the record's
// fields by the file's format, parse the puzzle, check the solver supports its size, optionally
// disguise it by a random symmetry, solve, and compare with what the file says to expect.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "sudoku/solver.h"
#include "sudoku/symmetry.h"
#include "stream/chunk.h"

namespace sudoku_bench {

class RecordSolver {
 public:
  // `seed` 0 solves puzzles as given; otherwise each puzzle is solved under the symmetry that
  // (seed, puzzle) picks, which also reaches the solver as SolveOptions::seed.
  RecordSolver(const sudoku::SolverFactory& factory, const sudoku::SolveOptions& options, std::uint64_t seed);

  // Empty when `record` holds a puzzle this solver takes (see puzzle()), else why it is invalid.
  std::string parse(const Chunk& chunk, const Record& record);

  // Solves the puzzle parse() accepted; `solution` (in the puzzle's own orientation) is written
  // when not null and one was found.
  sudoku::SolveResult solve(sudoku::Grid* solution);

  // Whether the record said what to expect (csv and checks files).
  bool has_expectation() const { return expect_invalid_ || expected_count_ || expected_solution_; }
  // After parse() and, for a valid record, solve(): empty when the expectation holds or there is
  // none (or the puzzle was aborted), else the mismatch.
  std::string check(const sudoku::SolveResult* result) const;

  // Counts the check of the record just handled in `tally` and, on a mismatch, appends
  // "FILE:LINE: check failed: …" to `err` when it is not null. `result` is null for an invalid record.
  void tally_check(const sudoku::SolveResult* result, Tally& tally, std::string* err, std::string_view file,
                   std::uint64_t line) const;

  const sudoku::Grid& puzzle() const { return puzzle_; }
  // The record's puzzle as written (its first field in csv and checks files), for echoing.
  std::string_view puzzle_text() const { return puzzle_text_; }

 private:
  std::string parse_expectations(std::string_view count, std::string_view solution, bool has_solution);

  const sudoku::SolverFactory& factory_;
  std::unique_ptr<sudoku::Solver> solver_;
  sudoku::SolveOptions options_;
  std::uint64_t seed_;
  sudoku::Grid puzzle_, disguised_, found_, own_solution_;
  std::string_view puzzle_text_;
  bool solved_one_ = false;
  bool expect_invalid_ = false;
  std::optional<std::uint64_t> expected_count_;
  std::optional<sudoku::Grid> expected_solution_;
};

}  // namespace sudoku_bench
