// The `fast` engine on the portable backend.
#include "strategies/fast/backend_solver.h"
#include "strategies/fast/backends.h"
#include "strategies/fast/ops_scalar.h"

namespace sudoku::detail::fast {

std::unique_ptr<Solver> make_scalar_solver() { return std::make_unique<BackendSolver<ScalarOps>>(); }

}  // namespace sudoku::detail::fast
