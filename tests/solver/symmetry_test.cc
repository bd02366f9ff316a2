#include "sudoku/symmetry.h"

#include <gtest/gtest.h>

#include <set>

#include "sudoku/parse.h"
#include "sudoku/split_mix64.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

sudoku::Grid grid(const std::string& record) {
  sudoku::Grid g;
  EXPECT_TRUE(sudoku::parse_record(record, g)) << record;
  return g;
}

TEST(SymmetryTest, UndoInvertsApplyForEverySize) {
  for (int box = 2; box <= 5; ++box) {
    sudoku::Grid g;
    g.box = box;
    for (int i = 0; i < g.cell_count(); ++i) g.cells[i] = static_cast<std::uint8_t>((i * 7 + i / 3) % (g.side() + 1));
    for (std::uint64_t seed = 1; seed < 40; ++seed) {
      const auto s = sudoku::random_symmetry(box, seed);
      EXPECT_EQ(sudoku::undo(s, sudoku::apply(s, g)).cells, g.cells) << box << " " << seed;
      EXPECT_EQ(sudoku::apply(s, sudoku::undo(s, g)).cells, g.cells) << box << " " << seed;
    }
  }
}

// Cell by cell, as symmetry.h defines it: new cell (r, c) holds old cell (row[r], col[c]) with its
// digit renamed, then the grid is transposed. Checks each size's code (9x9's byte permutes where the
// build has AVX-512 VBMI) against that definition.
TEST(SymmetryTest, ApplyMovesEachCellWhereTheSymmetrySays) {
  for (int box = 2; box <= 7; ++box) {
    sudoku::Grid g;
    g.box = box;
    const int n = g.side();
    for (int i = 0; i < g.cell_count(); ++i) g.cells[i] = static_cast<std::uint8_t>((i * 7 + i / 3) % (n + 1));
    for (std::uint64_t seed = 1; seed < 20; ++seed) {
      const auto s = sudoku::random_symmetry(box, seed);
      const sudoku::Grid out = sudoku::apply(s, g);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          const int at = s.transpose ? c * n + r : r * n + c;
          ASSERT_EQ(out.cells[at], s.digit[g.cells[s.row[r] * n + s.col[c]]])
              << box << " " << seed << " " << r << " " << c;
        }
    }
  }
}

TEST(SymmetryTest, SolutionsMapToSolutionsWithTheSameCount) {
  std::string error;
  const auto solver = sudoku::make_solver_factory("bitmask", error)->make();
  const auto puzzles = test_util::read_lines("top95.txt");
  std::set<std::uint64_t> nodes;  // different symmetries give different search trees
  for (std::size_t i = 0; i < puzzles.size(); i += 5) {
    const sudoku::Grid p = grid(puzzles[i]);
    const auto s = sudoku::random_symmetry(3, sudoku::puzzle_seed(12345, p));
    sudoku::Grid solution;
    const auto r = solver->solve(sudoku::apply(s, p), {}, &solution);
    ASSERT_EQ(r.solutions, 1u);
    EXPECT_TRUE(sudoku::is_solution_of(p, sudoku::undo(s, solution)));
    nodes.insert(r.nodes);
  }
  EXPECT_GT(nodes.size(), 3u);
}

TEST(SymmetryTest, SeedsAreDeterministicAndDependOnThePuzzle) {
  const sudoku::Grid a = grid(std::string(80, '.') + "1"), b = grid(std::string(80, '.') + "2");
  EXPECT_EQ(sudoku::puzzle_seed(7, a), sudoku::puzzle_seed(7, a));
  EXPECT_NE(sudoku::puzzle_seed(7, a), sudoku::puzzle_seed(7, b));
  EXPECT_NE(sudoku::puzzle_seed(7, a), sudoku::puzzle_seed(8, a));
  const auto s1 = sudoku::random_symmetry(3, 99), s2 = sudoku::random_symmetry(3, 99);
  EXPECT_EQ(s1.digit, s2.digit);
  EXPECT_EQ(s1.row, s2.row);
  EXPECT_EQ(s1.col, s2.col);
  EXPECT_EQ(s1.transpose, s2.transpose);
}

// The per-puzzle seed is pinned: FNV-1a over the size and the cells, mixed into the run's seed.
// Every --seed run's symmetries, and so its trees, depend on it, whatever shortcut computes it.
std::uint64_t reference_puzzle_seed(std::uint64_t seed, const sudoku::Grid& g) {
  std::uint64_t h = 0xcbf29ce484222325;
  h = (h ^ static_cast<std::uint8_t>(g.box)) * 0x100000001b3;
  for (int i = 0; i < g.cell_count(); ++i) h = (h ^ g.cells[i]) * 0x100000001b3;
  std::uint64_t z = seed ^ (h + 0x9e3779b97f4a7c15 + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

TEST(SymmetryTest, PuzzleSeedIsFnv1aOfTheGridMixedIntoTheSeed) {
  sudoku::SplitMix64 random(5);
  for (int box = 2; box <= 7; ++box) {
    for (int blank_per_16 = 0; blank_per_16 <= 16; ++blank_per_16) {  // all filled .. all blank
      sudoku::Grid g;
      g.box = box;
      const int n = g.cell_count(), side = g.side();
      for (int i = 0; i < n; ++i)
        g.cells[i] = random.below(16) < static_cast<std::uint32_t>(blank_per_16)
                         ? 0
                         : static_cast<std::uint8_t>(1 + random.below(static_cast<std::uint32_t>(side)));
      const std::uint64_t seed = random.next();
      EXPECT_EQ(sudoku::puzzle_seed(seed, g), reference_puzzle_seed(seed, g)) << "box " << box;
    }
  }
}

}  // namespace
