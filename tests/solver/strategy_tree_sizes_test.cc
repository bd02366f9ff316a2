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

// Every `step`-th puzzle of `file` (further apart in a sanitizer build) solved by `spec_a` and
// `spec_b` with `o`, their results handed to `check` with the puzzle's line number.
template <typename Check>
void compare_on(const char* file, std::size_t step, const std::string& spec_a, const std::string& spec_b,
                const sudoku::SolveOptions& o, Check check) {
  auto solver_a = test_util::make_solver(spec_a);
  auto solver_b = test_util::make_solver(spec_b);
  const auto records = test_util::read_lines(file);
  for (std::size_t i = 0; i < records.size(); i += step * test_util::stride()) {
    const auto p = parse(records[i]);
    check(solver_a->solve(p, o, nullptr), solver_b->solve(p, o, nullptr), i + 1);
  }
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
  std::size_t decided_at_root = 0, compared = 0;
  for (const char* file : {"easy50.txt", "sudoku17_49158.txt", "sudoku16x16_1000.txt"}) {
    compare_on(file, 17, "norvig:ac+dual", "bitmask", options(2), [&](const auto& a, const auto& b, std::size_t line) {
      EXPECT_EQ(a.nodes == 1, b.nodes == 1) << file << " line " << line;
      EXPECT_EQ(a.solutions, b.solutions) << file << " line " << line;
      decided_at_root += a.nodes == 1;
      ++compared;
    });
  }
  EXPECT_GT(decided_at_root * 5, compared);  // a fifth or more, whatever the sampling stride
}

TEST(TreeSize, ForwardCheckingGuessesLikeAcButBranchesOnForcedCells) {
  // fc leaves single-candidate cells to the search: they add nodes but no guesses.
  compare_on("top95.txt", 5, "norvig:fc", "norvig:ac", options(2), [](const auto& a, const auto& b, std::size_t line) {
    EXPECT_EQ(a.guesses, b.guesses) << "line " << line;
    EXPECT_GT(a.nodes, b.nodes) << "line " << line;
  });
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
  compare_on("top95.txt", 5, "backtrack", "norvig:fc,var=first", options(2, 200'000),
             [](const auto& a, const auto& b, std::size_t line) {
               if (!a.aborted) {
                 EXPECT_FALSE(b.aborted) << "line " << line;
                 EXPECT_LE(b.nodes, a.nodes) << "line " << line;
               }
             });
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
