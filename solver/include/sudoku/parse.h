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
  wrong_length,   // the number of cells is not 16, 81, 256, 625, 1296 or 2401
  // Numeric records only (parse_numbers):
  empty_field,      // two commas in a row, or a comma at either end
  wrong_count,      // the number of fields is not 16, 81, 256, 625, 1296 or 2401
  number_too_large  // a number above the grid's side
};

struct ParseResult {
  ParseStatus status = ParseStatus::ok;
  std::size_t column = 0;  // 1-based column of the bad byte
  unsigned char byte = 0;  // the bad byte
  std::size_t length = 0;  // the record's length in bytes
  // Numeric records: the fields read (all of them for wrong_count), the 1-based field at fault,
  // and for number_too_large its value (capped at 999).
  bool numbers = false;
  std::size_t fields = 0;
  std::size_t field = 0;
  unsigned number = 0;

  explicit operator bool() const { return status == ParseStatus::ok; }
};

// Accepts '1'-'9', then 'A'-'P' (either case) up to 25x25, or 'A'-'Z' and 'a'-'n' (case-sensitive)
// for 36x36 and 49x49, as digits, '.' and '0' as blanks; the grid size follows from the length.
// Conflicting givens are not a parse error: such a grid has no solution.
ParseResult parse_record(std::string_view record, Grid& out);

// parse_record's common case alone, for a caller that parses a record per puzzle on its timed
// path: true when `record` is a puzzle of symbols, written into `out`; false for anything else,
// `out` then left partly written (parse_record says why). No ParseResult is built, and no
// careful path inlined beside it (its registers saved and restored on every call).
bool parse_symbols(std::string_view record, Grid& out);

// A record of side*side decimal numbers (0 a blank, 1..side a digit) separated by commas or by
// spaces and tabs, e.g. "0,0,12,0,7,..." or "0 0 12 0 7 ..."; the size follows from the count.
// Spaces around commas and at either end are allowed.
ParseResult parse_numbers(std::string_view record, Grid& out);

// A one-line reason, e.g. "wrong length 80 (expected 16, 81, 256, 625, 1296 or 2401 cells)".
std::string describe(const ParseResult& result);

}  // namespace sudoku
