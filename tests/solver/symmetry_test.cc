#include "sudoku/symmetry.h"

#include <gtest/gtest.h>

#include <set>

#include "sudoku/parse.h"
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

}  // namespace
