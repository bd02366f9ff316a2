#include "sudoku/parse.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "solver/parse_reference.h"

namespace {

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// `base` with the byte at `pos` replaced by `text`.
std::string with(const std::string& base, std::size_t pos, const std::string& text) {
  return base.substr(0, pos) + text + base.substr(pos + 1);
}

TEST(ParseTest, AcceptsDotsAndZerosAsBlanks) {
  sudoku::Grid dots, zeros;
  std::string with_zeros = kPuzzle;
  for (char& c : with_zeros)
    if (c == '.') c = '0';
  ASSERT_TRUE(sudoku::parse_record(kPuzzle, dots));
  ASSERT_TRUE(sudoku::parse_record(with_zeros, zeros));
  EXPECT_EQ(dots.box, 3);
  EXPECT_EQ(dots.cells, zeros.cells);
  EXPECT_EQ(dots.cells[0], 4);
  EXPECT_EQ(dots.cells[1], 0);
  EXPECT_EQ(sudoku::to_string(dots), kPuzzle);
}

TEST(ParseTest, SizeFollowsFromLength) {
  sudoku::Grid g;
  ASSERT_TRUE(sudoku::parse_record("1234............", g));
  EXPECT_EQ(g.box, 2);
  ASSERT_TRUE(sudoku::parse_record("G9a" + std::string(253, '.'), g));
  EXPECT_EQ(g.box, 4);
  EXPECT_EQ(g.cells[0], 16);
  EXPECT_EQ(g.cells[2], 10);
  ASSERT_TRUE(sudoku::parse_record(std::string(624, '.') + "P", g));
  EXPECT_EQ(g.box, 5);
  EXPECT_EQ(g.cells[624], 25);
}

TEST(ParseTest, WrongLengths) {
  sudoku::Grid g;
  for (std::size_t n : {0, 1, 15, 17, 80, 82, 255, 257, 624, 626, 100000}) {
    const auto r = sudoku::parse_record(std::string(n, '.'), g);
    EXPECT_EQ(r.status, sudoku::ParseStatus::wrong_length) << n;
    EXPECT_EQ(r.length, n);
    EXPECT_EQ(sudoku::describe(r),
              "wrong length " + std::to_string(n) + " (expected 16, 81, 256, 625, 1296 or 2401 cells)");
  }
}

TEST(ParseTest, BadCharactersNameTheColumn) {
  sudoku::Grid g;
  struct Case {
    std::string record;
    std::string reason;
  };
  const Case cases[] = {
      {with(kPuzzle, 4, "x"), "bad character 'x' at column 5"},
      {with(kPuzzle, 0, "-"), "bad character '-' at column 1"},
      {with(kPuzzle, 80, " "), "bad byte 0x20 at column 81"},
      {with(kPuzzle, 10, std::string(1, '\0')), "bad byte 0x00 at column 11"},
      {with(kPuzzle, 10, "\xC3\xA9"), "bad byte 0xC3 at column 11"},
      {with(kPuzzle, 2, "A"), "symbol 'A' at column 3 is out of range for a 9x9 grid"},
      {"12345...........", "symbol '5' at column 5 is out of range for a 4x4 grid"},
      {kPuzzle + "\r", "bad byte 0x0D at column 82"},
  };
  for (const Case& c : cases) {
    const auto r = sudoku::parse_record(c.record, g);
    EXPECT_EQ(r.status, sudoku::ParseStatus::bad_character) << c.reason;
    EXPECT_EQ(sudoku::describe(r), c.reason);
  }
}

TEST(ParseTest, ConflictingGivensAreNotAParseError) {
  sudoku::Grid g;
  EXPECT_TRUE(sudoku::parse_record("11" + std::string(79, '.'), g));
}

// parse_record against the byte-at-a-time reference: the same status, column, byte and length,
// and on success the same grid.
void expect_as_reference(const std::string& record) {
  sudoku::Grid got, want;
  const sudoku::ParseResult r = sudoku::parse_record(record, got);
  const sudoku::ParseResult w = parse_reference::parse(record, want);
  ASSERT_EQ(r.status, w.status) << record;
  ASSERT_EQ(r.column, w.column) << record;
  ASSERT_EQ(r.byte, w.byte) << record;
  ASSERT_EQ(r.length, w.length) << record;
  ASSERT_EQ(sudoku::describe(r), sudoku::describe(w)) << record;
  if (r) {
    ASSERT_EQ(got.box, want.box) << record;
    for (int i = 0; i < want.cell_count(); ++i) ASSERT_EQ(got.cells[i], want.cells[i]) << record << " at " << i;
  }
}

// Valid records of every size, using every symbol that size allows, both cases and both blanks.
std::vector<std::string> valid_records() {
  std::vector<std::string> records;
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box) {
    const int side = box * box;
    std::string symbols = "0.";
    for (int v = 1; v <= side; ++v) {
      symbols += sudoku::symbol_for(v);
      if (v >= 10 && box <= sudoku::kMaxCaseInsensitiveBox)
        symbols += static_cast<char>(sudoku::symbol_for(v) - 'A' + 'a');
    }
    std::string record;
    for (int i = 0; i < side * side; ++i) record += symbols[static_cast<std::size_t>(i) % symbols.size()];
    records.push_back(record);
  }
  return records;
}

TEST(ParseTest, EveryByteAtEveryPlaceAgreesWithTheReference) {
  // Places at the edges of the vector blocks the fast path may use (16, 32 and 64 bytes).
  for (const std::string& base : valid_records()) {
    expect_as_reference(base);
    for (std::size_t at :
         {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 79, 80, 81, 127, 128, 255, 256, 623, 624, 1295, 2400}) {
      if (at >= base.size()) continue;
      for (int byte = 0; byte < 256; ++byte) {
        std::string record = base;
        record[at] = static_cast<char>(byte);
        expect_as_reference(record);
      }
    }
  }
}

TEST(ParseTest, TheFirstOfSeveralBadBytesIsReported) {
  for (const std::string& base : valid_records()) {
    for (std::size_t first = 0; first < base.size(); first += 7) {
      for (std::size_t second : {first + 1, first + 16, base.size() - 1}) {
        if (second <= first || second >= base.size()) continue;
        for (const auto& [a, b] : {std::pair{'x', 'Z'}, std::pair{'Z', 'x'}, std::pair{'\0', '\xff'}}) {
          std::string record = base;
          record[first] = a;
          record[second] = b;
          expect_as_reference(record);
        }
      }
    }
  }
}

TEST(ParseTest, RandomRecordsAgreeWithTheReference) {
  std::mt19937 random(20240611);
  const std::string alphabet = "0123456789.ABCDEFGHIJKLMNOPQabcdefghijklmnopq #\r\n\t\x7f\x80\xff@`[{/:";
  for (int n = 0; n < 20000; ++n) {
    const std::size_t sizes[] = {16, 81, 256, 625, 1296, 2401, 80, 82, 0, 1, 17};
    const std::size_t size = sizes[random() % std::size(sizes)];
    // Mostly one kind of symbol, so that many records are valid or nearly so.
    const std::size_t kinds = 1 + random() % alphabet.size();
    std::string record(size, '.');
    for (char& c : record)
      if (random() % 8 == 0) c = alphabet[random() % kinds];
    expect_as_reference(record);
  }
}

}  // namespace
