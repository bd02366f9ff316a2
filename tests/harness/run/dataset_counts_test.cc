// Every bundled 9x9 dataset through `solve`, as a user runs it: every count right, every
// solution valid and keeping its givens; and through a tdoku-like plugin in solve and run.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "run/exit_codes.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "sudoku/parse.h"
#include "temp_file.h"
#include "test_paths.h"
#include "test_util.h"

namespace {

std::vector<std::string> puzzle_files() {
  return test_util::dataset_files([](const std::string& name) {
    const bool data = name.ends_with(".txt") || name.ends_with(".txt.gz");
    return data && name.find(".solutions.") == std::string::npos && name.find(".counts.") == std::string::npos &&
           name.find("16x16") == std::string::npos && name.find("generated") == std::string::npos &&
           !name.starts_with("random_") &&  // large grids with many solutions: SOURCES.md
           !name.starts_with("hunt_");      // checks files with their own counts: hunted_datasets_test.cc
  });
}

// The count `solve --limit 2` must print for line `line` (1-based) of `file`.
std::uint64_t expected_count(const std::string& file, std::size_t line, const std::vector<std::string>& serg_counts) {
  if (file == "serg_benchmark.txt") return std::min<std::uint64_t>(2, std::stoull(serg_counts[line - 1]));
  if (file == "top2365.txt" && line == 570) return 2;  // 14,044 solutions
  return 1;
}

class DatasetCountsTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DatasetCountsTest, EveryPublicPuzzleGetsTheRightCount) {
  if (test_util::stride() > 1) GTEST_SKIP() << "too slow under sanitizers; samples are in bitmask_test";
  const auto serg_counts = test_util::read_lines("serg_benchmark.counts.txt");
  const auto files = puzzle_files();
  ASSERT_GE(files.size(), 20u);
  std::uint64_t total = 0;
  for (const std::string& file : files) {
    sudoku_bench::SolveCommand command;
    command.input = test_util::dataset_path(file);
    command.solver = sudoku_bench::SolverSpec(GetParam());
    test_util::Capture out, err;
    ASSERT_EQ(sudoku_bench::solve_command(command, out.file(), err.file()), sudoku_bench::kExitOk)
        << file << err.text();
    std::istringstream lines(out.text());
    std::size_t n = 0;
    for (std::string line; std::getline(lines, line);) {
      ++n;
      const std::string puzzle = line.substr(0, 81);
      const std::uint64_t count = std::stoull(line.substr(82, line.find(':', 82) - 82));
      ASSERT_EQ(count, expected_count(file, n, serg_counts)) << file << ":" << n;
      if (count == 1) {
        sudoku::Grid p, s;
        ASSERT_TRUE(sudoku::parse_record(puzzle, p));
        ASSERT_TRUE(sudoku::parse_record(line.substr(84), s)) << file << ":" << n;
        ASSERT_TRUE(sudoku::is_solution_of(p, s)) << file << ":" << n;
      }
    }
    EXPECT_GT(n, 0u) << file;
    total += n;
  }
  EXPECT_GT(total, 400'000u);
}

INSTANTIATE_TEST_SUITE_P(Solvers, DatasetCountsTest, ::testing::Values("bitmask", "fast"),
                         [](const auto& info) { return info.param; });

// A plugin that behaves like tdoku (tdoku_like_plugin.cc: reads byte 81, keeps its state in globals,
// writes a solution only at limit 1), through solve and run at 1, 2 and 8 threads: the counts of
// every bundled 9x9 dataset exact, as the built-in solvers get them.
class TdokuLikePluginTest : public ::testing::TestWithParam<int> {};

TEST_P(TdokuLikePluginTest, EveryBundledDatasetGetsExactCounts) {
  if (test_util::stride() > 1) GTEST_SKIP() << "too slow under sanitizers; plugin_test samples it there";
  const std::string plugin = std::string("plugin:") + SUDOKU_BENCH_TDOKU_LIKE_PLUGIN + ":tdoku_like";
  const auto serg_counts = test_util::read_lines("serg_benchmark.counts.txt");
  for (const std::string& file : puzzle_files()) {
    SCOPED_TRACE(file);
    sudoku_bench::SolveCommand solve;
    solve.input = test_util::dataset_path(file);
    solve.solver = sudoku_bench::SolverSpec(plugin);
    solve.threads = sudoku_bench::ThreadCount::of(GetParam());
    test_util::Capture out, err;
    ASSERT_EQ(sudoku_bench::solve_command(solve, out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
    std::istringstream lines(out.text());
    std::size_t n = 0;
    std::uint64_t unique = 0, multiple = 0;
    for (std::string line; std::getline(lines, line);) {
      ++n;
      const std::uint64_t count = std::stoull(line.substr(82, line.find(':', 82) - 82));
      ASSERT_EQ(count, expected_count(file, n, serg_counts)) << file << ":" << n;
      (count == 1 ? unique : multiple) += 1;
    }
    ASSERT_GT(n, 0u);

    auto command = test_util::run_command_for({test_util::dataset_path(file)}, {GetParam()}, 1, {plugin});
    command.repeats.min_time_seconds = 0;
    const test_util::RunOutcome o = test_util::run(command);
    ASSERT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
    const auto& status = o.report.passes.at(0).status;
    EXPECT_EQ(status.unique, unique);
    EXPECT_EQ(status.multiple, multiple);
    EXPECT_EQ(status.none + status.wrong + status.aborted + status.invalid, 0u);
  }
}

// One thread, and more threads than cores (private instances in turn): 2 adds no case between them.
INSTANTIATE_TEST_SUITE_P(Threads, TdokuLikePluginTest, ::testing::Values(1, 8),
                         [](const auto& info) { return std::to_string(info.param) + "_threads"; });

}  // namespace
