// Which records are judged, and --verify's recount of them: one puzzle in `every`, picked by a
// hash of the puzzle (the same ones whatever the threads, the order or the file's layout), and a
// reference strategy that counts those puzzles' solutions again. Outside the timing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "sudoku/grid.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

class Verifier {
 public:
  // `reference` (not owned) recounts, or null for none.
  Verifier(const sudoku::SolverFactory* reference, std::uint64_t every);

  bool recounts() const { return reference_ != nullptr; }
  // Whether `puzzle` is one of the one in `every` judged.
  bool in_sample(const sudoku::Grid& puzzle) const;

  struct Recount {
    bool stopped = false;  // the stop flag aborted the reference's search: no verdict
    std::string wrong;     // how the counts disagree; empty when they agree
  };
  // The reference's count of `puzzle` at `options`' limit (and stop flag) against `solutions`.
  Recount recount(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options, std::uint64_t solutions);

 private:
  const sudoku::SolverFactory* factory_;
  std::unique_ptr<sudoku::Solver> reference_;
  std::uint64_t threshold_;  // a hash below it is in the sample
};

}  // namespace sudoku_bench
