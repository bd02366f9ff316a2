// Norvig's random puzzles: reproducible by seed, consistent givens, and his proportions roughly.
#include "sudoku/random_puzzle.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

sudoku::RandomPuzzleOptions sized(int box) {
  sudoku::RandomPuzzleOptions o;
  o.box = box;
  return o;
}

// No digit twice in a row, column or box.
bool givens_consistent(const sudoku::Grid& g) {
  const int side = g.side(), box = g.box;
  for (int a = 0; a < side; ++a) {
    std::set<int> row, col, blk;
    for (int b = 0; b < side; ++b) {
      const int r = g.cells[static_cast<std::size_t>(a * side + b)];
      const int c = g.cells[static_cast<std::size_t>(b * side + a)];
      const int x = g.cells[static_cast<std::size_t>(((a / box) * box + b / box) * side + (a % box) * box + b % box)];
      if ((r && !row.insert(r).second) || (c && !col.insert(c).second) || (x && !blk.insert(x).second)) return false;
    }
  }
  return true;
}

TEST(RandomPuzzleTest, SameSeedSamePuzzleOtherSeedOtherPuzzle) {
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxRandomBox; ++box) {
    const auto o = sized(box);
    EXPECT_EQ(sudoku::to_string(sudoku::random_puzzle(o, 42)), sudoku::to_string(sudoku::random_puzzle(o, 42)));
    if (box > 2) {
      EXPECT_NE(sudoku::to_string(sudoku::random_puzzle(o, 42)), sudoku::to_string(sudoku::random_puzzle(o, 43)));
    }
  }
}

TEST(RandomPuzzleTest, EnoughConsistentGivensWithEnoughDigits) {
  const int boxes[] = {2, 3, 4, 5, 6, 7};
  for (int box : boxes) {
    for (std::uint64_t seed = 1; seed <= (box >= 5 ? 3u : 40u); ++seed) {
      const sudoku::Grid g = sudoku::random_puzzle(sized(box), seed);
      int givens = 0;
      std::set<int> digits;
      for (int i = 0; i < g.cell_count(); ++i)
        if (g.cells[static_cast<std::size_t>(i)]) ++givens, digits.insert(g.cells[static_cast<std::size_t>(i)]);
      EXPECT_GE(givens, (17 * g.cell_count() + 80) / 81) << sudoku::to_string(g);
      EXPECT_GE(static_cast<int>(digits.size()), g.side() - 1) << sudoku::to_string(g);
      EXPECT_TRUE(givens_consistent(g)) << sudoku::to_string(g);
    }
  }
}

TEST(RandomPuzzleTest, MostAreSolvableSomeAreNotUnique) {
  // Norvig: of a million, about 99.99% solvable, and many with several solutions.
  const auto solver = test_util::make_solver("bitmask");
  int none = 0, unique = 0, multiple = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const sudoku::SolveResult r = solver->solve(sudoku::random_puzzle(sized(3), seed), test_util::options(2), nullptr);
    (r.solutions == 0 ? none : r.solutions == 1 ? unique : multiple)++;
  }
  EXPECT_LT(none, 20);
  EXPECT_GT(unique + multiple, 180);
  EXPECT_GT(multiple, 0);
}

TEST(RandomPuzzleTest, RefusesImpossibleSizesAndTargets) {
  EXPECT_THROW(sudoku::random_puzzle(sized(1), 1), std::invalid_argument);
  EXPECT_THROW(sudoku::random_puzzle(sized(sudoku::kMaxBox + 1), 1), std::invalid_argument);
  sudoku::RandomPuzzleOptions o;
  o.min_decided = 82;
  EXPECT_THROW(sudoku::random_puzzle(o, 1), std::invalid_argument);
  o.min_decided = 20;
  o.min_digits = 10;
  EXPECT_THROW(sudoku::random_puzzle(o, 1), std::invalid_argument);
}

}  // namespace
