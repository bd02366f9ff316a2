// Branching on the fewest candidates per failure weight (dom/wdeg, propagation.h), and bitmask's
// ties broken by the same weights: what they buy on the random large grids whose tails they are for,
// and that they change only the order, never a count.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "solver_util.h"
#include "sudoku/parse.h"
#include "test_util.h"

namespace {

using test_util::options;
using test_util::parse;

// Line 403 of the bundled random 36x36 set (55% givens, many solutions): MRV guesses wrong early
// and searched more than 50,000 nodes for a first solution; the weights found one in 1,776
// (norvig:ac+dual+pairs) and logic in 244 (measured when the order was added).
std::string random_36x36_line(std::size_t line) { return test_util::read_lines("random_36x36_1000.txt").at(line - 1); }

TEST(FailureWeights, FindWhatMrvDoesNotOnARandom36x36) {
  const auto puzzle = parse(random_36x36_line(403));
  ASSERT_EQ(puzzle.box, 6);
  const auto mrv = test_util::make_solver("norvig:ac+dual+pairs,var=mrv")->solve(puzzle, options(1, 10'000), nullptr);
  EXPECT_TRUE(mrv.aborted) << mrv.nodes;
  for (const auto& [spec, budget] : {std::pair{"norvig:ac+dual+pairs,var=wdeg", 5'000}, std::pair{"logic", 1'000}}) {
    sudoku::Grid out;
    const auto r = test_util::make_solver(spec)->solve(puzzle, options(1, budget), &out);
    EXPECT_FALSE(r.aborted) << spec << " " << r.nodes;
    EXPECT_EQ(r.solutions, 1u) << spec;
    EXPECT_TRUE(sudoku::is_solution_of(puzzle, out)) << spec;
  }
}

// bitmask breaks its fewest-candidates ties by the weights once a search has 128 nodes
// (bitmask.cc): with row-major ties it searched more than 80,000 nodes for this puzzle's first
// solution, with the weights 2,245.
TEST(FailureWeights, BitmaskTiesFindWhatRowMajorTiesDoNot) {
  const auto puzzle = parse(random_36x36_line(403));
  sudoku::Grid out;
  const auto r = test_util::make_solver("bitmask")->solve(puzzle, options(1, 5'000), &out);
  EXPECT_FALSE(r.aborted) << r.nodes;
  EXPECT_GT(r.nodes, 128u);  // found by the weighted order, not before it
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_TRUE(sudoku::is_solution_of(puzzle, out));
}

// Past 128 nodes bitmask's order is the weighted one; its counts must not move. Random large grids
// whose count at limit 3 takes bitmask 200 to 4,400 nodes (36x36 lines 412, 478 and 551 have
// exactly two solutions), against logic and CaDiCaL at limits 1 to 3.
TEST(FailureWeights, BitmaskCountsAgreeWithLogicAndCadicalPastTheThreshold) {
  const auto lines36 = test_util::read_lines("random_36x36_1000.txt");
  const auto lines49 = test_util::read_lines("random_49x49_200.txt");
  const std::pair<const std::vector<std::string>*, std::size_t> cases[] = {
      {&lines36, 412}, {&lines36, 414}, {&lines36, 478}, {&lines36, 551}, {&lines49, 134}, {&lines49, 148}};
  auto bitmask = test_util::make_solver("bitmask");
  auto logic = test_util::make_solver("logic");
  auto cadical = test_util::make_solver("cadical");
  for (const auto& [lines, line] : cases) {
    const auto puzzle = parse(lines->at(line - 1));
    const std::string where = std::to_string(puzzle.box * puzzle.box) + " line " + std::to_string(line);
    for (std::uint64_t limit : {1u, 2u, 3u}) {
      // Budgets far above what each needs (bitmask 4,400 nodes at most), so that a regression
      // fails here instead of hanging.
      sudoku::Grid out;
      const auto b = bitmask->solve(puzzle, options(limit, 100'000), &out);
      ASSERT_FALSE(b.aborted) << where;
      if (limit == 3) {
        EXPECT_GT(b.nodes, 128u) << where;  // the weighted order ran
      }
      EXPECT_TRUE(sudoku::is_solution_of(puzzle, out)) << where;
      for (auto* other : {logic.get(), cadical.get()}) {
        const auto r = other->solve(puzzle, options(limit, 100'000), nullptr);
        ASSERT_FALSE(r.aborted) << where << " limit " << limit;
        EXPECT_EQ(b.solutions, r.solutions) << where << " limit " << limit;
      }
    }
  }
}

// Below 128 nodes bitmask's trees are what they were before the weights: the generated 25x25 to
// 49x49 sets, whose proofs its generator kept under 100 nodes, node for node. The totals of their
// first ten puzzles were measured with the build before the weights (6685b09).
TEST(FailureWeights, BitmaskTreesUnder128NodesAreUnchanged) {
  struct Expected {
    const char* file;
    std::uint64_t nodes, guesses;
  };
  auto bitmask = test_util::make_solver("bitmask");
  for (const auto& [file, nodes, guesses] :
       {Expected{"generated_25x25_100.txt", 978, 484}, Expected{"generated_36x36_100.txt", 956, 473},
        Expected{"generated_49x49_20.txt", 990, 490}}) {
    const auto lines = test_util::read_lines(file);
    std::uint64_t total_nodes = 0, total_guesses = 0;
    for (std::size_t i = 0; i < 10; ++i) {
      const auto r = bitmask->solve(parse(lines.at(i)), options(2), nullptr);
      EXPECT_LT(r.nodes, 128u) << file << ":" << i + 1;
      EXPECT_EQ(r.solutions, 1u) << file << ":" << i + 1;
      total_nodes += r.nodes;
      total_guesses += r.guesses;
    }
    EXPECT_EQ(total_nodes, nodes) << file;
    EXPECT_EQ(total_guesses, guesses) << file;
  }
}

// The weights start afresh with every puzzle: a solver's tree for a puzzle does not depend on what
// it solved before.
TEST(FailureWeights, TreeDependsOnThePuzzleAloneNotOnTheOneBefore) {
  const auto puzzle = parse(random_36x36_line(403));
  const auto other = parse(random_36x36_line(421));
  for (const char* spec : {"norvig:ac+dual+pairs,var=wdeg", "bitmask"}) {
    auto solver = test_util::make_solver(spec);
    const auto first = solver->solve(puzzle, options(2, 20'000), nullptr);
    EXPECT_FALSE(first.aborted) << spec;
    EXPECT_GT(first.nodes, 128u) << spec;  // past bitmask's threshold: its weights steered
    solver->solve(other, options(1, 2'000), nullptr);
    const auto again = solver->solve(puzzle, options(2, 20'000), nullptr);
    EXPECT_EQ(again.nodes, first.nodes) << spec;
    EXPECT_EQ(again.guesses, first.guesses) << spec;
    EXPECT_EQ(again.solutions, first.solutions) << spec;
    EXPECT_EQ(again.aborted, first.aborted) << spec;
  }
}

// Until a search has 30 nodes the weighted order is MRV (PropagationConfig::weights_after_nodes):
// a tree smaller than that is MRV's, node for node.
TEST(FailureWeights, SmallTreesAreMrvs) {
  auto weighted = test_util::make_solver("norvig:ac+dual+pairs,var=wdeg");
  auto mrv = test_util::make_solver("norvig:ac+dual+pairs,var=mrv");
  int small = 0;
  for (const char* file : {"sudoku16x16_1000.txt", "generated_36x36_100.txt"}) {
    const auto lines = test_util::read_lines(file);
    for (std::size_t i = 0; i < 20; i += test_util::stride()) {
      const auto puzzle = parse(lines.at(i));
      const auto m = mrv->solve(puzzle, options(2), nullptr);
      if (m.nodes >= 30) continue;
      ++small;
      const auto w = weighted->solve(puzzle, options(2), nullptr);
      EXPECT_EQ(w.nodes, m.nodes) << file << ":" << i + 1;
      EXPECT_EQ(w.guesses, m.guesses) << file << ":" << i + 1;
    }
  }
  EXPECT_GT(small, 0);
}

// The order decides which subtree comes first, not what the tree holds: counts agree with MRV's
// at every limit, on unique 16x16 puzzles and on 25x25 ones.
TEST(FailureWeights, CountsAgreeWithMrv) {
  auto weighted = test_util::make_solver("norvig:ac+dual+pairs,var=wdeg");
  auto mrv = test_util::make_solver("norvig:ac+dual+pairs,var=mrv");
  for (const char* file : {"sudoku16x16_1000.txt", "generated_25x25_100.txt"}) {
    const auto lines = test_util::read_lines(file);
    for (std::size_t i = 0; i < 10; i += test_util::stride()) {
      const auto puzzle = parse(lines.at(i));
      for (std::uint64_t limit : {1u, 2u, 3u}) {
        sudoku::Grid out;
        const auto w = weighted->solve(puzzle, options(limit), &out);
        EXPECT_EQ(w.solutions, mrv->solve(puzzle, options(limit), nullptr).solutions) << file << ":" << i + 1;
        EXPECT_TRUE(sudoku::is_solution_of(puzzle, out)) << file << ":" << i + 1;
      }
    }
  }
}

}  // namespace
