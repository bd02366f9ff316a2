// The strategies differ the way they should: stronger propagation, smaller trees. Totals over all
// of top95 (per puzzle, a stronger level can now and then need a node or two more, since MRV then
// picks a different branch cell).
#include <gtest/gtest.h>

#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using test_util::options;
using test_util::parse;

// Total nodes over top95; a search stopped by `max_nodes` adds the limit, a lower bound of its tree.
std::uint64_t total_nodes(const std::string& spec, std::uint64_t max_nodes = 0) {
  auto solver = test_util::make_solver(spec);
  std::uint64_t total = 0;
  for (const auto& record : test_util::read_lines("top95.txt"))
    total += solver->solve(parse(record), options(2, max_nodes), nullptr).nodes;
  return total;
}

TEST(TreeSize, StrongerPropagationMakesSmallerTreesOnTop95) {
  const std::uint64_t backtrack = total_nodes("backtrack", 50'000);
  const std::uint64_t fc = total_nodes("norvig:fc");
  const std::uint64_t ac = total_nodes("norvig:ac");
  const std::uint64_t dual = total_nodes("norvig:ac+dual");
  const std::uint64_t pairs = total_nodes("norvig:ac+dual+pairs");
  const std::uint64_t logic = total_nodes("logic");
  EXPECT_EQ(total_nodes("norvig"), pairs);  // the default is the strongest level
  EXPECT_GT(backtrack, 100 * pairs) << "backtrack " << backtrack << " (a lower bound), norvig " << pairs;
  EXPECT_GT(fc, ac);
  EXPECT_GT(ac, 10 * dual);  // hidden singles are what makes top95 easy
  EXPECT_GT(dual, pairs);
  EXPECT_GT(pairs, logic);
  EXPECT_GT(fc, 100 * pairs);
}

TEST(TreeSize, AcPlusDualPropagatesLikeBitmask) {
  // Same rules (naked and hidden singles to a fixpoint): the same puzzles are decided at the root,
  // with the same counts. The trees differ beyond that because bitmask may branch on a digit with
  // two places in a unit where norvig branches on a cell.
  auto norvig = test_util::make_solver("norvig:ac+dual");
  auto bitmask = test_util::make_solver("bitmask");
  std::size_t decided_at_root = 0, compared = 0;
  for (const char* file : {"easy50.txt", "sudoku17_49158.txt", "sudoku16x16_1000.txt"}) {
    const auto records = test_util::read_lines(file);
    for (std::size_t i = 0; i < records.size(); i += 17 * test_util::stride()) {
      const auto p = parse(records[i]);
      const auto a = norvig->solve(p, options(2), nullptr);
      const auto b = bitmask->solve(p, options(2), nullptr);
      EXPECT_EQ(a.nodes == 1, b.nodes == 1) << file << " line " << i + 1;
      EXPECT_EQ(a.solutions, b.solutions) << file << " line " << i + 1;
      decided_at_root += a.nodes == 1;
      ++compared;
    }
  }
  EXPECT_GT(decided_at_root * 5, compared);  // a fifth or more, whatever the sampling stride
}

TEST(TreeSize, ForwardCheckingGuessesLikeAcButBranchesOnForcedCells) {
  // fc leaves single-candidate cells to the search: they add nodes but no guesses.
  auto fc = test_util::make_solver("norvig:fc");
  auto ac = test_util::make_solver("norvig:ac");
  const auto records = test_util::read_lines("top95.txt");
  for (std::size_t i = 0; i < records.size(); i += 5 * test_util::stride()) {
    const auto p = parse(records[i]);
    const auto a = fc->solve(p, options(2), nullptr);
    const auto b = ac->solve(p, options(2), nullptr);
    EXPECT_EQ(a.guesses, b.guesses) << "line " << i + 1;
    EXPECT_GT(a.nodes, b.nodes) << "line " << i + 1;
  }
}

TEST(TreeSize, DigitOrderCannotChangeAUniquenessProof) {
  // Proving uniqueness explores the whole tree, so only the cell order shapes it.
  const auto asc = total_nodes("norvig:ac+dual+pairs,val=asc");
  EXPECT_EQ(total_nodes("norvig:ac+dual+pairs,val=lcv"), asc);
  EXPECT_EQ(total_nodes("norvig:ac+dual+pairs,val=random,seed=3"), asc);
}

TEST(TreeSize, FirstSolutionDependsOnTheDigitOrder) {
  // With max_solutions = 1 the search stops early, and where depends on the order of the digits.
  auto asc = test_util::make_solver("norvig:val=asc");
  auto random = test_util::make_solver("norvig:val=random,seed=3");
  std::uint64_t a = 0, r = 0;
  for (const auto& record : test_util::read_lines("top95.txt")) {
    a += asc->solve(parse(record), options(1), nullptr).nodes;
    r += random->solve(parse(record), options(1), nullptr).nodes;
  }
  EXPECT_NE(a, r);
}

TEST(TreeSize, ForwardCheckingPrunesTheBacktrackingTree) {
  // In the same cell and digit order, fc has the candidates that backtrack's occupancy masks allow,
  // and it stops a branch as soon as a later blank runs out of them: a subtree of backtrack's.
  auto naive = test_util::make_solver("backtrack");
  auto fc_first = test_util::make_solver("norvig:fc,var=first");
  const auto records = test_util::read_lines("top95.txt");
  for (std::size_t i = 0; i < records.size(); i += 5 * test_util::stride()) {
    const auto p = parse(records[i]);
    const auto a = naive->solve(p, options(2, 200'000), nullptr);
    const auto b = fc_first->solve(p, options(2, 200'000), nullptr);
    if (!a.aborted) {
      EXPECT_FALSE(b.aborted) << "line " << i + 1;
      EXPECT_LE(b.nodes, a.nodes) << "line " << i + 1;
    }
  }
}

TEST(TreeSize, LogicSolvesMoreTop95PuzzlesWithoutGuessing) {
  auto logic = test_util::make_solver("logic");
  auto pairs = test_util::make_solver("norvig:ac+dual+pairs");
  int logic_one = 0, pairs_one = 0;
  for (const auto& record : test_util::read_lines("top95.txt")) {
    logic_one += logic->solve(parse(record), options(2), nullptr).nodes == 1;
    pairs_one += pairs->solve(parse(record), options(2), nullptr).nodes == 1;
  }
  EXPECT_GT(logic_one, pairs_one);
}

}  // namespace
