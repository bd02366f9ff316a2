// `portfolio`: bitmask for a node budget, then CaDiCaL afresh. Exact counts at limits 1, 2 and 3
// on every size, through either part (`nodes=1` sends every puzzle that propagation alone does not
// decide to CaDiCaL); the tree size as documented; the limits of solver.h honoured in both parts.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "solver_util.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

using test_util::endless;
using test_util::options;
using test_util::parse;

TEST(Portfolio, IsListedWithItsBudgetInItsName) {
  test_util::expect_listed("portfolio", /*reports_tree_size=*/true);
  test_util::expect_listed("portfolio:nodes=500", /*reports_tree_size=*/true);
  for (const char* bad : {"portfolio:", "portfolio:x", "portfolio:nodes=", "portfolio:nodes=0", "portfolio:nodes=5x",
                          "portfolio:nodes=-1", "portfolio:nodes=5,nodes=6"})
    test_util::expect_refused(bad);
}

struct Sample {
  std::string label;
  std::string record;
};

// Per size, a puzzle with one solution and one with several (two or more): the generated sets'
// first puzzles; the empty 4x4 but for one given; published 9x9 multi-solution puzzles; the
// 16x16 and 25x25 first puzzles' solutions with every other cell blanked; a 65% puzzle of each
// random large set.
std::vector<Sample> samples() {
  std::vector<Sample> out;
  const auto line = [](const char* file, std::size_t n) {
    return Sample{std::string(file) + " line " + std::to_string(n), test_util::read_lines(file)[n - 1]};
  };
  for (const char* file : {"generated_4x4_1000.txt", "kaggle_first20k.txt", "sudoku16x16_1000.txt",
                           "generated_25x25_100.txt", "generated_36x36_100.txt", "generated_49x49_20.txt"})
    out.push_back(line(file, 1));
  out.push_back({"the empty 4x4 but one given", "1" + std::string(15, '.')});
  const auto serg = test_util::read_lines("serg_benchmark.txt");
  for (std::size_t i = 0; i < serg.size(); i += 10 * test_util::stride())
    out.push_back({"serg_benchmark line " + std::to_string(i + 1), serg[i]});
  for (const char* file : {"sudoku16x16_1000.txt", "generated_25x25_100.txt"}) {
    sudoku::Grid g;
    EXPECT_EQ(test_util::make_solver("bitmask")->solve(parse(line(file, 1).record), options(1), &g).solutions, 1u);
    for (int cell = 0; cell < g.cell_count(); cell += 2) g.cells[cell] = 0;
    out.push_back({std::string(file) + " line 1's solution, every other cell blanked", sudoku::to_string(g)});
  }
  out.push_back(line("random_36x36_1000.txt", 1000));
  out.push_back(line("random_49x49_200.txt", 200));
  return out;
}

TEST(Portfolio, CountsExactlyAtLimitsOneTwoAndThreeOnEverySizeThroughEitherPart) {
  auto reference = test_util::make_solver("bitmask");
  for (const char* spec : {"portfolio", "portfolio:nodes=1"}) {
    auto solver = test_util::make_solver(spec);
    for (const Sample& s : samples()) {
      const auto puzzle = parse(s.record);
      for (std::uint64_t limit : {1u, 2u, 3u}) {
        const auto expected = reference->solve(puzzle, options(limit), nullptr);
        ASSERT_FALSE(expected.aborted) << s.label;
        sudoku::Grid out;
        const auto r = solver->solve(puzzle, options(limit), &out);
        EXPECT_FALSE(r.aborted) << spec << " " << s.label << " limit " << limit;
        EXPECT_EQ(r.solutions, expected.solutions) << spec << " " << s.label << " limit " << limit;
        if (r.solutions > 0) {
          EXPECT_EQ(sudoku::solution_error(puzzle, out), "") << spec << " " << s.label;
        }
        EXPECT_GE(r.nodes, 1u) << spec << " " << s.label;
      }
    }
  }
}

// Within its budget the portfolio is bitmask: the same counts, nodes and guesses.
TEST(Portfolio, WithinTheBudgetItIsBitmask) {
  auto bitmask = test_util::make_solver("bitmask");
  auto portfolio = test_util::make_solver("portfolio");
  for (const Sample& s : samples()) {
    const auto puzzle = parse(s.record);
    const auto a = bitmask->solve(puzzle, options(2), nullptr);
    const auto b = portfolio->solve(puzzle, options(2), nullptr);
    if (a.nodes > 30) continue;  // below every size's default budget
    EXPECT_EQ(b.solutions, a.solutions) << s.label;
    EXPECT_EQ(b.nodes, a.nodes) << s.label;
    EXPECT_EQ(b.guesses, a.guesses) << s.label;
  }
}

TEST(Portfolio, ConflictingGivensAndTheEmpty4x4) {
  for (const char* spec : {"portfolio", "portfolio:nodes=1"}) {
    auto solver = test_util::make_solver(spec);
    for (const std::string& record :
         {"55" + std::string(79, '.'), "1..1" + std::string(12, '.'), ".123456789" + std::string(71, '.')}) {
      const auto r = solver->solve(parse(record), options(2), nullptr);
      EXPECT_EQ(r.solutions, 0u) << spec << " " << record;
      EXPECT_FALSE(r.aborted) << spec << " " << record;
    }
    test_util::expect_empty_4x4_counts(*solver);
    sudoku::Grid out;
    const auto solved = solver->solve(parse(test_util::kSolved9), options(3), &out);
    EXPECT_EQ(solved.solutions, 1u) << spec;
    EXPECT_EQ(sudoku::to_string(out), test_util::kSolved9) << spec;
  }
}

// The node limit covers both parts: bitmask's nodes plus CaDiCaL's conflicts.
TEST(Portfolio, TheNodeLimitCoversBothParts) {
  // Line 1 of the random 36x36 set (45% givens) takes CaDiCaL thousands of conflicts.
  const auto hard = parse(test_util::read_lines("random_36x36_1000.txt")[0]);
  const auto r = test_util::make_solver("portfolio:nodes=10")->solve(hard, options(1, 500), nullptr);
  EXPECT_TRUE(r.aborted);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_GE(r.nodes, 10u);
  EXPECT_LE(r.nodes, 501u);
  // A limit below the budget is bitmask's own.
  const auto small = test_util::make_solver("portfolio")->solve(parse(std::string(81, '.')), options(1000, 5), nullptr);
  EXPECT_TRUE(small.aborted);
  EXPECT_EQ(small.nodes, 5u);
}

TEST(Portfolio, TheStopFlagAndTheClockStopEitherPart) {
  for (const char* spec : {"portfolio", "portfolio:nodes=1"}) {
    auto solver = test_util::make_solver(spec);
    const std::atomic<bool> stop{true};
    sudoku::SolveOptions o = endless();
    o.stop = &stop;
    EXPECT_TRUE(solver->solve(parse(std::string(81, '.')), o, nullptr).aborted) << spec;
    sudoku::SolveResult r;
    ASSERT_NO_FATAL_FAILURE(test_util::stop_a_running_count(*solver, r)) << spec;
    EXPECT_TRUE(r.aborted) << spec;
    sudoku::SolveOptions timed = endless();
    timed.time_limit = std::chrono::milliseconds(50);
    const auto start = std::chrono::steady_clock::now();
    EXPECT_TRUE(solver->solve(parse(std::string(256, '.')), timed, nullptr).aborted) << spec;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << spec;
  }
}

}  // namespace
