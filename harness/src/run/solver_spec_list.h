// The --solver list of `run`: solver specs separated by commas; and what a spec given stands for.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// Splits "a,b:opts,c" into solver specs. A comma-separated piece that does not start with a
// known strategy name (or "plugin:") continues the previous spec, so specs whose options
// contain commas ("norvig:ac,var=mrv") survive.
std::vector<std::string> split_solver_specs(std::string_view text);

// What `given` (NAME=SPEC or SPEC) stands for, as a report records it: its spec, and the files of its
// code hashed (report/solver_identity.h); `name` is what the passes call it.
SolverIdentity identify_solver(std::string_view given, const std::string& name);

}  // namespace sudoku_bench
