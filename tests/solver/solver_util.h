// Helpers for the strategy tests: parsing known-good records, making solvers by spec, the datasets.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <future>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace test_util {

inline sudoku::Grid parse(const std::string& record) {
  sudoku::Grid g;
  const auto r = sudoku::parse_record(record, g);
  EXPECT_TRUE(r) << sudoku::describe(r);
  return g;
}

inline std::unique_ptr<sudoku::Solver> make_solver(const std::string& spec) {
  std::string error;
  auto factory = sudoku::make_solver_factory(spec, error);
  if (!factory) ADD_FAILURE() << error;
  return factory ? factory->make() : nullptr;
}

// A strategy listed under `spec`: the factory named so, serving every size (kMinBox to kMaxBox),
// reporting tree sizes or not as `reports_tree_size` says.
inline void expect_listed(const std::string& spec, bool reports_tree_size) {
  std::string error;
  const auto factory = sudoku::make_solver_factory(spec, error);
  ASSERT_TRUE(factory) << spec << ": " << error;
  EXPECT_EQ(factory->name(), spec);
  EXPECT_EQ(factory->reports_tree_size(), reports_tree_size) << spec;
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box)
    EXPECT_TRUE(factory->supports(box)) << spec << ", box " << box;
}

// A spec refused: no factory, and an error that says why.
inline void expect_refused(const std::string& spec) {
  std::string error;
  EXPECT_FALSE(sudoku::make_solver_factory(spec, error)) << spec;
  EXPECT_NE(error, "") << spec;
}

// A solver spec as a test name: "norvig:ac+dual" -> "norvig_ac_dual".
inline std::string param_name(std::string spec) {
  for (char& c : spec)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return spec;
}

inline sudoku::SolveOptions options(std::uint64_t max_solutions, std::uint64_t max_nodes = 0) {
  sudoku::SolveOptions o;
  o.max_solutions = max_solutions;
  o.max_nodes = max_nodes;
  return o;
}

// Counting every solution of the empty 9x9 grid (6.7e21 of them) is a search without end.
inline sudoku::SolveOptions endless() { return options(~std::uint64_t{0}); }

// The empty grid of `cells` cells counted to each of `limits`, all at or below its number of
// solutions: exactly the limit, not aborted, the solution written a solution of it.
inline void expect_empty_grid_counts(sudoku::Solver& solver, std::size_t cells,
                                     std::initializer_list<std::uint64_t> limits) {
  const auto empty = parse(std::string(cells, '.'));
  for (std::uint64_t limit : limits) {
    sudoku::Grid out;
    const auto r = solver.solve(empty, options(limit), &out);
    EXPECT_EQ(r.solutions, limit);
    EXPECT_FALSE(r.aborted);
    EXPECT_TRUE(sudoku::is_solution_of(empty, out));
  }
}

// The empty 4x4 grid's 288 solutions, counted exactly up to each limit; returns the count at a
// limit above them all.
inline sudoku::SolveResult expect_empty_4x4_counts(sudoku::Solver& solver) {
  expect_empty_grid_counts(solver, 16, {1, 2, 3, 100, 288});
  const auto all = solver.solve(parse(std::string(16, '.')), options(1000), nullptr);
  EXPECT_EQ(all.solutions, 288u);  // and not one more
  return all;
}

// Project Euler 96 grid 1, which singles solve: one node, no guess.
inline void expect_propagation_alone_solves_euler_1(sudoku::Solver& solver) {
  const auto r = solver.solve(
      parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."), options(2), nullptr);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_EQ(r.nodes, 1u);
  EXPECT_EQ(r.guesses, 0u);
}

// Starts an endless count in another thread, which must still run after 100 ms, then sets its
// stop flag, which must end it within 10 s: the count's result in `r`.
inline void stop_a_running_count(sudoku::Solver& solver, sudoku::SolveResult& r) {
  std::atomic<bool> stop{false};
  sudoku::SolveOptions o = endless();
  o.stop = &stop;
  const sudoku::Grid empty = parse(std::string(81, '.'));
  auto search = std::async(std::launch::async, [&] { return solver.solve(empty, o, nullptr); });
  EXPECT_EQ(search.wait_for(std::chrono::milliseconds(100)), std::future_status::timeout) << "it should not end alone";
  stop.store(true);
  ASSERT_EQ(search.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "the flag did not stop it";
  r = search.get();
}

// Every `step`-th puzzle of kaggle_first20k and hard10k (further apart in a sanitizer build) has one
// solution, the one in the dataset's .solutions.txt file.
inline void expect_known_solutions(sudoku::Solver& solver, std::size_t step) {
  for (const char* name : {"kaggle_first20k", "hard10k"}) {
    const auto puzzles = read_lines(std::string(name) + ".txt");
    const auto solutions = read_lines(std::string(name) + ".solutions.txt");
    ASSERT_EQ(puzzles.size(), solutions.size());
    for (std::size_t i = 0; i < puzzles.size(); i += step * stride()) {
      sudoku::Grid out;
      const auto r = solver.solve(parse(puzzles[i]), options(2), &out);
      ASSERT_EQ(r.solutions, 1u) << name << " line " << i + 1;
      ASSERT_EQ(sudoku::to_string(out), solutions[i]) << name << " line " << i + 1;
    }
  }
}

// Every bundled 9x9 puzzle file (the combined .gz file repeats them).
inline const std::vector<std::string>& public_9x9_datasets() {
  static const std::vector<std::string> files = {"easy50.txt",
                                                 "top95.txt",
                                                 "hardest.txt",
                                                 "top91.txt",
                                                 "top100.txt",
                                                 "damnhard.txt",
                                                 "top870.txt",
                                                 "top1465.txt",
                                                 "top2365.txt",
                                                 "subig20.txt",
                                                 "sudoku17_49158.txt",
                                                 "sudoku17_royle_49151.txt",
                                                 "forum_hardest_1106.txt",
                                                 "forum_hardest_1905_11plus.txt",
                                                 "msolve_hardest_to_solve_1000.txt",
                                                 "msolve_hardest_to_verify_1000.txt",
                                                 "msolve_most_difficult_100.txt",
                                                 "serg_benchmark.txt",
                                                 "hard10k.txt",
                                                 "kaggle_first20k.txt",
                                                 "sudokuexchange_diabolical.txt",
                                                 "kr_1011.txt"};
  return files;
}

// A solved grid, for tests that blank a few cells of it.
inline const std::string kSolved9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

}  // namespace test_util
