// The `fast` solver's instruction-set backends, each built in its own translation unit.
#pragma once

#include <memory>

#include "sudoku/solver.h"

namespace sudoku::detail::fast {

enum class Isa { scalar, avx2, avx512 };

// Whether this build has the backend and this CPU can run it.
bool isa_available(Isa isa);
const char* isa_name(Isa isa);

std::unique_ptr<Solver> make_scalar_solver();
#if defined(SUDOKU_FAST_X86)
std::unique_ptr<Solver> make_avx2_solver();
std::unique_ptr<Solver> make_avx512_solver();
#endif

}  // namespace sudoku::detail::fast
