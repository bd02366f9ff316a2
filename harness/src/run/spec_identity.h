// What a solver spec given stands for, as a report records it.
#pragma once

#include <string>

#include "report/report.h"
#include "stream/solver_spec.h"

namespace sudoku_bench {

// `spec`'s text without NAME=, and the files of its code hashed (report/solver_identity.h); `name`
// is what the passes call it.
SolverIdentity identify_solver(const SolverSpec& spec, const std::string& name);

}  // namespace sudoku_bench
