// `sudoku-bench compare BASE.json NEW.json`: the performance-regression check.
#pragma once

#include <cstdio>
#include <string>

#include "report/comparison.h"
#include "report/comparison_formats.h"

namespace sudoku_bench {

struct CompareCommand {
  std::string base_path, current_path;
  CompareOptions options;
  bool allow_context_mismatch = false;
  // --drop-disturbed: leave out the passes the machine disturbed (runs[].noise.disturbed).
  bool drop_disturbed = false;
  // --per-puzzle: the two files are run --per-puzzle CSVs, compared puzzle by puzzle.
  bool per_puzzle = false;
  // --strict: a time change that "cannot tell" (comparison.h: PairComparison::doubt) in the slower
  // direction exits 1, as SLOWER does.
  bool strict = false;
  std::size_t show = 10;  // the puzzles that got most slower, per (dataset, solver, threads)
  // --format: what goes to `out` (reports only; --per-puzzle prints text). Notes and refusals go to
  // `err` whatever the format.
  CompareFormat format = CompareFormat::text;

  bool operator==(const CompareCommand&) const = default;
};

// Prints the table to `out`, refusals and notes to `err`. Returns 0 when no pair is slower,
// 1 when one is (time: by more than max_slowdown, with p < alpha, and not in doubt of the reports'
// noise; instructions: by more than Judging::threshold(true)), and with strict when a pair that grew
// cannot be told; 2 when the reports are not comparable (different context without
// allow_context_mismatch, time against instructions, other counters, or no pair in common), 3 when
// a file cannot be read or is not a report.
// With per_puzzle: rows pair by (dataset, solver, threads, file, line), a puzzle's repetitions at
// their median; 0 when no (dataset, solver, threads) is slower, 1 when one is (median per-puzzle
// ratio above 1 + max_slowdown with a signed-rank p < alpha), 2 when there is nothing to compare (a
// file without rows, or no puzzle timed and solved in both), 3 when a file cannot be read or a row
// is malformed ("FILE:LINE: column NAME: 'VALUE' is not ...").
int compare_command(const CompareCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
