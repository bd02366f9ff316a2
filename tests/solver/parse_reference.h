// The parse rules as docs/input.md states them, one byte at a time and without any cleverness: what
// sudoku::parse_record must agree with for every input (parse_test.cc and the parse fuzzer check it).
#pragma once

#include <string_view>

#include "sudoku/parse.h"

namespace parse_reference {

// 0 for a blank, 1..49 for a digit, -1 for a byte that is no symbol in a grid of box side `box`:
// up to 25x25 'A'-'P' in either case; above, 'A'-'Z' then 'a'-'n'. Box 0 (no size): 1 for a byte
// that is a symbol of some size.
constexpr int value_of(unsigned char c, int box) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (box == 0) return value_of(c, 5) > 0 || value_of(c, 7) > 0 ? 1 : -1;
  if (box > 5) {
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    if (c >= 'a' && c <= 'n') return c - 'a' + 36;
    return -1;
  }
  if (c >= 'A' && c <= 'P') return c - 'A' + 10;
  if (c >= 'a' && c <= 'p') return c - 'a' + 10;
  return -1;
}

// The result parse_record gives, and on success the grid in `out`. A record of no supported
// length reports its first byte that is no symbol, else its length; a record of a supported
// length reports its first byte that is no symbol or too large a symbol for its size.
inline sudoku::ParseResult parse(std::string_view record, sudoku::Grid& out) {
  sudoku::ParseResult r;
  r.length = record.size();
  const int box = sudoku::box_for_cell_count(record.size());
  for (std::size_t i = 0; i < record.size(); ++i) {
    const int v = value_of(static_cast<unsigned char>(record[i]), box);
    if (v < 0 || (box != 0 && v > box * box)) {
      r.status = sudoku::ParseStatus::bad_character;
      r.column = i + 1;
      r.byte = static_cast<unsigned char>(record[i]);
      return r;
    }
  }
  if (box == 0) {
    r.status = sudoku::ParseStatus::wrong_length;
    return r;
  }
  out.box = box;
  for (std::size_t i = 0; i < record.size(); ++i)
    out.cells[i] = static_cast<std::uint8_t>(value_of(static_cast<unsigned char>(record[i]), box));
  return r;
}

}  // namespace parse_reference
