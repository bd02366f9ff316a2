// The embedding API: every typed error, and solutions in both shapes.
#include "sudoku/solve_unique.h"

#include <gtest/gtest.h>

#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using sudoku::Rows;
using sudoku::UniqueError;

// The Codewars "hard sudoku solver" example puzzle shape: 0 for blanks.
Rows rows_of(const std::string& record) {
  const sudoku::Grid g = test_util::parse(record);
  Rows rows(g.side(), std::vector<int>(g.side()));
  for (int i = 0; i < g.cell_count(); ++i) rows[i / g.side()][i % g.side()] = g.cells[i];
  return rows;
}

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

TEST(SolveUnique, SolvesAGridAndRows) {
  const auto g = sudoku::solve_unique(test_util::parse(kPuzzle));
  ASSERT_TRUE(g);
  EXPECT_EQ(sudoku::to_string(g.solution), kSolution);
  const auto r = sudoku::solve_unique(rows_of(kPuzzle));
  ASSERT_TRUE(r) << sudoku::describe(*r.error);
  EXPECT_EQ(r.solution, rows_of(kSolution));
}

TEST(SolveUnique, EverySize) {
  for (const char* file : {"generated_4x4_1000.txt", "sudoku16x16_1000.txt", "generated_25x25_100.txt",
                           "generated_36x36_100.txt", "generated_49x49_20.txt"}) {
    const std::string record = test_util::read_lines(file)[0];
    const auto r = sudoku::solve_unique(rows_of(record));
    ASSERT_TRUE(r) << file;
    EXPECT_EQ(r.solution.size(), rows_of(record).size());
    const auto g = sudoku::solve_unique(test_util::parse(record));
    ASSERT_TRUE(g) << file;
    EXPECT_TRUE(sudoku::is_solution_of(test_util::parse(record), g.solution));
  }
}

TEST(SolveUnique, WrongSizes) {
  const Rows good = rows_of(kPuzzle);
  Rows short_row = good;
  short_row[4].pop_back();
  Rows long_row = good;
  long_row[8].push_back(0);
  Rows extra_row = good;
  extra_row.push_back(std::vector<int>(9));
  for (const Rows& bad : {Rows{}, Rows{{}}, Rows{{1}}, Rows(8, std::vector<int>(8)), Rows(64, std::vector<int>(64)),
                          short_row, long_row, extra_row, Rows(9, std::vector<int>(16))}) {
    const auto r = sudoku::solve_unique(bad);
    ASSERT_FALSE(r);
    EXPECT_EQ(*r.error, UniqueError::wrong_size) << bad.size();
    EXPECT_TRUE(sudoku::is_invalid_grid(*r.error));
  }
  for (int box : {0, 1, 8, -3}) {
    sudoku::Grid g;
    g.box = box;
    EXPECT_EQ(sudoku::solve_unique(g).error, UniqueError::wrong_size) << box;
  }
}

TEST(SolveUnique, ValuesOutOfRange) {
  for (int v : {-1, 10, 25, 1000}) {
    Rows bad = rows_of(kPuzzle);
    bad[3][7] = v;
    EXPECT_EQ(sudoku::solve_unique(bad).error, UniqueError::value_out_of_range) << v;
  }
  Rows small = rows_of("1234............");
  small[3][3] = 5;
  EXPECT_EQ(sudoku::solve_unique(small).error, UniqueError::value_out_of_range);
  sudoku::Grid g = test_util::parse(kPuzzle);
  g.cells[80] = 10;
  EXPECT_EQ(sudoku::solve_unique(g).error, UniqueError::value_out_of_range);
  // The size check comes first.
  Rows both = rows_of(kPuzzle);
  both[0][0] = 99;
  both[1].pop_back();
  EXPECT_EQ(sudoku::solve_unique(both).error, UniqueError::wrong_size);
}

TEST(SolveUnique, ConflictingGivens) {
  // A blank grid of `cells` cells with `symbol` at the cells `at`.
  auto with = [](std::size_t cells, char symbol, std::initializer_list<std::size_t> at) {
    std::string record(cells, '.');
    for (std::size_t i : at) record[i] = symbol;
    return record;
  };
  for (const std::string& record : {with(81, '4', {0, 1}),   // same row
                                    with(81, '4', {0, 9}),   // same column
                                    with(81, '4', {0, 10}),  // same box
                                    with(16, '1', {0, 3})}) {
    const auto r = sudoku::solve_unique(rows_of(record));
    EXPECT_EQ(r.error, UniqueError::conflicting_givens) << record;
    EXPECT_TRUE(sudoku::is_invalid_grid(*r.error));
    EXPECT_EQ(sudoku::solve_unique(test_util::parse(record)).error, UniqueError::conflicting_givens);
  }
  // The same digit in the last box of a 25x25 grid, and in the last column of a 16x16 one.
  EXPECT_EQ(sudoku::solve_unique(test_util::parse(with(625, 'P', {624, 598}))).error, UniqueError::conflicting_givens);
  EXPECT_EQ(sudoku::solve_unique(test_util::parse(with(256, 'G', {15, 255}))).error, UniqueError::conflicting_givens);
  // A filled grid of givens with one digit swapped for another.
  std::string swapped = test_util::kSolved9;
  swapped[40] = swapped[40] == '9' ? '1' : '9';
  EXPECT_EQ(sudoku::solve_unique(rows_of(swapped)).error, UniqueError::conflicting_givens);
}

TEST(SolveUnique, NoSolution) {
  // No given repeats, but the top-left cell can hold nothing: its row has 1-4, its column 5-8 and
  // its box 9.
  std::string record(81, '.');
  for (int k = 1; k <= 4; ++k) record[k] = static_cast<char>('0' + k);           // row 0
  for (int k = 0; k < 4; ++k) record[(3 + k) * 9] = static_cast<char>('5' + k);  // column 0
  record[1 * 9 + 1] = '9';                                                       // box 0
  const auto r = sudoku::solve_unique(rows_of(record));
  EXPECT_EQ(r.error, UniqueError::no_solution);
  EXPECT_FALSE(sudoku::is_invalid_grid(*r.error));
}

TEST(SolveUnique, MultipleSolutions) {
  EXPECT_EQ(sudoku::solve_unique(Rows(9, std::vector<int>(9))).error, UniqueError::multiple_solutions);
  EXPECT_EQ(sudoku::solve_unique(test_util::parse(test_util::read_lines("serg_benchmark.txt")[0])).error,
            UniqueError::multiple_solutions);
  std::string two = test_util::kSolved9;
  two[0] = two[1] = two[27] = two[28] = '.';
  const auto r = sudoku::solve_unique(rows_of(two));
  ASSERT_FALSE(r);
  EXPECT_EQ(*r.error, UniqueError::multiple_solutions);
  EXPECT_FALSE(sudoku::is_invalid_grid(*r.error));
}

TEST(SolveUnique, Descriptions) {
  EXPECT_EQ(sudoku::describe(UniqueError::wrong_size), "wrong size (expected 4x4, 9x9, 16x16, 25x25, 36x36 or 49x49)");
  EXPECT_EQ(sudoku::describe(UniqueError::value_out_of_range), "value out of range");
  EXPECT_EQ(sudoku::describe(UniqueError::conflicting_givens), "conflicting givens");
  EXPECT_EQ(sudoku::describe(UniqueError::no_solution), "no solution");
  EXPECT_EQ(sudoku::describe(UniqueError::multiple_solutions), "multiple solutions");
}

}  // namespace
