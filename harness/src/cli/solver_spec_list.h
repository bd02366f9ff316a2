// The --solver list of `run`: solver specs separated by commas.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// Splits "a,b:opts,c" into solver specs. A comma-separated piece that does not start with a
// known strategy name (or "plugin:") continues the previous spec, so specs whose options
// contain commas ("norvig:ac,var=mrv") survive.
std::vector<std::string> split_solver_specs(std::string_view text);

}  // namespace sudoku_bench
