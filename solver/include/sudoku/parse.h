// One puzzle record (a line without its terminator) to a Grid.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "sudoku/grid.h"

namespace sudoku {

enum class ParseStatus {
  ok,
  bad_character,  // a byte that is no symbol, or a symbol too large for the grid size
  wrong_length,   // the number of cells is not 16, 81, 256 or 625
};

struct ParseResult {
  ParseStatus status = ParseStatus::ok;
  std::size_t column = 0;  // 1-based column of the bad byte
  unsigned char byte = 0;  // the bad byte
  std::size_t length = 0;  // the record's length in bytes

  explicit operator bool() const { return status == ParseStatus::ok; }
};

// Accepts '1'-'9' and 'A'-'P' (either case) as digits, '.' and '0' as blanks; the grid size
// follows from the length. Conflicting givens are not a parse error: such a grid has no solution.
ParseResult parse_record(std::string_view record, Grid& out);

// A one-line reason, e.g. "wrong length 80 (expected 16, 81, 256 or 625 cells)".
std::string describe(const ParseResult& result);

}  // namespace sudoku
