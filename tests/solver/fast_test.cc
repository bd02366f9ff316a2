// The fast strategy on every backend this build and CPU can run (others are skipped, saying so),
// against known answers, exact counts and each other.
#include <gtest/gtest.h>

#include <chrono>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "solver_util.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

// An empty grid with some cells set, e.g. dots_with({{0, '5'}, {80, '5'}}).
std::string dots_with(std::initializer_list<std::pair<int, char>> cells) {
  std::string s(81, '.');
  for (const auto& [i, c] : cells) s[static_cast<std::size_t>(i)] = c;
  return s;
}

const std::vector<std::string> kSpecs = {"fast", "fast:scalar", "fast:avx2", "fast:avx512"};

class FastTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    std::string error;
    auto factory = sudoku::make_solver_factory(GetParam(), error);
    if (!factory) GTEST_SKIP() << GetParam() << " not available here: " << error;
    EXPECT_TRUE(factory->supports(3));
    EXPECT_FALSE(factory->supports(2));
    EXPECT_FALSE(factory->supports(4));
    solver_ = factory->make();
  }

  sudoku::SolveResult solve(const std::string& record, std::uint64_t limit = 2, sudoku::Grid* out = nullptr,
                            std::uint64_t max_nodes = 0) {
    return solver_->solve(test_util::parse(record), test_util::options(limit, max_nodes), out);
  }

  // Every puzzle of `file` (every stride-th) has one solution, which is printed correctly.
  void expect_unique(const std::string& file, std::size_t stride) {
    const auto puzzles = test_util::read_lines(file);
    sudoku::Grid out;
    for (std::size_t i = 0; i < puzzles.size(); i += stride * test_util::stride()) {
      const auto r = solve(puzzles[i], 2, &out);
      ASSERT_EQ(r.solutions, 1u) << file << " line " << i + 1;
      ASSERT_FALSE(r.aborted);
      ASSERT_TRUE(sudoku::is_solution_of(test_util::parse(puzzles[i]), out)) << file << " line " << i + 1;
    }
  }

  std::unique_ptr<sudoku::Solver> solver_;
};

TEST_P(FastTest, KnownSolutionsOfKaggleAndHard10k) { test_util::expect_known_solutions(*solver_, 3); }

TEST_P(FastTest, UniqueDatasets) {
  expect_unique("easy50.txt", 1);
  expect_unique("top95.txt", 1);
  expect_unique("hardest.txt", 1);
  expect_unique("top1465.txt", 3);
  expect_unique("subig20.txt", 11);
  expect_unique("sudoku17_49158.txt", 31);
  expect_unique("forum_hardest_1106.txt", 5);
  expect_unique("forum_hardest_1905_11plus.txt", 101);
  expect_unique("msolve_hardest_to_solve_1000.txt", 17);
  expect_unique("msolve_most_difficult_100.txt", 3);
}

TEST_P(FastTest, ConflictingGivensHaveNoSolution) {
  for (const std::string& record : {dots_with({{0, '5'}, {1, '5'}}),      // same row, same box
                                    dots_with({{0, '5'}, {8, '5'}}),      // same row
                                    dots_with({{0, '5'}, {72, '5'}}),     // same column
                                    dots_with({{0, '5'}, {20, '5'}}),     // same box
                                    dots_with({{0, '5'}, {80, '5'}})}) {  // no conflict
    const bool conflict = record.back() != '5';
    sudoku::Grid out;
    const auto r = solve(record, 2, &out);
    EXPECT_EQ(r.solutions, conflict ? 0u : 2u) << record;
    EXPECT_FALSE(r.aborted);
    if (conflict) {
      EXPECT_EQ(r.nodes, 1u) << record;  // caught by propagation at the root
    }
    if (!conflict) {
      EXPECT_TRUE(sudoku::is_solution_of(test_util::parse(record), out));
    }
  }
  // A full grid with one swap: every cell given, two conflicts.
  std::string g = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  EXPECT_EQ(solve(g).solutions, 1u);
  EXPECT_EQ(solve(g).nodes, 1u);
  std::swap(g[0], g[1]);
  EXPECT_EQ(solve(g).solutions, 0u);
  // Cells that no digit can take.
  EXPECT_EQ(
      solve(dots_with({{0, '1'}, {1, '2'}, {2, '3'}, {3, '4'}, {4, '5'}, {5, '6'}, {6, '7'}, {7, '8'}, {17, '9'}}))
          .solutions,
      0u);
}

