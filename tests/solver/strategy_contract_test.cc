// Properties every strategy must have, whatever its search: counts up to the limit, the node and
// guess conventions of solver.h, node limits, every grid size, no state shared between solves.
#include <gtest/gtest.h>

#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using test_util::options;
using test_util::parse;

class EveryStrategy : public ::testing::TestWithParam<const char*> {
 protected:
  std::unique_ptr<sudoku::Solver> solver_ = test_util::make_solver(GetParam());
};

INSTANTIATE_TEST_SUITE_P(, EveryStrategy,
                         ::testing::Values("bitmask", "backtrack", "norvig:fc", "norvig:ac", "norvig:ac+dual",
                                           "norvig:ac+dual+pairs", "norvig:fc,var=first", "norvig:ac,val=lcv",
                                           "norvig:var=random,val=random,seed=11", "norvig:ac+dual,var=first", "logic"),
                         [](const auto& info) { return test_util::param_name(info.param); });

TEST_P(EveryStrategy, ConflictingGivensHaveNoSolutionAtTheRoot) {
  for (const std::string& record : {"55" + std::string(79, '.'), "5........5" + std::string(71, '.'),
                                    "5.........5" + std::string(70, '.'), "1..1" + std::string(12, '.')}) {
    const auto r = solver_->solve(parse(record), options(2), nullptr);
    EXPECT_EQ(r.solutions, 0u) << record;
    EXPECT_EQ(r.nodes, 1u) << record;
    EXPECT_EQ(r.guesses, 0u) << record;
    EXPECT_FALSE(r.aborted);
  }
}

TEST_P(EveryStrategy, ASolvedGridIsOneNode) {
  sudoku::Grid out;
  const auto r = solver_->solve(parse(test_util::kSolved9), options(2), &out);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(r.nodes, 1u);
  EXPECT_EQ(r.guesses, 0u);
  EXPECT_EQ(sudoku::to_string(out), test_util::kSolved9);
}

TEST_P(EveryStrategy, TheEmpty4x4HasExactly288SolutionsAndCountingStopsAtTheLimit) {
  const auto all = test_util::expect_empty_4x4_counts(*solver_);
  EXPECT_EQ(sudoku::status_of(all), sudoku::Status::multiple);
  // Every leaf of a complete tree is a solution or a dead end, and 288 leaves need 287 guesses.
  EXPECT_GE(all.guesses, 287u);
}

TEST_P(EveryStrategy, TwoFillingsOfARectangle) {
  std::string two = test_util::kSolved9;
  two[0] = two[1] = two[27] = two[28] = '.';  // rows 0 and 3, columns 0 and 1: 1/2 swap both ways
  const auto r = solver_->solve(parse(two), options(10), nullptr);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_EQ(r.guesses, 1u);  // the first digit of the first branch cell; all else is forced
}

TEST_P(EveryStrategy, NodeLimitAbortsAtExactlyTheLimit) {
  const auto empty = parse(std::string(81, '.'));
  const auto r = solver_->solve(empty, options(1'000'000, 100), nullptr);
  EXPECT_TRUE(r.aborted);
  EXPECT_EQ(r.nodes, 100u);
  EXPECT_LT(r.solutions, 1'000'000u);
  EXPECT_EQ(sudoku::status_of(r), sudoku::Status::aborted);
}

TEST_P(EveryStrategy, EveryGridSize) {
  // The empty grid of every size has a solution; the weak searches may hit the limit from 25x25 up.
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box) {
    sudoku::Grid empty;
    empty.box = box;
    sudoku::Grid out;
    const auto r = solver_->solve(empty, options(1, 20'000), &out);
    if (r.aborted) {
      EXPECT_EQ(r.solutions, 0u);
      EXPECT_GE(box, 5) << "only 25x25 and larger may exhaust the limit";
      continue;
    }
    EXPECT_EQ(r.solutions, 1u) << box;
    EXPECT_TRUE(sudoku::is_solution_of(empty, out)) << box;
  }
}

TEST_P(EveryStrategy, SolvesAreRepeatableAndInstancesIndependent) {
  auto other = test_util::make_solver(GetParam());
  const auto puzzles = test_util::read_lines("top95.txt");
  for (std::size_t i = 0; i < puzzles.size(); i += 3 * test_util::stride()) {
    const auto p = parse(puzzles[i]);
    const auto a = solver_->solve(p, options(2, 50'000), nullptr);
    const auto b = other->solve(p, options(2, 50'000), nullptr);
    solver_->solve(parse(puzzles[(i + 1) % puzzles.size()]), options(2, 50'000), nullptr);
    const auto c = solver_->solve(p, options(2, 50'000), nullptr);
    for (const auto& x : {b, c}) {
      EXPECT_EQ(a.nodes, x.nodes) << "line " << i + 1;
      EXPECT_EQ(a.guesses, x.guesses) << "line " << i + 1;
      EXPECT_EQ(a.solutions, x.solutions) << "line " << i + 1;
      EXPECT_EQ(a.aborted, x.aborted) << "line " << i + 1;
    }
  }
}

}  // namespace
