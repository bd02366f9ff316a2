#include "sudoku/parse.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku {
namespace {

// Value of each byte: 0 for a blank, a digit's value, -1 for anything else. Up to 25x25 letters
// 'A'-'P' are read in either case; above, 'A'-'Z' are 10..35 and 'a'-'n' 36..49.
using ValueTable = std::array<std::int8_t, 256>;

constexpr ValueTable kSmallValues = [] {
  ValueTable t{};
  for (auto& v : t) v = -1;
  t['.'] = t['0'] = 0;
  for (int c = '1'; c <= '9'; ++c) t[c] = static_cast<std::int8_t>(c - '0');
  for (int c = 'A'; c <= 'P'; ++c) t[c] = t[c - 'A' + 'a'] = static_cast<std::int8_t>(c - 'A' + 10);
  return t;
}();

constexpr ValueTable kLargeValues = [] {
  ValueTable t{};
  for (auto& v : t) v = -1;
  t['.'] = t['0'] = 0;
  for (int c = '1'; c <= '9'; ++c) t[c] = static_cast<std::int8_t>(c - '0');
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = static_cast<std::int8_t>(c - 'A' + 10);
  for (int c = 'a'; c <= 'n'; ++c) t[c] = static_cast<std::int8_t>(c - 'a' + 36);
  return t;
}();

constexpr const ValueTable& values_for(int box) { return box > kMaxCaseInsensitiveBox ? kLargeValues : kSmallValues; }

// A symbol of some size: what a record of no supported length is searched for first.
constexpr bool is_any_symbol(unsigned char c) { return kSmallValues[c] >= 0 || kLargeValues[c] >= 0; }

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
      if (!is_any_symbol(static_cast<unsigned char>(record[i]))) return bad_byte(record, i);
    ParseResult r;
    r.status = ParseStatus::wrong_length;
    r.length = record.size();
    return r;
  }
  // A negative value (-1) compares larger than any side as unsigned.
  const ValueTable& values = values_for(box);
  const auto value_at = [&](std::size_t i) {
    return static_cast<unsigned>(static_cast<int>(values[static_cast<unsigned char>(record[i])]));
  };
  const unsigned side = static_cast<unsigned>(box * box);
  unsigned worst = 0;
  for (std::size_t i = 0; i < record.size(); ++i) {
    const unsigned v = value_at(i);
    worst |= v > side;
    out.cells[i] = static_cast<std::uint8_t>(v);
  }
  if (worst) {
    for (std::size_t i = 0; i < record.size(); ++i)
      if (value_at(i) > side) return bad_byte(record, i);
  }
  out.box = box;
  ParseResult r;
  r.length = record.size();
  return r;
}

// The fast path: each byte classified by arithmetic instead of a table look-up, without a branch,
// into a local buffer (which the record's bytes cannot alias), so that the compiler vectorises the
// loop, of a length known at compile time, for whatever the build targets (SSE2 upwards); one
// validity check at the end. Sets out.box only for a valid record and returns false for anything
// else, which parse_slowly then explains.
//
// In blocks of 64, 32 and 16 bytes, then byte by byte: a loop over all 81 cells of a 9x9 grid
// left GCC 12 mixing vector and byte-by-byte code (30% of run's cost a record for noop on
// kaggle_first20k, perf, Intel Xeon f6 m207); a block of a power of two is one vector's work.
template <int kBox, std::size_t kBytes>
unsigned char classify(const char* record, std::uint8_t* values) {
  constexpr unsigned char kSide = static_cast<unsigned char>(kBox * kBox);
  unsigned char bad = 0;
  // Masks (0 or 0xFF) rather than conditions, which GCC would turn into branches.
  const auto mask = [](bool b) { return static_cast<unsigned char>(-static_cast<int>(b)); };
  for (std::size_t i = 0; i < kBytes; ++i) {
    const auto c = static_cast<unsigned char>(record[i]);
    const auto digit = static_cast<unsigned char>(c - '0');  // '0'-'9': 0..9
    const unsigned char is_digit = mask(digit <= 9);
    auto known = static_cast<unsigned char>(is_digit | mask(c == '.'));
    auto v = static_cast<unsigned char>(digit & is_digit);
    if constexpr (kBox > kMaxCaseInsensitiveBox) {
      const auto upper = static_cast<unsigned char>(c - 'A');  // 'A'-'Z': 0..25
      const auto lower = static_cast<unsigned char>(c - 'a');  // 'a'-'n': 0..13
      const unsigned char is_upper = mask(upper <= 25), is_lower = mask(lower <= 13);
      known = static_cast<unsigned char>(known | is_upper | is_lower);
      v = static_cast<unsigned char>(v | ((upper + 10) & is_upper) | ((lower + 36) & is_lower));
    } else if constexpr (kSide > 9) {
      const auto letter = static_cast<unsigned char>((c | 0x20) - 'a');  // 'A'-'P', 'a'-'p': 0..15
      const unsigned char is_letter = mask(letter <= 15);
      known = static_cast<unsigned char>(known | is_letter);
      v = static_cast<unsigned char>(v | ((letter + 10) & is_letter));
    }
    bad = static_cast<unsigned char>(bad | ~known | mask(v > kSide));
    values[i] = v;
  }
  return bad;
}

