// compare --per-puzzle on fixed rows (no timing): a solver against itself is no different; the
// same rows slowed as the test delay slows a build are significantly slower, exit 1.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "cli/compare_command.h"
#include "cli/exit_codes.h"
#include "stream/per_puzzle_rows.h"
#include "temp_file.h"

namespace {

using test_util::Capture;
using test_util::TempFile;

// Rows as run --per-puzzle writes them: two datasets, puzzles with a wide spread of latencies
// (a fixed pseudo-random sequence), each puzzle in two repetitions; `delay_ns` added to every one.
std::string rows(std::uint64_t delay_ns, std::uint64_t jitter_seed = 0) {
  std::string text(sudoku_bench::kPerPuzzleHeader);
  std::uint64_t x = 12345;
  for (const char* dataset : {"hard", "easy"}) {
    for (std::uint64_t line = 1; line <= 400; ++line) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      const std::uint64_t base = 500 + (x >> 33) % 50000;
      for (int rep = 1; rep <= 2; ++rep) {
        std::uint64_t latency = base + delay_ns;
        if (jitter_seed) latency += ((line * 7919 + static_cast<std::uint64_t>(rep) * jitter_seed) % 21) - 10;
        text += std::string(dataset) + ",datasets/" + dataset + ".txt," + std::to_string(line) + ",fast,1," +
                std::to_string(rep) + "," + std::to_string(latency) + ",12,5,unique\n";
      }
    }
    text += std::string(dataset) + ",datasets/" + dataset + ".txt,401,fast,1,1,,,,invalid\n";
  }
  return text;
}

struct Result {
  int status;
  std::string out, err;
};

Result compare(const std::string& base, const std::string& current) {
  TempFile a(base, ".csv"), b(current, ".csv");
  sudoku_bench::CompareCommand command;
  command.base_path = a.path();
  command.current_path = b.path();
  command.per_puzzle = true;
  Capture out, err;
  const int status = sudoku_bench::compare_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

TEST(PerPuzzleCompareTest, ASolverAgainstItselfIsNoDifferent) {
  const Result r = compare(rows(0), rows(0));
  EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.out << r.err;
  EXPECT_NE(r.out.find("hard                               400"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1.000 [1.000, 1.000]   1.0000"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" SLOWER\n"), std::string::npos);
  EXPECT_EQ(r.out.find("Most slowed"), std::string::npos);
}

TEST(PerPuzzleCompareTest, SymmetricNoiseIsNotSignificant) {
  const Result r = compare(rows(0, 3), rows(0, 5));
  EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.out;
  EXPECT_EQ(r.out.find(" SLOWER\n"), std::string::npos) << r.out;
}

TEST(PerPuzzleCompareTest, ADelayedBuildIsSignificantlySlower) {
  const Result r = compare(rows(0), rows(2000));  // as -DSUDOKU_BENCH_TEST_DELAY_NS=2000 slows every solve
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("    100.0%       0.0%"), std::string::npos) << r.out;  // new is never faster
  EXPECT_NE(r.out.find("<0.0001 SLOWER"), std::string::npos) << r.out;
  // The most slowed are the fastest puzzles, where 2 us weighs most; named by file and line.
  EXPECT_NE(r.out.find("Most slowed in hard"), std::string::npos);
  EXPECT_NE(r.out.find("  datasets/hard.txt:"), std::string::npos);
  // The other way round, the new build is faster: not slower.
  EXPECT_EQ(compare(rows(2000), rows(0)).status, sudoku_bench::kExitOk);
}

TEST(PerPuzzleCompareTest, UnreadableFilesAreInputErrors) {
  const Result r = compare("not,a,header\n", rows(0));
  EXPECT_EQ(r.status, sudoku_bench::kExitIo);
  EXPECT_NE(r.err.find(":1: not a run --per-puzzle file"), std::string::npos) << r.err;
  const Result short_row = compare(rows(0) + "hard,x,1,fast\n", rows(0));
  EXPECT_EQ(short_row.status, sudoku_bench::kExitIo);
  EXPECT_NE(short_row.err.find(":1604: expected 10 comma-separated fields"), std::string::npos) << short_row.err;
}

}  // namespace
