// The bitmask strategy against known answers; the full public datasets are in
// tests/harness/run/dataset_counts_test.cc.
#include <gtest/gtest.h>

#include <string>

#include "solver_util.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

sudoku::Grid grid(const std::string& record) {
  sudoku::Grid g;
  EXPECT_TRUE(sudoku::parse_record(record, g)) << record;
  return g;
}

class BitmaskTest : public ::testing::Test {
 protected:
  sudoku::SolveResult solve(const std::string& record, std::uint64_t limit = 2, sudoku::Grid* out = nullptr) {
    sudoku::SolveOptions options;
    options.max_solutions = limit;
    return solver_->solve(grid(record), options, out);
  }

  std::unique_ptr<sudoku::Solver> solver_ = [] {
    std::string error;
    return sudoku::make_solver_factory("bitmask", error)->make();
  }();
};

TEST_F(BitmaskTest, KnownSolutionsOfKaggleAndHard10k) { test_util::expect_known_solutions(*solver_, 7); }

TEST_F(BitmaskTest, ConflictingGivensHaveNoSolution) {
  const auto r = solve("55" + std::string(79, '.'));
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_EQ(r.nodes, 1u);
  EXPECT_EQ(r.guesses, 0u);
  EXPECT_EQ(solve("5........5" + std::string(71, '.')).solutions, 0u);   // same column
  EXPECT_EQ(solve("5.........5" + std::string(70, '.')).solutions, 0u);  // same box
}

TEST_F(BitmaskTest, EmptyGridCountsToTheLimit) { test_util::expect_empty_grid_counts(*solver_, 81, {1, 2, 3, 10}); }

TEST_F(BitmaskTest, PropagationAloneIsOneNode) { test_util::expect_propagation_alone_solves_euler_1(*solver_); }

TEST_F(BitmaskTest, GuessesExcludeForcedLastCandidates) {
  // A solved grid with the four corners of a 2x2 rectangle blanked has exactly two fillings and a
  // bivalue cell at the root: the first child is a guess, the second (last candidate) is not.
  std::string g = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  g[0] = g[1] = g[9] = g[10] = '.';  // digits 1,2 / 4,5: unique, since boxes pin them
  const auto unique = solve(g);
  EXPECT_EQ(unique.solutions, 1u);
  std::string two = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  two[0] = two[1] = two[27] = two[28] = '.';  // rows 0 and 3, columns 0 and 1: 1/2 swap both ways
  const auto r = solve(two, 10);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_EQ(r.nodes, 3u);
  EXPECT_EQ(r.guesses, 1u);
}

TEST_F(BitmaskTest, SergBenchmarkExactCounts) {
  const auto puzzles = test_util::read_lines("serg_benchmark.txt");
  const auto counts = test_util::read_lines("serg_benchmark.counts.txt");
  ASSERT_EQ(puzzles.size(), counts.size());
  for (std::size_t i = 0; i < puzzles.size(); i += 97 * test_util::stride()) {
    const auto exact = solve(puzzles[i], 1'000'000);
    EXPECT_EQ(exact.solutions, std::stoull(counts[i])) << "line " << i + 1;
    EXPECT_EQ(solve(puzzles[i]).solutions, 2u) << "line " << i + 1;
  }
}

TEST_F(BitmaskTest, Top2365Line570Has14044Solutions) {
  const auto puzzles = test_util::read_lines("top2365.txt");
  EXPECT_EQ(solve(puzzles[569], 1'000'000).solutions, 14044u);
}

// The seed write-ups' two worst cases for a fixed-order search. "Well under a second" is held as a
// node bound, which cannot flake on a loaded machine: a node costs well under a microsecond.
TEST_F(BitmaskTest, TheWriteUpsWorstCasesStaySmall) {
  const auto many = solve(".....6....59.....82....8....45........3........6..3.54...325..6..................");
  EXPECT_EQ(many.solutions, 2u);  // thousands; the count stops at the limit
  EXPECT_LE(many.nodes, 10'000u);
  const auto none = solve(".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
  EXPECT_EQ(none.solutions, 0u);
  EXPECT_LE(none.nodes, 10'000u);
}

TEST_F(BitmaskTest, NodeLimitAborts) {
  const auto r = solve(std::string(81, '.'), 1'000'000);  // the empty grid has billions
  EXPECT_EQ(r.solutions, 1'000'000u);
  sudoku::SolveOptions options;
  options.max_solutions = 1'000'000;
  options.max_nodes = 100;
  const auto limited = solver_->solve(grid(std::string(81, '.')), options, nullptr);
  EXPECT_TRUE(limited.aborted);
  EXPECT_EQ(limited.nodes, 100u);
  EXPECT_EQ(sudoku::status_of(limited), sudoku::Status::aborted);
}

TEST_F(BitmaskTest, EveryGridSize) {
  sudoku::Grid out;
  for (const std::string& record : {std::string(16, '.'), std::string(256, '.'), std::string(625, '.')}) {
    const auto r = solve(record, 2, &out);
    EXPECT_EQ(r.solutions, 2u);
    EXPECT_TRUE(sudoku::is_solution_of(grid(record), out));
  }
  const auto sixteen = test_util::read_lines("sudoku16x16_1000.txt");
  for (std::size_t i = 0; i < sixteen.size(); i += 37 * test_util::stride()) {
    const auto r = solve(sixteen[i], 2, &out);
    EXPECT_EQ(r.solutions, 1u) << "line " << i + 1;
    EXPECT_TRUE(sudoku::is_solution_of(grid(sixteen[i]), out));
  }
}

TEST_F(BitmaskTest, InstancesAreIndependent) {
  // Interleaving two instances must not change either's answers.
  std::string error;
  auto other = sudoku::make_solver_factory("bitmask", error)->make();
  const auto puzzles = test_util::read_lines("top95.txt");
  for (const auto& p : puzzles) {
    const auto a = solve(p);
    const auto b = other->solve(grid(p), {}, nullptr);
    const auto c = solve(p);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.nodes, c.nodes);
    EXPECT_EQ(a.guesses, c.guesses);
  }
}

}  // namespace
