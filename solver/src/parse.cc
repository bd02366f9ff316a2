#include "sudoku/parse.h"

#include <array>
#include <cstdint>
#include <cstdio>

namespace sudoku {
namespace {

// Value of each byte: 0 for a blank, 1..25 for a digit, -1 for anything else.
constexpr std::array<std::int8_t, 256> kValues = [] {
  std::array<std::int8_t, 256> t{};
  for (auto& v : t) v = -1;
  t['.'] = t['0'] = 0;
  for (int c = '1'; c <= '9'; ++c) t[c] = static_cast<std::int8_t>(c - '0');
  for (int c = 'A'; c <= 'P'; ++c) t[c] = t[c - 'A' + 'a'] = static_cast<std::int8_t>(c - 'A' + 10);
  return t;
}();

constexpr int value_of(unsigned char c) { return kValues[c]; }

ParseResult bad_byte(std::string_view record, std::size_t i) {
  ParseResult r;
  r.status = ParseStatus::bad_character;
  r.length = record.size();
  r.column = i + 1;
  r.byte = static_cast<unsigned char>(record[i]);
  return r;
}

}  // namespace

ParseResult parse_record(std::string_view record, Grid& out) {
  const int box = box_for_cell_count(record.size());
  if (box == 0) {
    // Bad bytes are reported before the length, since a stray byte usually explains a wrong length.
    for (std::size_t i = 0; i < record.size(); ++i)
      if (value_of(static_cast<unsigned char>(record[i])) < 0) return bad_byte(record, i);
    ParseResult r;
    r.status = ParseStatus::wrong_length;
    r.length = record.size();
    return r;
  }
  // One pass; a negative value (-1) compares larger than any side as unsigned.
  const unsigned side = static_cast<unsigned>(box * box);
  unsigned worst = 0;
  for (std::size_t i = 0; i < record.size(); ++i) {
    const auto v = static_cast<unsigned>(static_cast<int>(value_of(static_cast<unsigned char>(record[i]))));
    worst |= v > side;
    out.cells[i] = static_cast<std::uint8_t>(v);
  }
  if (worst) {
    for (std::size_t i = 0; i < record.size(); ++i)
      if (static_cast<unsigned>(static_cast<int>(value_of(static_cast<unsigned char>(record[i])))) > side)
        return bad_byte(record, i);
  }
  out.box = box;
  ParseResult r;
  r.length = record.size();
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
        std::snprintf(buf, sizeof buf, "symbol '%c' at column %zu is out of range for a %dx%d grid", r.byte, r.column,
                      box * box, box * box);
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
