// 36x36 and 49x49 grids: the generated sets solved by every strategy that takes them, conflicting
// givens, the generator's uniqueness, and the symbols and numbers that spell them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver_util.h"
#include "sudoku/generate.h"
#include "sudoku/parse.h"
#include "test_util.h"

namespace {

using test_util::options;
using test_util::parse;

constexpr const char* kSets[] = {"generated_36x36_100.txt", "generated_49x49_20.txt"};
constexpr const char* kPropagating[] = {"bitmask", "norvig", "logic", "cadical"};

TEST(LargeGrids, GeneratedPuzzlesSolvedAlikeByEveryPropagatingStrategy) {
  for (const char* file : kSets) {
    const auto lines = test_util::read_lines(file);
    ASSERT_FALSE(lines.empty()) << file;
    const std::size_t count = test_util::stride() == 1 ? 3 : 1;  // sanitizer builds: one each
    for (std::size_t i = 0; i < count && i < lines.size(); ++i) {
      const auto puzzle = parse(lines[i]);
      ASSERT_GE(puzzle.box, 6) << file;
      std::string first;
      for (const char* spec : kPropagating) {
        auto solver = test_util::make_solver(spec);
        sudoku::Grid out;
        const auto r = solver->solve(puzzle, options(2), &out);
        EXPECT_FALSE(r.aborted) << spec << " " << file << " line " << i + 1;
        EXPECT_EQ(r.solutions, 1u) << spec << " " << file << " line " << i + 1;
        EXPECT_EQ(sudoku::solution_error(puzzle, out), "") << spec << " " << file << " line " << i + 1;
        // One solution: every strategy finds the same.
        if (first.empty()) first = sudoku::to_string(out);
        EXPECT_EQ(sudoku::to_string(out), first) << spec << " " << file << " line " << i + 1;
      }
    }
  }
}

// Backtracking without propagation cannot finish a generated puzzle in test time; a grid one
// search away from full can: bitmask's solution with a band of cells blanked.
TEST(LargeGrids, BacktrackAgreesOnNearlyFullGrids) {
  for (const char* file : kSets) {
    const auto puzzle = parse(test_util::read_lines(file)[0]);
    sudoku::Grid solution;
    ASSERT_EQ(test_util::make_solver("bitmask")->solve(puzzle, options(1), &solution).solutions, 1u);
    sudoku::Grid nearly = solution;
    for (int cell = 0; cell < nearly.cell_count(); cell += 17) nearly.cells[cell] = 0;
    sudoku::Grid out;
    const auto r = test_util::make_solver("backtrack")->solve(nearly, options(2, 1'000'000), &out);
    EXPECT_FALSE(r.aborted) << file;
    EXPECT_EQ(r.solutions, 1u) << file;
    EXPECT_EQ(sudoku::to_string(out), sudoku::to_string(solution)) << file;
    // And on the generated puzzle itself it either finishes with the right count or says it stopped.
    const auto limited = test_util::make_solver("backtrack")->solve(puzzle, options(2, 20'000), nullptr);
    EXPECT_TRUE(limited.aborted || limited.solutions == 1u) << file;
  }
}

TEST(LargeGrids, ConflictingGivensHaveNoSolution) {
  for (const char* file : kSets) {
    auto puzzle = parse(test_util::read_lines(file)[0]);
    const int n = puzzle.side();
    // The largest digit twice in the last row, in two cells the puzzle leaves blank or not.
    puzzle.cells[static_cast<std::size_t>(n * n - 1)] = static_cast<std::uint8_t>(n);
    puzzle.cells[static_cast<std::size_t>(n * n - 2)] = static_cast<std::uint8_t>(n);
    for (const char* spec : {"bitmask", "norvig", "logic", "backtrack", "cadical"}) {
      const auto r = test_util::make_solver(spec)->solve(puzzle, options(2, 1'000'000), nullptr);
      EXPECT_FALSE(r.aborted) << spec << " " << file;
      EXPECT_EQ(r.solutions, 0u) << spec << " " << file;
    }
  }
}

TEST(LargeGrids, EmptyGridsAreFilledByBitmask) {
  for (int box : {6, 7}) {
    sudoku::Grid empty;
    empty.box = box;
    sudoku::Grid out;
    const auto r = test_util::make_solver("bitmask")->solve(empty, options(1, 100'000), &out);
    EXPECT_EQ(r.solutions, 1u) << box;
    EXPECT_TRUE(sudoku::is_solution_of(empty, out)) << box;
  }
}

TEST(LargeGrids, GeneratedPuzzlesAreUnique) {
  for (int box : {6, 7}) {
    sudoku::GenerateOptions o;
    o.box = box;
    o.seed = 7;
    o.check_nodes = 100;
    // Most givens kept, so that the test takes milliseconds; the removal and its checks are the same.
    o.min_givens = box * box * box * box - 150;
    sudoku::PuzzleGenerator generator(o);
    for (std::uint64_t i = 0; i < 2; ++i) {
      const auto puzzle = generator.make(i);
      EXPECT_EQ(puzzle.box, box);
      int givens = 0;
      for (int cell = 0; cell < puzzle.cell_count(); ++cell) givens += puzzle.cells[cell] != 0;
      EXPECT_EQ(givens, o.min_givens) << box;
      for (const char* spec : {"bitmask", "logic"}) {
        sudoku::Grid out;
        const auto r = test_util::make_solver(spec)->solve(puzzle, options(2), &out);
        EXPECT_EQ(r.solutions, 1u) << spec << " box " << box;
        EXPECT_TRUE(sudoku::is_solution_of(puzzle, out)) << spec << " box " << box;
      }
    }
  }
}

TEST(LargeGrids, GeneratorThrowsAboveTheLargestSize) {
  sudoku::GenerateOptions o;
  o.box = sudoku::kMaxBox + 1;
  EXPECT_THROW(sudoku::PuzzleGenerator{o}, std::invalid_argument);
}

TEST(LargeGrids, SymbolsAreCaseSensitiveAbove25x25) {
  EXPECT_EQ(sudoku::symbol_for(10), 'A');
  EXPECT_EQ(sudoku::symbol_for(35), 'Z');
  EXPECT_EQ(sudoku::symbol_for(36), 'a');
  EXPECT_EQ(sudoku::symbol_for(49), 'n');
  sudoku::Grid g;
  std::string record(1296, '.');
  record[0] = 'a';  // 36
  record[1] = 'A';  // 10
  record[2] = 'Z';  // 35
  ASSERT_TRUE(sudoku::parse_record(record, g));
  EXPECT_EQ(g.box, 6);
  EXPECT_EQ(g.cells[0], 36);
  EXPECT_EQ(g.cells[1], 10);
  EXPECT_EQ(g.cells[2], 35);
  EXPECT_EQ(sudoku::to_string(g), record);
  record[0] = 'b';  // 37: too large for 36x36
  EXPECT_EQ(sudoku::describe(sudoku::parse_record(record, g)),
            "symbol 'b' at column 1 is out of range for a 36x36 grid");
  record[0] = 'o';  // no symbol at all
  EXPECT_EQ(sudoku::describe(sudoku::parse_record(record, g)), "bad character 'o' at column 1");
  std::string large(2401, '.');
  large[2400] = 'n';
  ASSERT_TRUE(sudoku::parse_record(large, g));
  EXPECT_EQ(g.cells[2400], 49);
  // Up to 25x25 lower case is upper case: 'a' is 10.
  std::string small(625, '.');
  small[0] = 'a';
  ASSERT_TRUE(sudoku::parse_record(small, g));
  EXPECT_EQ(g.cells[0], 10);
  EXPECT_EQ(sudoku::describe(sudoku::parse_record(std::string(1297, '.'), g)),
            "wrong length 1297 (expected 16, 81, 256, 625, 1296 or 2401 cells)");
}

std::string numbers(int count, const std::string& separator, int value = 0) {
  std::string s;
  for (int i = 0; i < count; ++i) s += (i ? separator : "") + std::to_string(i == 0 ? value : 0);
  return s;
}

TEST(LargeGrids, NumericRecordsOfEverySize) {
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box) {
    const int side = box * box;
    for (const std::string separator : {" ", ",", ", ", "\t", " , "}) {
      sudoku::Grid g;
      const auto r = sudoku::parse_numbers(numbers(side * side, separator, side), g);
      ASSERT_TRUE(r) << sudoku::describe(r);
      EXPECT_EQ(g.box, box);
      EXPECT_EQ(g.cells[0], side);
      EXPECT_EQ(g.cells[1], 0);
    }
  }
  sudoku::Grid g;
  ASSERT_TRUE(sudoku::parse_numbers("  " + numbers(81, " ", 9) + " ", g));
  EXPECT_EQ(sudoku::to_string(g), "9" + std::string(80, '.'));
}

TEST(LargeGrids, BadNumericRecordsSayWhy) {
  sudoku::Grid g;
  const auto why = [&](const std::string& record) { return sudoku::describe(sudoku::parse_numbers(record, g)); };
  test_util::expect_each(
      why, {{numbers(80, ","), "wrong number of fields 80 (expected 16, 81, 256, 625, 1296 or 2401 numbers)"},
            {numbers(2401, " ", 50), "number 50 in field 1 is out of range for a 49x49 grid (0 to 49)"},
            {numbers(81, ",", 10), "number 10 in field 1 is out of range for a 9x9 grid (0 to 9)"},
            {numbers(81, ",", 12345), "number 999 or more in field 1 is out of range for a 9x9 grid (0 to 9)"},
            {"1,2,,3", "empty field 3 at column 5"},
            {"1,2,", "empty field 3 at column 5"},
            {",1", "empty field 1 at column 1"},
            {"1 2 x 3", "bad character 'x' at column 5 (field 3)"},
            {"1 2 3a", "bad character 'a' at column 6 (field 3)"},
            {"1 -2", "bad character '-' at column 3 (field 2)"}});
}

}  // namespace