// Each block is copied out as it was classified, in a copy of its own size: one copy of the whole
// buffer read it back in pieces that straddled the blocks' stores, which the CPU cannot forward
// (a stall of ~5 ns a 9x9 record, perf on the Intel Xeon f6 m207). The cells of a record that
// turns out bad are written all the same; parse_slowly writes them all again.
template <int kBox, std::size_t kBytes>
unsigned char classify_into(const char* record, std::uint8_t* out) {
  std::uint8_t values[kBytes];
  const unsigned char bad = classify<kBox, kBytes>(record, values);
  std::memcpy(out, values, kBytes);
  return bad;
}

#if defined(__SSE2__)
// Sides up to 9 (digits and blanks alone) 16 bytes at a time, the check a bit mask per block: the
// vectorised loop above reduces its `bad` bytes across the vector for every block, which made
// the parse 16.6 ns of noop's 85 ns a record on kaggle_first20k (perf, Intel Xeon f6 m207).
template <int kBox>
unsigned classify16(const char* record, std::uint8_t* out) {
  const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(record));
  const __m128i digit = _mm_sub_epi8(c, _mm_set1_epi8('0'));
  const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
  const __m128i is_blank = _mm_cmpeq_epi8(c, _mm_set1_epi8('.'));
  const __m128i v = _mm_and_si128(digit, is_digit);
  const __m128i too_big = _mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(kBox * kBox)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
  const __m128i good = _mm_andnot_si128(too_big, _mm_or_si128(is_digit, is_blank));
  return static_cast<unsigned>(_mm_movemask_epi8(good)) ^ 0xFFFFu;
}
#endif

#if defined(__AVX2__)
// A 9x9 record in three 32-byte blocks, the last overlapping the second (bytes 49 to 80): half the
// 16-byte blocks' work. No digit exceeds 9, the side, so the only check is digit or blank, the
// blocks' masks combined before one movemask (classify16 took 9.3 ns of noop's 44 a record, perf,
// Intel Xeon f6 m207).
inline __m256i digits_or_blanks32(const char* record, std::uint8_t* out) {
  const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(record));
  const __m256i digit = _mm256_sub_epi8(c, _mm256_set1_epi8('0'));
  const __m256i is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(digit, _mm256_set1_epi8(9)), digit);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_and_si256(digit, is_digit));
  return _mm256_or_si256(is_digit, _mm256_cmpeq_epi8(c, _mm256_set1_epi8('.')));
}

bool parse_9x9(const char* record, Grid& out) {
  std::uint8_t* const cells = out.cells.data();
  const __m256i good =
      _mm256_and_si256(_mm256_and_si256(digits_or_blanks32(record, cells), digits_or_blanks32(record + 32, cells + 32)),
                       digits_or_blanks32(record + 49, cells + 49));
  if (_mm256_movemask_epi8(good) != -1) return false;
  out.box = 3;
  return true;
}
#endif

template <int kBox>
bool parse_fast(const char* record, Grid& out) {
  constexpr std::size_t kCells = static_cast<std::size_t>(kBox * kBox * kBox * kBox);
  std::uint8_t* const cells = out.cells.data();
  unsigned char bad = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  if constexpr (kBox * kBox <= 9) {
    // The cells past the last whole block as the last 16, overlapping the block before: a byte
    // at a time, the 81st cell's checks took as long as a block's (perf, Intel Xeon f6 m207).
    unsigned bad_bits = 0;
    for (; i + 16 <= kCells; i += 16) bad_bits |= classify16<kBox>(record + i, cells + i);
    if constexpr (kCells % 16 != 0) bad_bits |= classify16<kBox>(record + kCells - 16, cells + kCells - 16);
    if (bad_bits) return false;
    out.box = kBox;
    return true;
  }
#endif
  for (; i + 64 <= kCells; i += 64) bad |= classify_into<kBox, 64>(record + i, cells + i);
  if constexpr (kCells % 64 >= 32) {
    bad |= classify_into<kBox, 32>(record + i, cells + i);
    i += 32;
  }
  if constexpr (kCells % 32 >= 16) {
    bad |= classify_into<kBox, 16>(record + i, cells + i);
    i += 16;
  }
  for (; i < kCells; ++i) bad |= classify_into<kBox, 1>(record + i, cells + i);
  if (bad) return false;
  out.box = kBox;
  return true;
}

static_assert(kMinBox == 2 && kMaxBox == 7, "parse_other_sizes and parse_symbols have a case for every size");

