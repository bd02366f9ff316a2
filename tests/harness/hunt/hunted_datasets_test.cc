// The hunted datasets (datasets/hunt_SOLVER_KIND.txt, written by `sudoku-bench hunt`) are
// regression data: every puzzle, solved again by the solver that was hunted, still has the tree
// size, guesses and count its comment records. Trees recorded above kFullCheck nodes (the
// unrestricted hunts' unsolvable monsters, up to the hunt's node limit of 10 million: seconds
// each) are checked to reach kFullCheck, where a search limited to it aborts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

std::vector<std::string> hunted_files() {
  return test_util::dataset_files(
      [](const std::string& name) { return name.starts_with("hunt_") && name.ends_with(".txt"); });
}

constexpr unsigned long long kFullCheck = 100'000;

TEST(HuntedDatasetsTest, EveryPuzzleKeepsItsRecordedTreeGuessesAndCount) {
  const std::vector<std::string> files = hunted_files();
  ASSERT_GE(files.size(), 4u);
  for (const std::string& file : files) {
    // hunt_bitmask_unique.txt: the solver is the name's second word.
    const std::string spec = file.substr(5, file.find('_', 5) - 5);
    std::string error;
    const auto factory = sudoku::make_solver_factory(spec, error);
    ASSERT_TRUE(factory) << file << ": " << error;
    const auto solver = factory->make();
    sudoku::SolveOptions options;
    options.max_solutions = 2;
    unsigned long long nodes = 0, guesses = 0, node_limit = 0;
    std::string count;
    std::size_t puzzles = 0, checked = 0;
    std::ifstream in(test_util::dataset_path(file));  // comments included: they hold the figures
    ASSERT_TRUE(in) << file;
    for (std::string line; std::getline(in, line);) {
      char word[16] = {};
      if (std::sscanf(line.c_str(), "# seed %*u, threads %*d, method %*s by %*s box %*d, node limit %llu",
                      &node_limit) == 1)
        options.max_nodes = node_limit;
      if (std::sscanf(line.c_str(), "# nodes %llu, guesses %llu, count %15[0-9]", &nodes, &guesses, word) == 3)
        count = line.ends_with(", aborted") ? "aborted" : word;
      if (line.empty() || line[0] == '#') continue;
      ASSERT_FALSE(count.empty()) << file << ": a puzzle without its comment: " << line;
      ++puzzles;
      // Trees of millions of nodes take seconds under the sanitizers: there every stride-th puzzle.
      if ((puzzles - 1) % test_util::stride() == 0) {
        sudoku::Grid puzzle;
        ASSERT_TRUE(sudoku::parse_record(line.substr(0, line.find(':')), puzzle)) << file << ": " << line;
        sudoku::SolveOptions bounded = options;
        if (nodes > kFullCheck) bounded.max_nodes = kFullCheck;
        const sudoku::SolveResult r = solver->solve(puzzle, bounded, nullptr);
        if (nodes > kFullCheck) {
          EXPECT_TRUE(r.aborted) << file << ": " << line;
          EXPECT_EQ(r.nodes, kFullCheck) << file << ": " << line;
        } else {
          EXPECT_EQ(r.nodes, nodes) << file << ": " << line;
          EXPECT_EQ(r.guesses, guesses) << file << ": " << line;
          EXPECT_EQ(r.aborted ? std::string("aborted") : std::to_string(r.solutions), count) << file << ": " << line;
        }
        EXPECT_EQ(line.substr(line.find(':') + 1), count) << file;
        ++checked;
      }
      count.clear();
    }
    EXPECT_GT(puzzles, 0u) << file;
    EXPECT_GT(checked, 0u) << file;
    EXPECT_GT(options.max_nodes, 0u) << file << ": no node limit in its header";
  }
}

}  // namespace
