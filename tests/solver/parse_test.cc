#include "sudoku/parse.h"

#include <gtest/gtest.h>

#include <string>

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
    EXPECT_EQ(sudoku::describe(r), "wrong length " + std::to_string(n) + " (expected 16, 81, 256 or 625 cells)");
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

}  // namespace
