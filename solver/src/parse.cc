#include "sudoku/parse.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>

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

// The careful path, one byte at a time: finds which error comes first and the first bad byte.
// Taken only for records the fast path below rejects, so its results (the error, and what it
// leaves in `out`) are those of every record that is not a puzzle.
ParseResult parse_slowly(std::string_view record, Grid& out) {
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
  // A negative value (-1) compares larger than any side as unsigned.
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

// The fast path: each byte classified by arithmetic instead of a table look-up, without a branch,
// into a local buffer (which the record's bytes cannot alias), so that the compiler vectorises the
// loop, of a length known at compile time, for whatever the build targets (SSE2 upwards); one
// validity check at the end. Writes `out` only for a valid record and returns false for anything
// else, which parse_slowly then explains.
template <int kBox>
bool parse_fast(const char* record, Grid& out) {
  constexpr std::size_t kCells = static_cast<std::size_t>(kBox * kBox * kBox * kBox);
  constexpr unsigned char kSide = static_cast<unsigned char>(kBox * kBox);
  std::uint8_t values[kCells];
  unsigned char bad = 0;
  // Masks (0 or 0xFF) rather than conditions, which GCC would turn into branches.
  const auto mask = [](bool b) { return static_cast<unsigned char>(-static_cast<int>(b)); };
  for (std::size_t i = 0; i < kCells; ++i) {
    const auto c = static_cast<unsigned char>(record[i]);
    const auto digit = static_cast<unsigned char>(c - '0');  // '0'-'9': 0..9
    const unsigned char is_digit = mask(digit <= 9);
    auto known = static_cast<unsigned char>(is_digit | mask(c == '.'));
    auto v = static_cast<unsigned char>(digit & is_digit);
    if constexpr (kSide > 9) {
      const auto letter = static_cast<unsigned char>((c | 0x20) - 'a');  // 'A'-'P', 'a'-'p': 0..15
      const unsigned char is_letter = mask(letter <= 15);
      known = static_cast<unsigned char>(known | is_letter);
      v = static_cast<unsigned char>(v | ((letter + 10) & is_letter));
    }
    bad = static_cast<unsigned char>(bad | ~known | mask(v > kSide));
    values[i] = v;
  }
  if (bad) return false;
  std::memcpy(out.cells.data(), values, kCells);
  out.box = kBox;
  return true;
}

static_assert(kMinBox == 2 && kMaxBox == 5, "parse_fast has a case for every size");

bool parse_fast(std::string_view record, Grid& out) {
  switch (record.size()) {
    case 16:
      return parse_fast<2>(record.data(), out);
    case 81:
      return parse_fast<3>(record.data(), out);
    case 256:
      return parse_fast<4>(record.data(), out);
    case 625:
      return parse_fast<5>(record.data(), out);
    default:
      return false;
  }
}

}  // namespace

ParseResult parse_record(std::string_view record, Grid& out) {
  if (parse_fast(record, out)) {
    ParseResult r;
    r.length = record.size();
    return r;
  }
  return parse_slowly(record, out);
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