// The sizes other than 9x9, apart: inlined beside it, their vectors' registers were saved and
// restored on every call for a 9x9 record too.
[[gnu::noinline]] bool parse_other_sizes(std::string_view record, Grid& out) {
  switch (record.size()) {
    case 16:
      return parse_fast<2>(record.data(), out);
    case 256:
      return parse_fast<4>(record.data(), out);
    case 625:
      return parse_fast<5>(record.data(), out);
    case 1296:
      return parse_fast<6>(record.data(), out);
    case 2401:
      return parse_fast<7>(record.data(), out);
    default:
      return false;
  }
}

}  // namespace

bool parse_symbols(std::string_view record, Grid& out) {
  if (record.size() == 81) [[likely]] {
#if defined(__AVX2__)
    return parse_9x9(record.data(), out);
#else
    return parse_fast<3>(record.data(), out);
#endif
  }
  return parse_other_sizes(record, out);
}

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The value of field `f` (from 0) of a record parse_numbers read whole, capped at 999.
unsigned field_value(std::string_view record, std::size_t f) {
  const std::size_t n = record.size();
  std::size_t at = 0;
  while (at < n && is_blank(record[at])) ++at;
  for (std::size_t k = 0; k < f; ++k) {
    while (at < n && record[at] >= '0' && record[at] <= '9') ++at;
    while (at < n && (is_blank(record[at]) || record[at] == ',')) ++at;
  }
  unsigned value = 0;
  for (; at < n && record[at] >= '0' && record[at] <= '9'; ++at)
    value = std::min(value * 10 + static_cast<unsigned>(record[at] - '0'), 999u);
  return value;
}

}  // namespace

ParseResult parse_numbers(std::string_view record, Grid& out) {
  ParseResult r;
  r.numbers = true;
  r.length = record.size();
  const auto fail = [&](ParseStatus status, std::size_t at) {
    r.status = status;
    r.column = at + 1;
    r.field = r.fields + 1;
    if (at < record.size()) r.byte = static_cast<unsigned char>(record[at]);
    return r;
  };
  std::size_t i = 0;
  const std::size_t n = record.size();
  while (i < n && is_blank(record[i])) ++i;
  while (i < n) {
    // One field: a run of digits.
    const std::size_t start = i;
    unsigned value = 0;
    while (i < n && record[i] >= '0' && record[i] <= '9') {
      value = std::min(value * 10 + static_cast<unsigned>(record[i] - '0'), 999u);
      ++i;
    }
    if (i == start) return fail(record[i] == ',' ? ParseStatus::empty_field : ParseStatus::bad_character, i);
    if (i < n && !is_blank(record[i]) && record[i] != ',') return fail(ParseStatus::bad_character, i);
    // Fields past the largest grid are only counted, for the message.
    if (r.fields < static_cast<std::size_t>(kMaxCells))
      out.cells[r.fields] = static_cast<std::uint8_t>(std::min(value, 255u));
    ++r.fields;
    // Its separator: blanks, optionally around one comma.
    while (i < n && is_blank(record[i])) ++i;
    if (i < n && record[i] == ',') {
      ++i;
      while (i < n && is_blank(record[i])) ++i;
      if (i == n) return fail(ParseStatus::empty_field, i);
    }
  }
  const int box = box_for_cell_count(r.fields);
  if (box == 0) {
    r.status = ParseStatus::wrong_count;
    return r;
  }
  const int side = box * box;
  for (std::size_t f = 0; f < r.fields; ++f) {
    if (out.cells[f] > side) {
      r.status = ParseStatus::number_too_large;
      r.field = f + 1;
      r.number = field_value(record, f);  // the stored value is capped at 255
      return r;
    }
  }
  out.box = box;
  return r;
}

ParseResult parse_record(std::string_view record, Grid& out) {
  if (parse_symbols(record, out)) {
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
      std::snprintf(buf, sizeof buf, "wrong length %zu (expected 16, 81, 256, 625, 1296 or 2401 cells)", r.length);
      return buf;
    case ParseStatus::empty_field:
      std::snprintf(buf, sizeof buf, "empty field %zu at column %zu", r.field, r.column);
      return buf;
    case ParseStatus::wrong_count:
      std::snprintf(buf, sizeof buf, "wrong number of fields %zu (expected 16, 81, 256, 625, 1296 or 2401 numbers)",
                    r.fields);
      return buf;
    case ParseStatus::number_too_large: {
      const int box = box_for_cell_count(r.fields);
      std::snprintf(buf, sizeof buf, "number %u%s in field %zu is out of range for a %dx%d grid (0 to %d)", r.number,
                    r.number >= 999 ? " or more" : "", r.field, box * box, box * box, box * box);
      return buf;
    }
    case ParseStatus::bad_character: {
      if (r.numbers) {
        if (r.byte >= 0x21 && r.byte < 0x7f)
          std::snprintf(buf, sizeof buf, "bad character '%c' at column %zu (field %zu)", r.byte, r.column, r.field);
        else
          std::snprintf(buf, sizeof buf, "bad byte 0x%02X at column %zu (field %zu)", r.byte, r.column, r.field);
        return buf;
      }
      const int box = box_for_cell_count(r.length);
      if (box != 0 && values_for(box)[r.byte] > 0) {
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
