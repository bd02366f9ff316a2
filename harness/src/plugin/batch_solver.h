// A harness-side extra a solver may offer beside sudoku::Solver, as TextSolver does: being handed
// the next puzzles before they are asked for, so that a solver behind a pipe (exec:) answers a
// batch per round trip. The step's SolverCall finds it with dynamic_cast, once per solver;
// step_chunk hands each batch over and shares the batch's time evenly among its puzzles' latencies.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <vector>

#include "sudoku/grid.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

class BatchSolver {
 public:
  virtual ~BatchSolver() = default;
  // Puzzles per batch; 1: none is handed over early, every solve() is a round trip of its own.
  virtual std::size_t batch_size() const = 0;
  // The puzzles the next solve() calls will ask for, in order, at `options`: solved now, their
  // answers kept for those calls. A solve() that asks for anything else is answered on its own.
  virtual void prefetch(const std::vector<sudoku::Grid>& puzzles, const sudoku::SolveOptions& options) = 0;
  // The process group of the program behind the pipe: its CPU is the solver's (plugin/program_cpu.h).
  virtual pid_t program_group() const = 0;
};

}  // namespace sudoku_bench
