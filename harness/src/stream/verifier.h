// Which records are judged, and --verify's recount of them: one puzzle in `every`, picked by a
// hash of the puzzle (the same ones whatever the threads, the order or the file's layout), and a
// reference strategy that counts those puzzles' solutions again. Outside the timing, but inside
// the pass's: a solver that leaves its solution unwritten (`run` asks the count alone; tdoku at
// limit 2 writes none even asked) is asked again for one at limit 1 only for one in
// kAskAgainOfJudged of the records judged (all of them when every record is), since its timed
// answer, the count, is judged by the recount: at one in 64, that second solve added a 64th of the
// solver's own time to its pass (1.6%).
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

  static constexpr std::uint64_t kAskAgainOfJudged = 4;

  bool recounts() const { return reference_ != nullptr; }
  // Whether `puzzle` is one of the one in `every` judged (recounted, where the reference
  // recounts), and whether a solution its solver left unwritten is asked for (a part of those,
  // the same whether the reference recounts or not).
  struct Sample {
    bool judged = false;
    bool asks_again = false;
  };
  Sample sample(const sudoku::Grid& puzzle) const;

  struct Recount {
    bool stopped = false;  // the stop flag aborted the reference's search: no verdict
    std::string wrong;     // how the counts disagree; empty when they agree
  };
  // The reference's count of `puzzle` at `options`' limit (and stop flag) against `solutions`.
  Recount recount(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options, std::uint64_t solutions);

 private:
  const sudoku::SolverFactory* factory_;
  std::unique_ptr<sudoku::Solver> reference_;
  std::uint64_t threshold_;      // a hash below it is in the sample
  std::uint64_t ask_threshold_;  // a hash below it is asked again for an unwritten solution
};

}  // namespace sudoku_bench
