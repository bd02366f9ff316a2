// The `fast` engine on the portable backend.
#include "strategies/fast/backends.h"
#include "strategies/fast/engine.h"
#include "strategies/fast/ops_scalar.h"

namespace sudoku::detail::fast {
namespace {

class ScalarSolver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    return engine_.solve(puzzle, options, solution);
  }

 private:
  Engine<ScalarOps> engine_;
};

}  // namespace

std::unique_ptr<Solver> make_scalar_solver() { return std::make_unique<ScalarSolver>(); }

}  // namespace sudoku::detail::fast
