// Turning one record of a chunk into a puzzle, and reporting the ones that are not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/parse.h"
#include "sudoku/solver.h"
#include "stream/chunk.h"

namespace sudoku_bench {

// Parses the puzzle `text`; `cut` bytes the reader dropped from the line still count towards its
// length. Returns an empty string when `grid` is a puzzle `solver` can solve, else why the record
// is invalid.
std::string parse_for(const sudoku::SolverFactory& solver, std::string_view text, std::uint64_t cut, sudoku::Grid& grid);

// "aborted after 1,000 nodes and 1.2 ms with 1 solution found"; without the time when it was not taken.
std::string describe_aborted(const sudoku::SolveResult& result, std::optional<std::uint64_t> elapsed_ns);

// Appends "FILE:LINE: reason\n", the form compilers use, so editors can jump to it.
void append_error(std::string& out, std::string_view file, std::uint64_t line, std::string_view reason);

}  // namespace sudoku_bench