TEST_P(FastTest, ValuesAboveNineHaveNoSolution) {
  sudoku::Grid g = test_util::parse(std::string(81, '.'));
  g.cells[40] = 12;
  EXPECT_EQ(solver_->solve(g, {}, nullptr).solutions, 0u);
}

TEST_P(FastTest, EmptyGridCountsToTheLimit) { test_util::expect_empty_grid_counts(*solver_, 81, {1, 2, 3, 10, 1000}); }

TEST_P(FastTest, PropagationAloneIsOneNode) { test_util::expect_propagation_alone_solves_euler_1(*solver_); }

TEST_P(FastTest, GuessesExcludeForcedLastAlternatives) {
  // Two fillings that differ in a 1/2 swap: the root has exactly two ways on, the first a guess.
  std::string two = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  two[0] = two[1] = two[27] = two[28] = '.';
  const auto r = solve(two, 10);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_EQ(r.nodes, 3u);
  EXPECT_EQ(r.guesses, 1u);
}

// Every rectangle of a filled grid and of its transpose (two rows, two columns, two boxes, two
// digits swapped), blanked: the search counts its two solutions without building the child it
// need not show (engine.h's kRectangleCells), so counts, trees and the solution shown must be
// those of the two children. The transpose has the rectangles whose rows share a band.
TEST_P(FastTest, RectanglesCountAsTheirTwoChildren) {
  const std::string filled = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  std::string transposed(81, '.');
  for (int i = 0; i < 81; ++i)
    transposed[static_cast<std::size_t>(i % 9 * 9 + i / 9)] = filled[static_cast<std::size_t>(i)];
  const auto box = [](int r, int c) { return r / 3 * 3 + c / 3; };
  int shapes[2] = {0, 0};  // rows in two bands, rows in one band
  for (const std::string& g : {filled, transposed}) {
    const auto at = [&](int r, int c) { return g[static_cast<std::size_t>(9 * r + c)]; };
    for (int r1 = 0; r1 < 9; ++r1)
      for (int r2 = r1 + 1; r2 < 9; ++r2)
        for (int c1 = 0; c1 < 9; ++c1)
          for (int c2 = c1 + 1; c2 < 9; ++c2) {
            if (at(r1, c1) != at(r2, c2) || at(r1, c2) != at(r2, c1)) continue;
            const int boxes[4] = {box(r1, c1), box(r1, c2), box(r2, c1), box(r2, c2)};
            if ((boxes[0] == boxes[1]) == (boxes[0] == boxes[2])) continue;  // one box or four
            std::string puzzle = g;
            for (const int cell : {9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2})
              puzzle[static_cast<std::size_t>(cell)] = '.';
            ++shapes[r1 / 3 == r2 / 3];
            sudoku::Grid out;
            for (const std::uint64_t limit : {1, 2, 10}) {
              for (sudoku::Grid* grid : {&out, static_cast<sudoku::Grid*>(nullptr)}) {
                const auto r = solve(puzzle, limit, grid);
                EXPECT_EQ(r.solutions, limit == 1 ? 1u : 2u) << puzzle << " limit " << limit;
                EXPECT_EQ(r.nodes, limit == 1 ? 2u : 3u) << puzzle << " limit " << limit;
                EXPECT_EQ(r.guesses, 1u) << puzzle << " limit " << limit;
              }
              EXPECT_TRUE(sudoku::is_solution_of(test_util::parse(puzzle), out)) << puzzle << " limit " << limit;
            }
            // a node limit inside the rectangle stops it there
            const auto cut = solve(puzzle, 2, nullptr, 2);
            EXPECT_TRUE(cut.aborted) << puzzle;
            EXPECT_EQ(cut.nodes, 2u) << puzzle;
            EXPECT_EQ(cut.solutions, 1u) << puzzle;
          }
  }
  EXPECT_GT(shapes[0], 0);
  EXPECT_GT(shapes[1], 0);
}

