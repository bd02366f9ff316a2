// How many records had each outcome. Every record read has exactly one.
#pragma once

#include <cstdint>

#include "sudoku/solver.h"

namespace sudoku_bench {

struct Tally {
  std::uint64_t unique = 0;
  std::uint64_t multiple = 0;
  std::uint64_t none = 0;
  std::uint64_t aborted = 0;
  std::uint64_t invalid = 0;
  // Not outcomes: of the records whose file said what to expect (csv, checks), how many were
  // verified, and how many of those disagreed.
  std::uint64_t checked = 0;
  std::uint64_t check_failed = 0;

  void add(sudoku::Status s) {
    switch (s) {
      case sudoku::Status::unique:
        ++unique;
        break;
      case sudoku::Status::multiple:
        ++multiple;
        break;
      case sudoku::Status::none:
        ++none;
        break;
      case sudoku::Status::aborted:
        ++aborted;
        break;
    }
  }
  Tally& operator+=(const Tally& o) {
    unique += o.unique;
    multiple += o.multiple;
    none += o.none;
    aborted += o.aborted;
    invalid += o.invalid;
    checked += o.checked;
    check_failed += o.check_failed;
    return *this;
  }
  // Puzzles given to the solver: every record but the invalid ones.
  std::uint64_t solved() const { return unique + multiple + none + aborted; }
  std::uint64_t records() const { return solved() + invalid; }
};

}  // namespace sudoku_bench
