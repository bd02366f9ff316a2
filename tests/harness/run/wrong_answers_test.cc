// Answers the harness must not time as right: plugins that claim a solution they cannot find at
// limit 1, write one that breaks a unit, or count 2 for a unique puzzle (with a solution or
// without), caught by `solve` and `run`; one that is right passes --verify, and one that counts
// right but writes no solution is judged by its counts. Also --per-puzzle: a row for every record read.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "run/exit_codes.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "temp_file.h"
#include "test_paths.h"
#include "test_util.h"

namespace {

using test_util::Capture;
using test_util::TempFile;

const std::string kPlugins = SUDOKU_BENCH_WRONG_PLUGINS;
std::string plugin(const std::string& symbol) { return "plugin:" + kPlugins + ":" + symbol; }

struct Case {
  const char* symbol;
  const char* reason;  // what stderr says of top95.txt's first puzzle
  bool needs_verify;   // the count alone is wrong: only a reference can tell
};

const Case kWrong[] = {
    {"claims_what_it_cannot_find",
     "top95.txt:1: wrong answer: the solver reports 1 solution but finds none at limit 1\n", false},
    {"miscounts_without_writing",
     "top95.txt:1: wrong answer: the solver counts 2 or more solutions; the reference bitmask counts 1 solution\n",
     true},
    {"breaks_a_unit", "top95.txt:1: wrong answer: the solver reports a solution, but the solution's ", false},
    {"writes_the_puzzle",
     "top95.txt:1: wrong answer: the solver reports a solution, but the solution leaves row 1, column 2 blank\n",
     false},
    {"two_for_unique",
     "top95.txt:1: wrong answer: the solver counts 2 or more solutions; the reference bitmask counts 1 solution\n",
     true},
};

struct SolveOutcome {
  int status;
  std::string out, err;
};

SolveOutcome solve(const std::string& solver, std::optional<std::string> verify = std::nullopt) {
  sudoku_bench::SolveCommand command;
  command.input = test_util::dataset_path("top95.txt");
  command.solver = sudoku_bench::SolverSpec(solver);
  if (verify) command.no_verify = verify->empty();
  if (verify && !verify->empty()) command.verify = sudoku_bench::SolverSpec(*verify);
  Capture out, err;
  const int status = sudoku_bench::solve_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

TEST(WrongAnswersTest, SolvePrintsWrongNamesEachAndExitsOne) {
  for (const Case& c : kWrong) {
    SCOPED_TRACE(c.symbol);
    const SolveOutcome o = solve(plugin(c.symbol));  // plugins are verified by default
    EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
    EXPECT_EQ(count_of(o.out, ":wrong\n"), 95u);
    EXPECT_EQ(count_of(o.out, "\n"), 95u);
    EXPECT_EQ(count_of(o.err, " wrong answer: "), 95u);
    EXPECT_NE(o.err.find(c.reason), std::string::npos) << o.err.substr(0, 300);
  }
}

TEST(WrongAnswersTest, WithoutVerifyOnlyTheCountCanPass) {
  // --no-verify: a count of 2 goes unchallenged; a missing or broken solution is caught still.
  for (const Case& c : kWrong) {
    SCOPED_TRACE(c.symbol);
    const SolveOutcome o = solve(plugin(c.symbol), "");
    EXPECT_EQ(o.status, c.needs_verify ? sudoku_bench::kExitOk : sudoku_bench::kExitUndecided);
    EXPECT_EQ(count_of(o.out, ":wrong\n"), c.needs_verify ? 0u : 95u);
  }
}

TEST(WrongAnswersTest, RunCountsWrongAnswersAndExitsOne) {
  for (const Case& c : kWrong) {
    SCOPED_TRACE(c.symbol);
    auto command = test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1, 2}, 1, {plugin(c.symbol)});
    // Every record recounted, so every claimed but unwritten solution is asked for again too.
    command.verification.verify = sudoku_bench::SolverSpec("bitmask");
    const test_util::RunOutcome o = test_util::run(command);
    EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
    ASSERT_EQ(o.report.passes.size(), 2u);
    for (const auto& r : o.report.passes) {
      EXPECT_EQ(r.status.wrong, 95u);
      EXPECT_EQ(r.status.unique + r.status.multiple + r.status.none, 0u);
      EXPECT_EQ(r.status.records(), 95u);
    }
    EXPECT_NE(o.out.find("95 records: 0 unique, 0 multiple, 0 none, 0 aborted, 0 invalid, 95 WRONG"), std::string::npos)
        << o.out;
    EXPECT_NE(o.err.find(c.reason), std::string::npos) << o.err.substr(0, 300);
    EXPECT_EQ(count_of(o.err, " wrong answer: "), 20u);  // the first 20 named, the rest counted
    EXPECT_NE(o.err.find("75 more invalid, aborted, wrong or failed records not named"), std::string::npos);
  }
}

