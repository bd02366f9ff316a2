// The hunt end to end: reproducible by seed, every reported figure what solving the puzzle again
// gives, --unique holding, and the output a checks file that solve reads back with no failure.
#include <gtest/gtest.h>

#include <csignal>
#include <sstream>
#include <string>
#include <vector>

#include "run/exit_codes.h"
#include "run/hunt_run.h"
#include "run/interrupt.h"
#include "run/solve.h"
#include "stream/solver_specs.h"
#include "sudoku/parse.h"
#include "temp_file.h"

namespace {

using test_util::Capture;
using test_util::TempFile;

struct Outcome {
  int status;
  std::string out, err;
};

Outcome hunt(sudoku_bench::HuntCommand command) {
  command.progress = false;
  Capture out, err;
  const int status = sudoku_bench::hunt_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

sudoku_bench::HuntCommand command(sudoku_bench::HuntMethod method, const std::string& solver, int threads,
                                  std::uint64_t evaluations, std::uint64_t seed = 7) {
  sudoku_bench::HuntCommand c;
  c.options.method = method;
  c.threads = sudoku_bench::ThreadCount::of(threads);
  c.options.evaluations = evaluations;
  c.options.seed = seed;
  c.options.top = 8;
  c.options.restart_after = 50;
  c.solver = sudoku_bench::SolverSpec(solver);
  c.command_line = "sudoku-bench hunt (test)";
  return c;
}

// The output less the lines holding wall-clock figures, which the hunt marks so.
std::string without_times(const std::string& text) {
  std::istringstream in(text);
  std::string line, kept;
  while (std::getline(in, line))
    if (line.rfind("# time", 0) != 0) kept += line + "\n";
  return kept;
}

struct Entry {
  std::string puzzle, count;
  std::uint64_t nodes = 0, guesses = 0, solutions = 0;
  bool aborted = false;
};

// The puzzles of a hunt's output with the figures of the comment before each.
std::vector<Entry> entries(const std::string& text) {
  std::vector<Entry> found;
  std::istringstream in(text);
  std::string line;
  Entry next;
  while (std::getline(in, line)) {
    if (line.rfind("# nodes ", 0) == 0) {
      next = {};
      EXPECT_EQ(
          std::sscanf(line.c_str(), "# nodes %lu, guesses %lu, count %lu", &next.nodes, &next.guesses, &next.solutions),
          3)
          << line;
      next.aborted = line.find(", aborted") != std::string::npos;
    } else if (!line.empty() && line[0] != '#') {
      const auto colon = line.find(':');
      next.puzzle = line.substr(0, colon);
      next.count = line.substr(colon + 1);
      found.push_back(next);
    }
  }
  return found;
}

// Every puzzle solved again, by a fresh solver, as run solves it: the same count and tree.
void expect_figures_hold(const std::string& text, const std::string& solver, std::uint64_t node_limit) {
  std::string error;
  const auto factory = sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec(solver), error);
  ASSERT_TRUE(factory) << error;
  const auto s = factory->make();
  for (const Entry& e : entries(text)) {
    sudoku::Grid g;
    ASSERT_TRUE(sudoku::parse_record(e.puzzle, g)) << e.puzzle;
    sudoku::SolveOptions o;
    o.max_solutions = 2;
    o.max_nodes = node_limit;
    sudoku::Grid solution;
    const sudoku::SolveResult r = s->solve(g, o, &solution);
    EXPECT_EQ(r.nodes, e.nodes) << e.puzzle;
    EXPECT_EQ(r.guesses, e.guesses) << e.puzzle;
    EXPECT_EQ(r.solutions, e.solutions) << e.puzzle;
    EXPECT_EQ(r.aborted, e.aborted) << e.puzzle;
    EXPECT_EQ(e.count, r.aborted ? "aborted" : std::to_string(r.solutions)) << e.puzzle;
  }
}

// solve reads the output back as a checks file: every count as the file says, exit 0.
void expect_reads_back(const std::string& text, const std::string& solver) {
  TempFile file(text);
  sudoku_bench::SolveCommand solve;
  solve.input = file.path();
  solve.solver = sudoku_bench::SolverSpec(solver);
  solve.threads = sudoku_bench::ThreadCount();
  Capture out, err;
  EXPECT_EQ(sudoku_bench::solve_command(solve, out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
  EXPECT_EQ(err.text(), "");
  std::istringstream lines(out.text());
  std::string line;
  std::size_t i = 0;
  const std::vector<Entry> expected = entries(text);
  while (std::getline(lines, line)) {
    ASSERT_LT(i, expected.size());
    EXPECT_EQ(line.substr(0, line.find(':')), expected[i].puzzle);
    EXPECT_EQ(line.substr(82, 1), expected[i].count);
    ++i;
  }
  EXPECT_EQ(i, expected.size());
}

// Hunts twice with `c`: both succeed, with the same output but for the times; the first's in `out`.
void hunt_twice(const sudoku_bench::HuntCommand& c, std::string& out) {
  const Outcome a = hunt(c), b = hunt(c);
  ASSERT_EQ(a.status, sudoku_bench::kExitOk) << a.err;
  EXPECT_EQ(without_times(a.out), without_times(b.out));
  out = a.out;
}

TEST(HuntTest, RandomRepeatsByteForByteAtOneAndTwoThreads) {
  for (int threads : {1, 2}) {
    std::string out;
    ASSERT_NO_FATAL_FAILURE(hunt_twice(command(sudoku_bench::HuntMethod::random, "bitmask", threads, 400), out));
    EXPECT_NE(out.find("# hunt done: 400 evaluations on " + std::to_string(threads) +
                       (threads == 1 ? " thread:" : " threads:")),
              std::string::npos)
        << out;
    EXPECT_EQ(entries(out).size(), 8u);
  }
  // And the set of evaluations is the same whatever the threads: so is what they found.
  const Outcome one = hunt(command(sudoku_bench::HuntMethod::random, "bitmask", 1, 400));
  const Outcome two = hunt(command(sudoku_bench::HuntMethod::random, "bitmask", 2, 400));
  const auto a = entries(one.out), b = entries(two.out);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].puzzle, b[i].puzzle);
}

TEST(HuntTest, ClimbRepeatsByteForByte) {
  for (int threads : {1, 2}) {
    std::string out;
    ASSERT_NO_FATAL_FAILURE(hunt_twice(command(sudoku_bench::HuntMethod::climb, "norvig:ac+dual", threads, 600), out));
  }
}

TEST(HuntTest, ReportedFiguresAreWhatSolvingAgainGives) {
  for (const char* solver : {"bitmask", "norvig:ac+dual", "fast"}) {
    for (auto method : {sudoku_bench::HuntMethod::random, sudoku_bench::HuntMethod::climb}) {
      const Outcome o = hunt(command(method, solver, 2, 300));
      ASSERT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
      expect_figures_hold(o.out, solver, 10'000'000);
      expect_reads_back(o.out, solver);
    }
  }
}

TEST(HuntTest, AbortedEvaluationsAreMarkedAndReadBackAsAborted) {
  auto c = command(sudoku_bench::HuntMethod::random, "bitmask", 1, 100);
  c.options.node_limit = 20;
  const Outcome o = hunt(c);
  ASSERT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  EXPECT_NE(o.out.find(", aborted\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":aborted\n"), std::string::npos) << o.out;
  expect_figures_hold(o.out, "bitmask", 20);
}

TEST(HuntTest, UniqueClimbWritesOnlyUniquePuzzles) {
  auto c = command(sudoku_bench::HuntMethod::climb, "bitmask", 2, 600);
  c.options.unique = true;
  const Outcome o = hunt(c);
  ASSERT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  const auto found = entries(o.out);
  ASSERT_FALSE(found.empty());
  for (const Entry& e : found) EXPECT_EQ(e.count, "1") << e.puzzle;
  expect_figures_hold(o.out, "bitmask", 10'000'000);
  expect_reads_back(o.out, "bitmask");
}

TEST(HuntTest, ClimbStartsFromFilePuzzlesIncludingItsOwnOutput) {
  const Outcome first = hunt(command(sudoku_bench::HuntMethod::climb, "bitmask", 1, 200));
  ASSERT_EQ(first.status, sudoku_bench::kExitOk) << first.err;
  TempFile starts(first.out);
  auto c = command(sudoku_bench::HuntMethod::climb, "bitmask", 1, 200);
  c.files = {starts.path()};
  const Outcome again = hunt(c);
  ASSERT_EQ(again.status, sudoku_bench::kExitOk) << again.err;
  // The climb keeps no move that shrinks the tree, so the start's tree is a floor.
  EXPECT_GE(entries(again.out).front().nodes, entries(first.out).front().nodes);
}

TEST(HuntTest, HeaderNamesTheSettings) {
  const Outcome o = hunt(command(sudoku_bench::HuntMethod::random, "fast", 1, 50));
  EXPECT_NE(o.out.find("# command: sudoku-bench hunt (test)\n"), std::string::npos);
  EXPECT_NE(o.out.find("# solver: fast:"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("# seed 7, threads 1, method random, by nodes"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("# bounds: evaluations 50, seconds none\n"), std::string::npos) << o.out;
  EXPECT_NE(o.err.find("hunt done: 50 evaluations"), std::string::npos) << o.err;
}

TEST(HuntTest, UsageAndOutputErrors) {
  auto c = command(sudoku_bench::HuntMethod::random, "bitmask", 1, 10);
  c.files = {"/nonexistent"};
  EXPECT_EQ(hunt(c).status, sudoku_bench::kExitUsage);  // files are for climb
  c = command(sudoku_bench::HuntMethod::climb, "bitmask", 1, 10);
  c.files = {"/nonexistent/puzzles.txt"};
  EXPECT_EQ(hunt(c).status, sudoku_bench::kExitIo);
  c = command(sudoku_bench::HuntMethod::random, "no-such-solver", 1, 10);
  EXPECT_EQ(hunt(c).status, sudoku_bench::kExitUsage);
  c = command(sudoku_bench::HuntMethod::random, "fast", 1, 10);
  c.options.box = 4;
  EXPECT_EQ(hunt(c).status, sudoku_bench::kExitUsage);
  c = command(sudoku_bench::HuntMethod::random, "bitmask", 1, 10);
  c.out_path = "/nonexistent/out.txt";
  EXPECT_EQ(hunt(c).status, sudoku_bench::kExitIo);
}

class HuntInterruptTest : public ::testing::Test {
 protected:
  void TearDown() override { sudoku_bench::simulate_interrupt(0); }
};

TEST_F(HuntInterruptTest, ASignalStopsTheHuntWhichStillWrites) {
  sudoku_bench::simulate_interrupt(SIGTERM);
  auto c = command(sudoku_bench::HuntMethod::random, "bitmask", 2, 0);  // no bound but the signal
  const Outcome o = hunt(c);
  EXPECT_EQ(o.status, sudoku_bench::kExitInterrupted + SIGTERM);
  EXPECT_NE(o.out.find("# hunt interrupted: "), std::string::npos) << o.out;
  expect_figures_hold(o.out, "bitmask", 10'000'000);
}

}  // namespace
