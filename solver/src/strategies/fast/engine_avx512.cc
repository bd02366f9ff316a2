// The `fast` engine on the AVX-512 backend; this file alone is compiled for AVX-512.
#include "strategies/fast/backend_solver.h"
#include "strategies/fast/backends.h"
#include "strategies/fast/ops_avx512.h"

namespace sudoku::detail::fast {

std::unique_ptr<Solver> make_avx512_solver() { return std::make_unique<BackendSolver<Avx512Ops>>(); }

}  // namespace sudoku::detail::fast