// Without --verify, run recounts about one plugin answer in 64 (and asks again for a solution only
// for one in 4 of those): a plugin whose every answer is wrong is caught on those, never timed as right; the
// built-in solvers beside it are not recounted.
TEST(WrongAnswersTest, RunRecountsASampleOfAPluginsAnswersByDefault) {
  for (const Case& c : kWrong) {
    SCOPED_TRACE(c.symbol);
    auto command =
        test_util::run_command_for({test_util::dataset_path("top1465.txt")}, {2}, 1, {plugin(c.symbol), "bitmask"});
    const test_util::RunOutcome o = test_util::run(command);
    EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
    ASSERT_EQ(o.report.passes.size(), 2u);
    const auto& wrong = o.report.passes[0];
    // A written solution is always checked.
    const bool written = c.symbol == std::string("breaks_a_unit") || c.symbol == std::string("writes_the_puzzle");
    // A miscount is caught by the recount (1 in 64); a solution claimed and not there, by the
    // second ask for it (1 in 4 of those).
    const std::uint64_t sample = c.symbol == std::string("claims_what_it_cannot_find") ? 64 * 4 : 64;
    if (written) {
      EXPECT_EQ(wrong.status.wrong, 1465u);
    } else {
      EXPECT_GT(wrong.status.wrong, 1465u / sample / 2);
      EXPECT_LT(wrong.status.wrong, 1465u / sample * 2);
    }
    EXPECT_EQ(o.report.passes[1].status.wrong, 0u);
    EXPECT_EQ(o.report.settings.verify.by, "external solvers only: fast (plugin), bitmask (exec)");
    EXPECT_EQ(o.report.settings.verify.every, 64u);
    EXPECT_NE(o.err.find(" wrong answer: "), std::string::npos);
    // --no-verify: the counts pass; a written broken solution is caught still, and so is a claimed
    // one that is not there, on the records whose solution is asked for (the same sample).
    command.verification.verify_plugins = false;
    const test_util::RunOutcome unverified = test_util::run(command);
    if (c.symbol == std::string("claims_what_it_cannot_find"))
      EXPECT_EQ(unverified.report.passes[0].status.wrong, wrong.status.wrong);
    else
      EXPECT_EQ(unverified.report.passes[0].status.wrong, written ? 1465u : 0u);
  }
}

TEST(WrongAnswersTest, TheRightPluginPassesVerify) {
  const SolveOutcome s = solve(plugin("right"), "bitmask");
  EXPECT_EQ(s.status, sudoku_bench::kExitOk) << s.err;
  EXPECT_EQ(s.err, "");
  auto command =
      test_util::run_command_for({test_util::dataset_path("top95.txt"), test_util::dataset_path("serg_benchmark.txt")},
                                 {2}, 1, {plugin("right"), "fast"});
  command.verification.verify = sudoku_bench::SolverSpec("bitmask");
  command.pass.step.seed = 7;  // disguised puzzles' solutions are mapped back before they are judged
  const test_util::RunOutcome o = test_util::run(command);
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  for (const auto& r : o.report.passes) EXPECT_EQ(r.status.wrong, 0u) << r.id.dataset << " " << r.id.solver;
  EXPECT_EQ(o.report.settings.verify.by, "bitmask");
}

TEST(WrongAnswersTest, ASolutionWrittenOnlyAtLimitOneIsAskedForAgain) {
  const SolveOutcome s = solve(plugin("writes_only_at_limit_1"));
  EXPECT_EQ(s.status, sudoku_bench::kExitOk) << s.err;
  EXPECT_EQ(s.out, solve("bitmask").out);  // the solutions printed are the ones asked for at limit 1
  auto command =
      test_util::run_command_for({test_util::dataset_path("top95.txt")}, {2}, 1, {plugin("writes_only_at_limit_1")});
  const test_util::RunOutcome o = test_util::run(command);
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  EXPECT_EQ(o.report.passes.at(0).status.unique, 95u);
}

// A solver that only counts (fast_solv_9r2, zerodoku) is not wrong for writing no solution: its
// counts are judged by the reference, and the records whose solutions went unchecked are counted.
TEST(WrongAnswersTest, ASolverThatWritesNoSolutionIsJudgedByItsCounts) {
  const std::string counts_only = plugin("claims_without_writing");
  const SolveOutcome s = solve(counts_only);  // every record asked again at limit 1, and recounted
  EXPECT_EQ(s.status, sudoku_bench::kExitOk) << s.err;
  std::string counts = solve("bitmask").out;  // the same counts, no solutions printed
  for (auto at = counts.find(":1:"); at != std::string::npos; at = counts.find(":1:", at))
    counts.erase(at + 2, counts.find('\n', at) - at - 2);
  EXPECT_EQ(s.out, counts);
  EXPECT_EQ(s.err, "sudoku-bench solve: note: solutions not checked: " + counts_only +
                       " writes none (95 records); counts judged by the reference bitmask\n");

  for (const char* symbol : {"claims_without_writing", "miscounts_without_writing"}) {
    SCOPED_TRACE(symbol);
    const bool right = symbol == std::string("claims_without_writing");
    auto command = test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1, 2}, 1, {plugin(symbol)});
    command.verification.plugin_verify_every = 1;  // --verify-every 1: every record asked again and recounted
    const test_util::RunOutcome o = test_util::run(command);
    EXPECT_EQ(o.status, right ? sudoku_bench::kExitOk : sudoku_bench::kExitUndecided) << o.err.substr(0, 300);
    for (const auto& r : o.report.passes) {
      EXPECT_EQ(r.status.wrong, right ? 0u : 95u);
      EXPECT_EQ(r.status.unique, right ? 95u : 0u);
      EXPECT_EQ(r.status.unwritten, 95u);
    }
    // Once a row, not once a record.
    const std::string warning = "  warning: solutions not checked: " + plugin(symbol) +
                                " writes none (95 records); counts judged by the recount\n";
    EXPECT_EQ(count_of(o.out, warning), 2u) << o.out;
  }

  // Sampled (1 in 64 by default): only one in 4 of the records recounted are asked again, and
  // counted.
  auto command = test_util::run_command_for({test_util::dataset_path("top1465.txt")}, {2}, 1, {counts_only});
  const test_util::RunOutcome o = test_util::run(command);
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err.substr(0, 300);
  const auto& r = o.report.passes.at(0);
  EXPECT_EQ(r.status.wrong, 0u);
  EXPECT_EQ(r.status.unique + r.status.multiple, 1465u);
  EXPECT_GT(r.status.unwritten, 1465u / 256 / 2);
  EXPECT_LT(r.status.unwritten, 1465u / 256 * 2);
}

