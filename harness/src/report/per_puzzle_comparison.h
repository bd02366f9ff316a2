// compare --per-puzzle: two solvers (or builds) puzzle by puzzle. Each side's rows (run
// --per-puzzle) are paired by (dataset, line); repeated rows of a puzzle (thread counts,
// repetitions) count once, at their median. The test is paired: each puzzle is its own control,
// so the puzzle-to-puzzle spread, which is far wider than any change, drops out.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "stats/signed_rank.h"

namespace sudoku_bench {

// One row of a per-puzzle file that solved a puzzle (outcome unique, multiple or none) and was timed.
struct PuzzleRow {
  std::uint64_t line = 0;
  double latency_ns = 0;
  std::optional<double> nodes;  // not every solver reports its tree size
};

// A side's rows of one dataset.
struct DatasetRows {
  std::string file;  // the path the rows name, for pointing at puzzles
  std::vector<PuzzleRow> rows;
  std::uint64_t skipped = 0;  // rows not timed or not solved (invalid, aborted, wrong), left out
};

using PerPuzzleSide = std::map<std::string, DatasetRows>;  // by dataset

struct PerPuzzleOptions {
  double alpha = 0.05;         // significance level of the signed-rank test
  double max_slowdown = 0.05;  // median per-puzzle ratio above 1 + this, with p < alpha: slower
  std::size_t show = 10;       // the puzzles that got most slower, per dataset
};

struct SlowedPuzzle {
  std::uint64_t line = 0;
  double base_ns = 0, current_ns = 0;
};

struct DatasetComparison {
  std::string dataset, file;
  std::size_t pairs = 0, only_base = 0, only_current = 0;
  std::size_t base_faster = 0, current_faster = 0;       // by latency; the rest tie
  std::optional<std::size_t> base_fewer, current_fewer;  // by nodes, when both sides report them
  SignedRankResult test;                                 // on log(current / base) of each pair: positive means slower
  MedianInterval ratio;                                  // of current / base, per puzzle, 95%
  std::vector<SlowedPuzzle> most_slowed;
  bool slower = false;
};

// Datasets in both sides, in name order; `only` receives the names of those in one side only.
std::vector<DatasetComparison> compare_per_puzzle(PerPuzzleSide base, PerPuzzleSide current,
                                                  const PerPuzzleOptions& options, std::vector<std::string>& only);

}  // namespace sudoku_bench
