// The `fast` engine on the AVX2 backend; this file alone is compiled for AVX2.
#include "strategies/fast/backend_solver.h"
#include "strategies/fast/backends.h"
#include "strategies/fast/ops_avx2.h"

namespace sudoku::detail::fast {

std::unique_ptr<Solver> make_avx2_solver() { return std::make_unique<BackendSolver<Avx2Ops>>(); }

}  // namespace sudoku::detail::fast