TEST(WrongAnswersTest, NoopIsNotJudged) {
  // The harness measuring itself calls every puzzle unique without solving it: nothing to judge.
  auto command = test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1, 2}, 1, {"noop"});
  const test_util::RunOutcome o = test_util::run(command);
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  for (const auto& r : o.report.passes) {
    EXPECT_EQ(r.status.unique, 95u);
    EXPECT_EQ(r.status.wrong, 0u);
  }
}

TEST(WrongAnswersTest, VerifyEveryKRecountsAFractionOfThePuzzles) {
  // Every puzzle is wrong, so the wrong ones are exactly those recounted: about 1 in 4, the same
  // ones whatever the threads.
  std::vector<std::uint64_t> wrong;
  for (int threads : {1, 2}) {
    auto command =
        test_util::run_command_for({test_util::dataset_path("top95.txt")}, {threads}, 1, {plugin("two_for_unique")});
    command.verification.verify = sudoku_bench::SolverSpec("bitmask");
    command.pass.step.verify_every = 4;
    wrong.push_back(test_util::run(command).report.passes.at(0).status.wrong);
  }
  EXPECT_EQ(wrong[0], wrong[1]);
  EXPECT_GT(wrong[0], 95u / 4 / 3);
  EXPECT_LT(wrong[0], 95u * 3 / 4);
}

std::string gunzip(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  std::string text;
  char buffer[1 << 14];
  for (int n; (n = gzread(f, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
  gzclose(f);
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const auto end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

TEST(PerPuzzleRowsTest, ARowForEveryRecordReadInvalidAndAbortedIncluded) {
  const std::string hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string input = "# a comment is not a record\n";
  for (int i = 0; i < 300; ++i) input += (i % 50 == 7 ? std::string("not a puzzle") : hard) + "\n";
  TempFile puzzles(input);
  for (const std::string suffix : {".csv", ".csv.gz"}) {
    SCOPED_TRACE(suffix);
    TempFile rows("", suffix);
    auto command = test_util::run_command_for({puzzles.path()}, {1, 2}, 2, {"bitmask"});
    command.per_puzzle_path = rows.path();
    command.pass.step.solve.max_nodes = 3;  // too few for this puzzle: every one aborts
    const test_util::RunOutcome o = test_util::run(command);
    EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
    const std::vector<std::string> lines = lines_of(gunzip(rows.path()));  // zlib reads plain files too
    std::ifstream raw(rows.path(), std::ios::binary);
    char magic[2] = {};
    raw.read(magic, 2);
    EXPECT_EQ(magic[0] == '\x1f' && magic[1] == '\x8b', suffix == ".csv.gz") << "compressed exactly when named .gz";
    ASSERT_EQ(lines.size(), 1u + 4 * 300);  // 2 thread counts x 2 repetitions, warm-up not included
    EXPECT_EQ(lines[0], "dataset,file,line,solver,threads,repetition,latency_ns,nodes,guesses,outcome");
    std::size_t invalid = 0, aborted = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const std::size_t record = (i - 1) % 300;
      const std::string& l = lines[i];
      const std::string line_field = "," + std::to_string(record + 2) + ",bitmask,";  // after the comment
      EXPECT_NE(l.find(line_field), std::string::npos) << l;
      if (l.ends_with(",,,invalid")) ++invalid;
      if (l.ends_with(",aborted")) ++aborted;
    }
    EXPECT_EQ(invalid, 4u * 6);
    EXPECT_EQ(aborted, 4u * 294);
    EXPECT_NE(lines[2].find(",1,1,"), std::string::npos) << lines[2];  // threads 1, repetition 1
    EXPECT_NE(lines.back().find(",2,2,"), std::string::npos) << lines.back();
  }
}

}  // namespace
