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

using test_util::options;
using test_util::parse;

// Counting every solution of the empty 9x9 grid (6.7e21 of them) is a search without end.
sudoku::SolveOptions endless() { return options(~std::uint64_t{0}); }

TEST(Cadical, IsListedAndReportsNoTreeSize) {
  std::string error;
  const auto factory = sudoku::make_solver_factory("cadical", error);
  ASSERT_TRUE(factory) << error;
  EXPECT_FALSE(factory->reports_tree_size());
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box) EXPECT_TRUE(factory->supports(box)) << box;
  EXPECT_FALSE(sudoku::make_solver_factory("cadical:x", error));
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
  auto solver = test_util::make_solver("cadical");
  const auto empty = parse(std::string(16, '.'));
  for (std::uint64_t limit : {1, 2, 3, 100, 288}) {
    sudoku::Grid out;
    const auto r = solver->solve(empty, options(limit), &out);
    EXPECT_EQ(r.solutions, limit);
    EXPECT_FALSE(r.aborted);
    EXPECT_TRUE(sudoku::is_solution_of(empty, out));
  }
  EXPECT_EQ(solver->solve(empty, options(1000), nullptr).solutions, 288u);  // and not one more
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
  std::atomic<bool> stop{false};
  sudoku::SolveOptions o = endless();
  o.stop = &stop;
  auto solver = test_util::make_solver("cadical");
  const sudoku::Grid empty = parse(std::string(81, '.'));
  auto search = std::async(std::launch::async, [&] { return solver->solve(empty, o, nullptr); });
  EXPECT_EQ(search.wait_for(std::chrono::milliseconds(100)), std::future_status::timeout) << "it should not end alone";
  stop.store(true);
  ASSERT_EQ(search.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "the flag did not stop it";
  const auto r = search.get();
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
