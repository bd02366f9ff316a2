// How many records had each outcome. Every record read has exactly one.
#pragma once

#include <cstdint>

namespace sudoku_bench {

struct Tally {
  std::uint64_t unique = 0;
  std::uint64_t multiple = 0;
  // At --limit 1: a solution was found, and whether it is the only one was not asked.
  std::uint64_t solved = 0;
  std::uint64_t none = 0;
  std::uint64_t aborted = 0;
  std::uint64_t invalid = 0;
  // The solver answered, and the answer failed the harness's check (a solution that is not one,
  // a count without a solution, a count the reference disagrees with): not counted as its claim.
  std::uint64_t wrong = 0;
  // Not outcomes: of the records whose file said what to expect (csv, checks), how many were
  // verified, and how many of those disagreed.
  std::uint64_t checked = 0;
  std::uint64_t check_failed = 0;

  Tally& operator+=(const Tally& o) {
    unique += o.unique;
    multiple += o.multiple;
    solved += o.solved;
    none += o.none;
    aborted += o.aborted;
    invalid += o.invalid;
    wrong += o.wrong;
    checked += o.checked;
    check_failed += o.check_failed;
    return *this;
  }
  // Puzzles given to the solver: every record but the invalid ones.
  std::uint64_t puzzles() const { return unique + multiple + solved + none + aborted + wrong; }
  // Records that make the exit status 1: nothing to time, or nothing to trust.
  std::uint64_t undecided() const { return invalid + aborted + wrong + check_failed; }
  std::uint64_t records() const { return puzzles() + invalid; }
};

}  // namespace sudoku_bench
