// The `fast` strategy: 9x9 only, SIMD where the CPU has it.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "sudoku/solver.h"

namespace sudoku::detail {

// `options` is null for plain "fast" (the best backend this CPU runs), else one of "scalar", "avx2",
// "avx512". Returns null and sets `error` when the option is unknown or the CPU or build lacks it.
std::unique_ptr<SolverFactory> make_fast_factory(const std::string_view* options, std::string& error);

}  // namespace sudoku::detail
