#pragma once

#include <memory>

#include "sudoku/solver.h"

namespace sudoku::detail {

std::unique_ptr<SolverFactory> make_backtrack_factory();

}  // namespace sudoku::detail
