// The SAT reference `cadical`: exact counts to the limit, contradictions found at the givens, and
// the limits of solver.h (stop flag, clock, node limit as CaDiCaL's decisions) honoured. Its
// agreement with the other strategies on every size is in strategy_agreement_test.cc.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>

#include "solver_util.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

using test_util::endless;
using test_util::options;
using test_util::parse;

TEST(Cadical, IsListedAndReportsNoTreeSize) {
  test_util::expect_listed("cadical", /*reports_tree_size=*/false);
  test_util::expect_refused("cadical:x");
}

TEST(Cadical, ConflictingGivensHaveNoSolution) {
  auto solver = test_util::make_solver("cadical");
  for (const std::string& record : {"55" + std::string(79, '.'), "5........5" + std::string(71, '.'),
                                    "5.........5" + std::string(70, '.'), "1..1" + std::string(12, '.'),
                                    // no conflict among the givens, but the top-left cell has no value left
                                    ".123456789" + std::string(71, '.')}) {
    const auto r = solver->solve(parse(record), options(2), nullptr);
    EXPECT_EQ(r.solutions, 0u) << record;
    EXPECT_FALSE(r.aborted) << record;
  }
}

TEST(Cadical, ASolvedGridIsItsOwnSolution) {
  sudoku::Grid out;
  const auto r = test_util::make_solver("cadical")->solve(parse(test_util::kSolved9), options(2), &out);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(sudoku::to_string(out), test_util::kSolved9);
}

// Its messages would land in the middle of `run`'s table: a unique puzzle whose blocking clause
// CaDiCaL finds falsified at once makes it speak unless told to be quiet.
TEST(Cadical, WritesNothingToStdout) {
  auto solver = test_util::make_solver("cadical");
  std::string solved = test_util::kSolved9;
  solved[0] = '.';
  testing::internal::CaptureStdout();
  const auto r = solver->solve(parse(solved), options(2), nullptr);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(r.solutions, 1u);
}

TEST(Cadical, TheEmpty4x4HasExactly288SolutionsAndCountingStopsAtTheLimit) {
  test_util::expect_empty_4x4_counts(*test_util::make_solver("cadical"));
}

TEST(Cadical, ASetStopFlagStopsTheCount) {
  const std::atomic<bool> stop{true};
  sudoku::SolveOptions o = endless();
  o.stop = &stop;
  const auto r = test_util::make_solver("cadical")->solve(parse(std::string(81, '.')), o, nullptr);
  EXPECT_TRUE(r.aborted);
  EXPECT_EQ(r.solutions, 0u);
}

TEST(Cadical, AFlagSetFromAnotherThreadStopsARunningCount) {
  sudoku::SolveResult r;
  ASSERT_NO_FATAL_FAILURE(test_util::stop_a_running_count(*test_util::make_solver("cadical"), r));
  EXPECT_TRUE(r.aborted);
  EXPECT_GT(r.solutions, 0u);  // a lower bound: those found before the flag
}

TEST(Cadical, TheClockAndTheDecisionLimitStopTheCount) {
  auto solver = test_util::make_solver("cadical");
  sudoku::SolveOptions timed = endless();
  timed.time_limit = std::chrono::milliseconds(50);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(solver->solve(parse(std::string(81, '.')), timed, nullptr).aborted);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  // One decision a solve is too few to count 1000 solutions of the empty 16x16 grid: CaDiCaL may
  // find the first few without deciding (its "lucky" phases), but not a thousand.
  const auto r = solver->solve(parse(std::string(256, '.')), options(1000, 1), nullptr);
  EXPECT_TRUE(r.aborted);
  EXPECT_LT(r.solutions, 1000u);
}

}  // namespace
