// A RecordStep's solver and the ways it is called: a grid at a time (the common way, which calls
// solver() inline), the record's own text (TextSolver), puzzles handed ahead in batches
// (BatchSolver: a program behind a pipe), or each puzzle disguised by --seed's random symmetry.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "plugin/batch_solver.h"
#include "plugin/text_solver.h"
#include "stream/chunk.h"
#include "sudoku/grid.h"
#include "sudoku/solver.h"
#include "sudoku/symmetry.h"

namespace sudoku_bench {

// Above any digit (sides go to 49) and not a blank (0): a first cell still holding it after the
// solver's call was not written.
inline constexpr std::uint8_t kNothingWritten = 0xFF;

class SolverCall {
 public:
  // `seed`: 0 for puzzles as given, else each under the symmetry (seed, puzzle) picks.
  SolverCall(const sudoku::SolverFactory& factory, std::uint64_t seed);

  sudoku::Solver& solver() { return *solver_; }
  // The solver when it takes a record's own text, else null.
  TextSolver* text_solver() { return text_solver_; }
  // A puzzle at a time, as given (a grid, or a TextSolver's record text): what the common way
  // calls directly.
  bool as_given() const { return seed_ == 0 && !batch_solver_; }
  // A plugin (its C call always gets a buffer) or a program (it answers with a solution or not):
  // asked for a solution always, since it costs them nothing more.
  bool same_call_either_way() const { return text_solver_ || batch_solver_; }

  // Solves `puzzle` (`text` as written, when it is in symbols) into `r` in place: a result copied
  // just after it was written stalls the next load of it. Asked for a solution, it goes into `out`
  // in the puzzle's own orientation. Returns whether the solver wrote the solution it reports.
  bool solve(const sudoku::Grid& puzzle, std::string_view text, bool text_is_symbols,
             const sudoku::SolveOptions& options, sudoku::SolveResult& r, sudoku::Grid& out, bool ask_solution);

  // A solver behind a pipe (batch_size() > 1) takes the puzzles of a batch ahead: started empty,
  // each puzzle added with the chunk's record it came from (disguised as solve() will disguise
  // it), then handed over; returns how many were.
  bool batches() const { return batch_solver_ != nullptr; }
  void start_batch();
  void add_to_batch(const sudoku::Grid& puzzle, std::size_t record);
  std::size_t hand_batch(const sudoku::SolveOptions& options);
  std::size_t batch_size() const { return batch_solver_ ? batch_solver_->batch_size() : 1; }
  // The process group of the solver's program (exec:), or 0 for a solver in this process.
  pid_t program_group() const { return batch_solver_ ? batch_solver_->program_group() : 0; }
  // The line of the record whose puzzle was number `index` of the last batch handed over;
  // `otherwise` when there is none.
  std::uint64_t batch_line(const Chunk& chunk, std::size_t index, std::uint64_t otherwise) const;

 private:
  // --seed: `puzzle` under the symmetry (seed, puzzle) picks, into `out`; returns the puzzle's seed.
  std::uint64_t disguise(const sudoku::Grid& puzzle, sudoku::Symmetry& symmetry, sudoku::Grid& out) const;

  std::unique_ptr<sudoku::Solver> solver_;
  TextSolver* text_solver_;    // solver_ when it takes a record's own text, else null
  BatchSolver* batch_solver_;  // solver_ when it takes puzzles ahead in batches, else null
  std::uint64_t seed_;
  std::vector<sudoku::Grid> batch_;         // the puzzles handed ahead, reused
  std::vector<std::size_t> batch_records_;  // the chunk's record of each
  sudoku::Grid disguised_, found_;          // --seed's puzzle, and the solution found to it
};

}  // namespace sudoku_bench
