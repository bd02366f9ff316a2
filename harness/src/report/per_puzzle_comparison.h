// compare --per-puzzle: two solvers (or builds) puzzle by puzzle. Each side's rows (run
// --per-puzzle) fall into groups by (dataset, solver, threads, file): the rows of one solver at one
// thread count over the same file. Groups of the same key in both sides are compared; within a
// group, rows pair by line. A puzzle's repetitions are replicates of one condition, not puzzles:
// they count once, at their median, so that a file measured 5 times weighs no more than once
// measured (and its p-value is not made small by counting a puzzle 5 times). Thread counts are
// conditions, not replicates: each is its own group, as compare pairs runs by threads. The test is
// paired: each puzzle is its own control, so the puzzle-to-puzzle spread, which is far wider than
// any change, drops out.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/verdict.h"
#include "stats/signed_rank.h"

namespace sudoku_bench {

// What rows must share to pair: one solver at one thread count over one file of one dataset.
struct PuzzleGroup {
  std::string dataset, solver;
  std::uint64_t threads = 0;
  std::string file;  // the path the rows name, for pointing at puzzles
  auto operator<=>(const PuzzleGroup&) const = default;
  // "top95 fast 1 thread", for messages.
  std::string name() const;
};

// One row of a per-puzzle file that solved a puzzle (outcome unique, multiple, solved or none) and was timed.
struct PuzzleRow {
  std::uint64_t line = 0;
  double latency_ns = 0;
  std::optional<double> nodes;  // not every solver reports its tree size
};

// A side's rows of one group.
struct GroupRows {
  std::vector<PuzzleRow> rows;
  std::uint64_t skipped = 0;  // rows not timed or not solved (invalid, aborted, wrong), left out
  // Rows timed to a first solution (outcome solved: run --limit 1), and to a count of 2 or more
  // (unique, multiple): a side with the one against a side with the other timed different work.
  std::uint64_t first_solutions = 0, counts = 0;
};

using PerPuzzleSide = std::map<PuzzleGroup, GroupRows>;

// A group is slower when its median per-puzzle ratio is above 1 + max_slowdown with a signed-rank
// p < alpha; it is judged on latency, whatever the gate.
struct PerPuzzleOptions : Judging {
  std::size_t show = 10;  // the puzzles that got most slower, per group
};

struct SlowedPuzzle {
  std::uint64_t line = 0;
  double base_ns = 0, current_ns = 0;
};

struct GroupComparison {
  PuzzleGroup group;
  std::size_t pairs = 0, only_base = 0, only_current = 0;  // puzzles (after the median over repetitions)
  std::uint64_t skipped_base = 0, skipped_current = 0;     // rows not timed or not solved
  std::size_t base_faster = 0, current_faster = 0;         // by latency; the rest tie
  std::optional<std::size_t> base_fewer, current_fewer;    // by nodes, when both sides report them
  SignedRankResult test;                                   // on log(current / base) of each pair: positive means slower
  MedianInterval ratio;                                    // of current / base, per puzzle, 95%
  std::vector<SlowedPuzzle> most_slowed;
  Verdict verdict = Verdict::same;
  bool limits_differ = false;  // one side timed first solutions (--limit 1), the other counts
};

struct PerPuzzleComparison {
  std::vector<GroupComparison> groups;               // in both sides, in key order; pairs may be 0
  std::vector<PuzzleGroup> only_base, only_current;  // groups in one side only
};

PerPuzzleComparison compare_per_puzzle(PerPuzzleSide base, PerPuzzleSide current, const PerPuzzleOptions& options);

}  // namespace sudoku_bench