// Deep in a search, where the rectangles of serg_benchmark's many-solution puzzles are met, with a
// grid to fill or without one, and with a node limit at every node of the tree: the same trees.
TEST_P(FastTest, SergBenchmarkTreesDoNotDependOnTheGrid) {
  const auto puzzles = test_util::read_lines("serg_benchmark.txt");
  sudoku::Grid out;
  for (std::size_t i = 0; i < puzzles.size(); i += 97 * test_util::stride()) {
    for (const std::uint64_t limit : {1, 2, 3}) {
      const auto with = solve(puzzles[i], limit, &out);
      const auto without = solve(puzzles[i], limit);
      EXPECT_EQ(with.solutions, without.solutions) << "line " << i + 1;
      EXPECT_EQ(with.nodes, without.nodes) << "line " << i + 1;
      EXPECT_EQ(with.guesses, without.guesses) << "line " << i + 1;
      EXPECT_TRUE(sudoku::is_solution_of(test_util::parse(puzzles[i]), out)) << "line " << i + 1;
      for (std::uint64_t cap = 1; cap < with.nodes; ++cap) {
        const auto cut = solve(puzzles[i], limit, &out, cap);
        ASSERT_TRUE(cut.aborted) << "line " << i + 1 << " cap " << cap;
        ASSERT_EQ(cut.nodes, cap) << "line " << i + 1;
        ASSERT_EQ(solve(puzzles[i], limit, nullptr, cap).nodes, cap) << "line " << i + 1;
      }
    }
  }
}

TEST_P(FastTest, SergBenchmarkExactCounts) {
  const auto puzzles = test_util::read_lines("serg_benchmark.txt");
  const auto counts = test_util::read_lines("serg_benchmark.counts.txt");
  ASSERT_EQ(puzzles.size(), counts.size());
  sudoku::Grid out;
  for (std::size_t i = 0; i < puzzles.size(); i += 41 * test_util::stride()) {
    const auto exact = solve(puzzles[i], 1'000'000);
    EXPECT_EQ(exact.solutions, std::stoull(counts[i])) << "line " << i + 1;
    const auto r = solve(puzzles[i], 2, &out);
    EXPECT_EQ(r.solutions, 2u) << "line " << i + 1;
    EXPECT_TRUE(sudoku::is_solution_of(test_util::parse(puzzles[i]), out)) << "line " << i + 1;
  }
}

TEST_P(FastTest, Top2365Line570Has14044Solutions) {
  const auto puzzles = test_util::read_lines("top2365.txt");
  EXPECT_EQ(solve(puzzles[569], 1'000'000).solutions, 14044u);
  EXPECT_EQ(solve(puzzles[569], 14044).solutions, 14044u);
  EXPECT_EQ(solve(puzzles[569], 100).solutions, 100u);
}

TEST_P(FastTest, NodeLimitAborts) {
  const auto limited = solve(std::string(81, '.'), 1'000'000, nullptr, 100);
  EXPECT_TRUE(limited.aborted);
  EXPECT_EQ(limited.nodes, 100u);
  EXPECT_LT(limited.solutions, 1'000'000u);
  EXPECT_EQ(sudoku::status_of(limited), sudoku::Status::aborted);
  // A hard puzzle stops at its limit too, and a limit above its tree changes nothing.
  const std::string hard = test_util::read_lines("forum_hardest_1106.txt")[0];
  const auto full = solve(hard);
  ASSERT_GT(full.nodes, 10u);
  const auto cut = solve(hard, 2, nullptr, full.nodes - 1);
  EXPECT_TRUE(cut.aborted);
  EXPECT_EQ(cut.nodes, full.nodes - 1);
  const auto enough = solve(hard, 2, nullptr, full.nodes);
  EXPECT_FALSE(enough.aborted);
  EXPECT_EQ(enough.solutions, 1u);
  EXPECT_EQ(enough.nodes, full.nodes);
}

