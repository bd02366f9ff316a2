// Helpers for the strategy tests: parsing known-good records, making solvers by spec, the datasets.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"

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
