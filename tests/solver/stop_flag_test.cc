// SolveOptions::stop, the harness's way to end a search from outside (SIGINT, SIGTERM): every
// strategy reads it every 256 nodes, as it reads the clock, stops and reports aborted; a flag that
// stays clear changes nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using test_util::endless;
using test_util::options;
using test_util::parse;

// Every strategy with its own search code: the variants of norvig, and each ISA of fast.
class StopFlag : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    std::string error;
    auto factory = sudoku::make_solver_factory(GetParam(), error);
    if (!factory) GTEST_SKIP() << GetParam() << " not available here: " << error;
    solver_ = factory->make();
  }

  std::unique_ptr<sudoku::Solver> solver_;
};

INSTANTIATE_TEST_SUITE_P(, StopFlag,
                         ::testing::Values("bitmask", "backtrack", "norvig:fc", "norvig:ac+dual+pairs",
                                           "norvig:var=random,val=random,seed=11", "logic", "fast", "fast:scalar",
                                           "fast:avx2", "fast:avx512"),
                         [](const auto& info) { return test_util::param_name(info.param); });

TEST_P(StopFlag, ASetFlagStopsTheSearchWithin256Nodes) {
  const std::atomic<bool> stop{true};
  sudoku::SolveOptions o = endless();
  o.stop = &stop;
  const auto r = solver_->solve(parse(std::string(81, '.')), o, nullptr);
  EXPECT_TRUE(r.aborted);
  EXPECT_EQ(sudoku::status_of(r), sudoku::Status::aborted);
  EXPECT_EQ(r.nodes, 256u);  // read first at node 256, like the clock
}

TEST_P(StopFlag, AFlagSetFromAnotherThreadStopsARunningSearch) {
  sudoku::SolveResult r;
  ASSERT_NO_FATAL_FAILURE(test_util::stop_a_running_count(*solver_, r));
  EXPECT_TRUE(r.aborted);
  EXPECT_GT(r.nodes, 256u);
  EXPECT_EQ(r.nodes % 256, 0u);  // stopped where the flag is read
}

TEST_P(StopFlag, AClearFlagChangesNoCount) {
  const std::atomic<bool> stop{false};
  const auto puzzles = test_util::read_lines("top95.txt");
  for (std::size_t i = 0; i < puzzles.size(); i += 7) {
    const sudoku::Grid puzzle = parse(puzzles[i]);
    sudoku::SolveOptions o = options(2, 100'000);  // backtrack would take seconds on some
    const auto plain = solver_->solve(puzzle, o, nullptr);
    o.stop = &stop;
    const auto polled = solver_->solve(puzzle, o, nullptr);
    EXPECT_EQ(polled.solutions, plain.solutions) << puzzles[i];
    EXPECT_EQ(polled.nodes, plain.nodes) << puzzles[i];
    EXPECT_EQ(polled.guesses, plain.guesses) << puzzles[i];
    EXPECT_EQ(polled.aborted, plain.aborted) << puzzles[i];
  }
}

TEST_P(StopFlag, ANodeLimitStaysExactWithAFlagAndAClock) {
  const std::atomic<bool> stop{false};
  for (const std::uint64_t limit : {1u, 100u, 256u, 257u, 1000u}) {
    sudoku::SolveOptions o = endless();
    o.max_nodes = limit;
    o.stop = &stop;
    o.time_limit = std::chrono::hours(1);
    const auto r = solver_->solve(parse(std::string(81, '.')), o, nullptr);
    EXPECT_TRUE(r.aborted) << limit;
    EXPECT_EQ(r.nodes, limit);
  }
}

// The grids beyond 9x9, for the strategies that take them: the flag is read there too.
TEST(StopFlagLargeGrids, EveryStrategyStopsOnA36x36) {
  for (const char* spec : {"bitmask", "backtrack", "norvig", "logic"}) {
    const auto solver = test_util::make_solver(spec);
    const std::atomic<bool> stop{true};
    sudoku::SolveOptions o = endless();
    o.stop = &stop;
    const auto r = solver->solve(parse(std::string(36 * 36, '.')), o, nullptr);
    EXPECT_TRUE(r.aborted) << spec;
    EXPECT_EQ(r.nodes, 256u) << spec;
  }
}

}  // namespace
