// Problems (stream/problem.h) as the lines users read on stderr.
#pragma once

#include <string>
#include <string_view>

#include "stream/problem.h"

namespace sudoku_bench {

// Appends "FILE:LINE: reason\n", the form compilers use, so that editors can jump to it.
void append_problem(std::string& out, std::string_view file, const Problem& problem);

}  // namespace sudoku_bench
