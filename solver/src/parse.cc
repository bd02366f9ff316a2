#include "sudoku/parse.h"

#include <cstdio>

namespace sudoku {
namespace {

// Value of a symbol byte: 0 for a blank, 1..25 for a digit, -1 for anything else.
constexpr int value_of(unsigned char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'P') return c - 'A' + 10;
  if (c >= 'a' && c <= 'p') return c - 'a' + 10;
  return -1;
}

}  // namespace

ParseResult parse_record(std::string_view record, Grid& out) {
  ParseResult r;
  r.length = record.size();
  // Bad bytes are reported before the length, since a stray byte usually explains a wrong length.
  for (std::size_t i = 0; i < record.size(); ++i) {
    if (value_of(static_cast<unsigned char>(record[i])) < 0) {
      r.status = ParseStatus::bad_character;
      r.column = i + 1;
      r.byte = static_cast<unsigned char>(record[i]);
      return r;
    }
  }
  const int box = box_for_cell_count(record.size());
  if (box == 0) {
    r.status = ParseStatus::wrong_length;
    return r;
  }
  out.box = box;
  const int side = box * box;
  for (std::size_t i = 0; i < record.size(); ++i) {
    const int v = value_of(static_cast<unsigned char>(record[i]));
    if (v > side) {
      r.status = ParseStatus::bad_character;
      r.column = i + 1;
      r.byte = static_cast<unsigned char>(record[i]);
      return r;
    }
    out.cells[i] = static_cast<std::uint8_t>(v);
  }
  return r;
}

std::string describe(const ParseResult& r) {
  char buf[160];
  switch (r.status) {
    case ParseStatus::ok:
      return "ok";
    case ParseStatus::wrong_length:
      std::snprintf(buf, sizeof buf, "wrong length %zu (expected 16, 81, 256 or 625 cells)", r.length);
      return buf;
    case ParseStatus::bad_character: {
      const int box = box_for_cell_count(r.length);
      if (value_of(r.byte) > 0 && box != 0) {
        std::snprintf(buf, sizeof buf, "symbol '%c' at column %zu is out of range for a %dx%d grid", r.byte,
                      r.column, box * box, box * box);
      } else if (r.byte >= 0x21 && r.byte < 0x7f) {
        std::snprintf(buf, sizeof buf, "bad character '%c' at column %zu", r.byte, r.column);
      } else {
        std::snprintf(buf, sizeof buf, "bad byte 0x%02X at column %zu", r.byte, r.column);
      }
      return buf;
    }
  }
  return "unknown parse status";
}

}  // namespace sudoku