TEST_P(FastTest, TimeLimitAborts) {
  // Counting the empty grid's solutions would take ages; a 2 ms budget stops it.
  sudoku::SolveOptions options;
  options.max_solutions = std::uint64_t{1} << 62;
  options.time_limit = std::chrono::milliseconds(2);
  const auto start = std::chrono::steady_clock::now();
  const auto r = solver_->solve(test_util::parse(std::string(81, '.')), options, nullptr);
  EXPECT_TRUE(r.aborted);
  EXPECT_GT(r.solutions, 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  // A generous limit changes nothing.
  options.max_solutions = 2;
  options.time_limit = std::chrono::seconds(10);
  const auto hard =
      solver_->solve(test_util::parse(test_util::read_lines("forum_hardest_1106.txt")[0]), options, nullptr);
  EXPECT_FALSE(hard.aborted);
  EXPECT_EQ(hard.solutions, 1u);
}

TEST_P(FastTest, OtherSizesAreNotSolved) {
  const auto r = solver_->solve(test_util::parse(std::string(16, '.')), {}, nullptr);
  EXPECT_EQ(r.solutions, 0u);
}

TEST_P(FastTest, InstancesAreIndependent) {
  std::string error;
  auto other = sudoku::make_solver_factory(GetParam(), error)->make();
  for (const auto& p : test_util::read_lines("top95.txt")) {
    const auto a = solve(p);
    const auto b = other->solve(test_util::parse(p), {}, nullptr);
    const auto c = solve(p);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.nodes, c.nodes);
    EXPECT_EQ(a.guesses, c.guesses);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, FastTest, ::testing::ValuesIn(kSpecs),
                         [](const auto& info) { return test_util::param_name(info.param); });

// Every backend walks the same tree: same nodes, guesses and counts on every puzzle.
TEST(FastBackendsTest, AgreeOnTreeSizes) {
  std::vector<std::unique_ptr<sudoku::Solver>> solvers;
  std::vector<std::string> names;
  for (const auto& spec : kSpecs) {
    std::string error;
    if (auto f = sudoku::make_solver_factory(spec, error)) {
      solvers.push_back(f->make());
      names.push_back(spec);
    }
  }
  if (solvers.size() < 2) GTEST_SKIP() << "only one backend available";
  for (const char* file : {"top95.txt", "forum_hardest_1106.txt", "serg_benchmark.txt", "sudoku17_49158.txt"}) {
    const auto puzzles = test_util::read_lines(file);
    for (std::size_t i = 0; i < puzzles.size(); i += 13 * test_util::stride()) {
      const auto g = test_util::parse(puzzles[i]);
      for (std::uint64_t limit : {1, 2, 50}) {
        sudoku::SolveOptions options;
        options.max_solutions = limit;
        sudoku::Grid first;
        const auto want = solvers[0]->solve(g, options, &first);
        for (std::size_t s = 1; s < solvers.size(); ++s) {
          sudoku::Grid out;
          const auto got = solvers[s]->solve(g, options, &out);
          ASSERT_EQ(got.solutions, want.solutions) << names[s] << " " << file << " line " << i + 1;
          ASSERT_EQ(got.nodes, want.nodes) << names[s] << " " << file << " line " << i + 1;
          ASSERT_EQ(got.guesses, want.guesses) << names[s] << " " << file << " line " << i + 1;
          ASSERT_EQ(sudoku::to_string(out), sudoku::to_string(first)) << names[s] << " " << file << " line " << i + 1;
        }
      }
    }
  }
}

// Exact counts of all 10,000 serg puzzles (1,982,741 solutions) on the default backend; the
// parameterized test samples them on every backend.
TEST(FastCountsTest, SergBenchmarkAllExactCounts) {
  std::string error;
  auto solver = sudoku::make_solver_factory("fast", error)->make();
  const auto puzzles = test_util::read_lines("serg_benchmark.txt");
  const auto counts = test_util::read_lines("serg_benchmark.counts.txt");
  ASSERT_EQ(puzzles.size(), counts.size());
  sudoku::SolveOptions options;
  options.max_solutions = 1'000'000;
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += test_util::stride()) {
    const auto r = solver->solve(test_util::parse(puzzles[i]), options, nullptr);
    ASSERT_EQ(r.solutions, std::stoull(counts[i])) << "line " << i + 1;
    ASSERT_FALSE(r.aborted);
    total += r.solutions;
  }
  if (test_util::stride() == 1) {
    EXPECT_EQ(total, 1'982'741u);
  }
}

TEST(FastSpecTest, OptionsAreCheckedAndNamed) {
  std::string error;
  EXPECT_EQ(sudoku::make_solver_factory("fast:sse9", error), nullptr);
  EXPECT_NE(error.find("unknown option 'sse9'"), std::string::npos) << error;
  auto plain = sudoku::make_solver_factory("fast", error);
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->name(), "fast");
  auto scalar = sudoku::make_solver_factory("fast:scalar", error);
  ASSERT_NE(scalar, nullptr);
  EXPECT_EQ(scalar->name(), "fast:scalar");
}

}  // namespace
