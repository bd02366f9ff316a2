#pragma once

#include <memory>

#include "sudoku/solver.h"

namespace sudoku::detail {

std::unique_ptr<SolverFactory> make_cadical_factory();

}  // namespace sudoku::detail
