// The `fast` Solver of one backend: Engine<O> behind the Solver interface. Each engine_*.cc makes
// it with its own ops (ops_*.h), in the translation unit compiled for that instruction set alone.
#pragma once

#include "strategies/fast/engine.h"
#include "sudoku/solver.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage, as Engine: instantiated per backend translation unit

template <class O>
class BackendSolver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    return engine_.solve(puzzle, options, solution);
  }

 private:
  Engine<O> engine_;
};

}  // namespace
}  // namespace sudoku::detail::fast
