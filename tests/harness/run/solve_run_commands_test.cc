// The solve and run commands end to end: output formats, exit statuses and the JSON contract.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/thread_list.h"
#include "report/report_json.h"
#include "run/exit_codes.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "sudoku/parse.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using test_util::Capture;
using test_util::TempFile;

const std::string kTop95First = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kTop95FirstSolution =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

struct Outcome {
  int status;
  std::string out, err;
};

Outcome solve(const std::string& path, std::uint64_t limit = 2, int threads = 2) {
  sudoku_bench::SolveCommand command;
  command.input = path;
  command.step.solve.max_solutions = limit;
  command.threads = sudoku_bench::ThreadCount::of(threads);
  Capture out, err;
  const int status = sudoku_bench::solve_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

TEST(SolveCommandTest, OneLinePerRecordInInputOrder) {
  std::string zeros = kTop95First;
  for (char& c : zeros)
    if (c == '.') c = '0';
  TempFile f("# header\n" + zeros + "\r\n\n" + "11" + std::string(79, '.') + "\n" + std::string(81, '.') + "\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  EXPECT_EQ(o.out, kTop95First + ":1:" + kTop95FirstSolution + "\n" +  // normalised to '.' blanks
                       "11" + std::string(79, '.') + ":0\n" +          // conflicting givens: none
                       std::string(81, '.') + ":2\n");                 // 2 means 2 or more
  EXPECT_EQ(o.err, "");
}

TEST(SolveCommandTest, InvalidRecordsAreReportedWithFileAndLine) {
  TempFile f(kTop95First + "\nabc\n" + kTop95First.substr(1) + "x\n" + kTop95First + "\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(o.out, kTop95First + ":1:" + kTop95FirstSolution + "\nabc:invalid\n" + kTop95First.substr(1) +
                       "x:invalid\n" + kTop95First + ":1:" + kTop95FirstSolution + "\n");
  // Lower-case a-p are symbols of larger grids, so "abc" is only too short.
  EXPECT_EQ(o.err, f.path() + ":2: wrong length 3 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n" + f.path() +
                       ":3: bad character 'x' at column 81\n");
}

TEST(SolveCommandTest, LimitCapsTheCount) {
  TempFile f(std::string(81, '.') + "\n");
  const std::string one = solve(f.path(), 1).out;  // 1 means 1 or more here, with a solution
  ASSERT_EQ(one.size(), 81 + 3 + 81 + 1u);
  EXPECT_EQ(one.substr(0, 84), std::string(81, '.') + ":1:");
  sudoku::Grid empty, solution;
  ASSERT_TRUE(sudoku::parse_record(std::string(81, '.'), empty));
  ASSERT_TRUE(sudoku::parse_record(one.substr(84, 81), solution));
  EXPECT_TRUE(sudoku::is_solution_of(empty, solution));
  EXPECT_EQ(solve(f.path(), 7).out, std::string(81, '.') + ":7\n");
}

TEST(SolveCommandTest, UnreadableInputIsAnIoError) {
  const Outcome o = solve("/nonexistent.txt");
  EXPECT_EQ(o.status, sudoku_bench::kExitIo);
  EXPECT_EQ(o.err, "sudoku-bench solve: /nonexistent.txt: cannot open: No such file or directory\n");
}

TEST(SolveCommandTest, OutputIsIdenticalAcrossThreadCounts) {
  const std::string path = test_util::dataset_path("top1465.txt");
  const Outcome one = solve(path, 2, 1);
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 1465);
  EXPECT_EQ(solve(path, 2, 2).out, one.out);
  EXPECT_EQ(solve(path, 2, 8).out, one.out);
}

TEST(SolveCommandTest, OversubscribedThreadsGiveTheSameLinesAndMessages) {
  // More threads than cores (16 and 64 on a 2-core machine): same output, same FILE:LINE messages.
  std::string text;
  const auto lines = test_util::read_lines("top1465.txt");
  for (std::size_t i = 0; i < lines.size(); ++i) text += lines[i] + (i % 97 == 5 ? "\nnot a puzzle\n# note\n" : "\n");
  TempFile f(text);
  const Outcome one = solve(f.path(), 2, 1);
  EXPECT_EQ(one.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(std::count(one.err.begin(), one.err.end(), '\n'), 16) << one.err;
  for (int threads : {16, 64}) {
    const Outcome many = solve(f.path(), 2, threads);
    EXPECT_EQ(many.out, one.out) << threads;
    EXPECT_EQ(many.err, one.err) << threads;
  }
}

TEST(SolveCommandTest, GzipAndPlainGiveTheSameOutcomes) {
  std::string text;
  for (const std::string& line : test_util::read_lines("top1465.txt")) text += line + "\r\n";
  text += "bad\n" + text + "last-without-newline";
  TempFile plain(text), packed("", ".gz");
  gzFile gz = gzopen(packed.path().c_str(), "wb");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  const Outcome a = solve(plain.path(), 2, 3), b = solve(packed.path(), 2, 3);
  EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 2 * 1465 + 2);
  EXPECT_EQ(a.out, b.out);
  const auto unnamed = [](std::string err, const std::string& path) {  // the same lines, file names aside
    for (std::size_t at; (at = err.find(path)) != std::string::npos;) err.replace(at, path.size(), "FILE");
    return err;
  };
  EXPECT_EQ(unnamed(a.err, plain.path()), unnamed(b.err, packed.path()));
  EXPECT_EQ(std::count(a.err.begin(), a.err.end(), '\n'), 2);
}

TEST(RunCommandTest, OversubscribedThreadsCountEveryRecord) {
  const auto run = test_util::run(test_util::run_command_for({test_util::dataset_path("top1465.txt")}, {16, 64}, 1));
  ASSERT_EQ(run.status, sudoku_bench::kExitOk) << run.err;
  ASSERT_EQ(run.report.passes.size(), 2u);
  for (const auto& r : run.report.passes) {
    EXPECT_EQ(r.status.unique, 1465u) << r.threads;
    EXPECT_EQ(r.distributions.latency_ns.count, 1465u) << r.threads;
    EXPECT_TRUE(r.pipeline.measured);
  }
}

TEST(RunCommandTest, ReportCarriesEveryDocumentedField) {
  TempFile json("", ".json");
  auto command = test_util::run_command_for(
      {test_util::dataset_path("top95.txt"), test_util::dataset_path("easy50.txt")}, {1, 2}, 2);
  command.repeats.warmup_seconds = 0.01;
  command.outputs = {{sudoku_bench::ReportFormat::json, json.path()}};
  Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
  EXPECT_NE(out.text().find("top95 (bitmask): 95 records: 95 unique"), std::string::npos) << out.text();

  std::ifstream in(json.path());
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["schema"], "sudoku-bench/14");
  for (const char* key : {"date", "host", "cpu_model", "hardware_threads", "compiler", "compiler_flags", "build_type",
                          "tbb_version", "git_commit", "environment"})
    EXPECT_TRUE(j["context"].contains(key)) << key;
  ASSERT_EQ(j["runs"].size(), 8u);  // 2 files x 2 thread counts x 2 repetitions
  for (const auto& run : j["runs"]) {
    for (const char* key : {"dataset", "solver", "implementation", "threads", "threads_observed", "repetition",
                            "sequence", "loops", "file_records", "puzzles", "wall_seconds", "puzzles_per_second",
                            "status", "latency_ns", "tree_size", "guesses", "noise", "outlier"})
      EXPECT_TRUE(run.contains(key)) << key;
    for (const char* key :
         {"steal", "involuntary_context_switches", "cpu_migrations", "waiting", "disturbed", "reason"})
      EXPECT_TRUE(run["noise"].contains(key)) << key;
    for (const char* key : {"unique", "multiple", "solved", "none", "invalid"})
      EXPECT_TRUE(run["status"].contains(key)) << key;
    for (const char* dist : {"latency_ns", "tree_size", "guesses"}) {
      for (const char* key : {"min", "mean", "stddev", "max", "percentiles"})
        EXPECT_TRUE(run[dist].contains(key)) << key;
      for (const char* p : {"1", "10", "25", "50", "75", "90", "99", "99.9", "99.99", "100"})
        EXPECT_TRUE(run[dist]["percentiles"].contains(p)) << p;
      EXPECT_EQ(run[dist]["percentiles"]["100"], run[dist]["max"]);
    }
    EXPECT_LE(run["threads_observed"].get<int>(), run["threads"].get<int>());
    EXPECT_EQ(run["puzzles"], run["dataset"] == "top95" ? 95 : 50);
  }
  EXPECT_EQ(j["runs"][0]["tree_size"], j["runs"][2]["tree_size"]);  // 1 and 2 threads: same trees
  ASSERT_EQ(j["scaling"].size(), 4u);
  for (const auto& row : j["scaling"]) {
    for (const char* key : {"dataset", "solver", "threads", "puzzles_per_second", "speedup", "efficiency"})
      EXPECT_TRUE(row.contains(key)) << key;
    if (row["threads"] == 1) {
      EXPECT_EQ(row["speedup"], 1.0);
    }
  }
}

TEST(RunCommandTest, InvalidRecordsAreCountedNamedAndSetTheExitStatus) {
  TempFile f(kTop95First + "\nnope\n" + kTop95First + "\n");
  const auto r = test_util::run(test_util::run_command_for({f.path()}, {1}, 2));
  EXPECT_EQ(r.status, sudoku_bench::kExitUndecided);
  ASSERT_EQ(r.report.passes.size(), 2u);
  EXPECT_EQ(r.report.passes[0].status.unique, 2u);
  EXPECT_EQ(r.report.passes[0].status.invalid, 1u);
  EXPECT_EQ(r.report.passes[0].puzzles(), 2u);
  EXPECT_EQ(r.err,
            f.path() + ":2: wrong length 4 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n");  // once, not per pass
}

// --limit 1 asks for a solution, not a proof: a puzzle with one counts as solved, never as unique;
// --limit K counts multiple up to K. The report says the limit, the per-puzzle rows the outcome.
TEST(RunCommandTest, LimitOneCountsSolvedNotUniqueAndLimitKCountsToK) {
  const std::string empty(81, '.'), conflict = "11" + std::string(79, '.');
  TempFile f(kTop95First + "\n" + empty + "\n" + conflict + "\n");
  TempFile json("", ".json"), rows("", ".csv");
  auto command = test_util::run_command_for({f.path()}, {1, 2}, 1);
  command.pass.step.solve.max_solutions = 1;
  command.outputs = {{sudoku_bench::ReportFormat::json, json.path()}};
  command.per_puzzle_path = rows.path();
  auto r = test_util::run(command);
  ASSERT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
  for (const auto& pass : r.report.passes) {
    EXPECT_EQ(pass.status.solved, 2u);
    EXPECT_EQ(pass.status.unique + pass.status.multiple, 0u);
    EXPECT_EQ(pass.status.none, 1u);
    EXPECT_EQ(pass.distributions.latency_ns.count, 3u);
  }
  EXPECT_NE(r.out.find("3 records: 2 solved (--limit 1: uniqueness not asked), 1 none"), std::string::npos) << r.out;
  std::ifstream in(json.path());
  const auto j = nlohmann::ordered_json::parse(in);
  EXPECT_EQ(j["settings"]["limit"], 1);
  EXPECT_EQ(j["runs"][0]["status"]["solved"], 2);
  EXPECT_EQ(sudoku_bench::from_json(j).passes[1].status.solved, 2u);  // read back
  std::ifstream csv(rows.path());
  std::string text((std::istreambuf_iterator<char>(csv)), std::istreambuf_iterator<char>());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 7);  // a header, 3 records x 2 passes
  std::size_t solved = 0;
  for (std::size_t at = text.find(",solved\n"); at != std::string::npos; at = text.find(",solved\n", at + 1)) ++solved;
  EXPECT_EQ(solved, 4u) << text;

  command.pass.step.solve.max_solutions = 3;
  command.outputs.clear();
  command.per_puzzle_path.clear();
  r = test_util::run(command);
  ASSERT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
  EXPECT_EQ(r.report.settings.limits.solutions, 3u);
  for (const auto& pass : r.report.passes) {
    EXPECT_EQ(pass.status.solved, 0u);
    EXPECT_EQ(pass.status.unique, 1u);
    EXPECT_EQ(pass.status.multiple, 1u);
    EXPECT_EQ(pass.status.none, 1u);
  }
  EXPECT_NE(r.out.find("3 records: 1 unique, 1 multiple, 1 none"), std::string::npos) << r.out;
}

TEST(RunCommandTest, UsageAndIoErrorsComeBeforeAnyMeasuring) {
  auto command = test_util::run_command_for({test_util::dataset_path("top95.txt"), "/nonexistent.txt"}, {1}, 3);
  Capture out, err;
  EXPECT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitIo);
  EXPECT_EQ(out.text(), "");
  command.files = {test_util::dataset_path("top95.txt")};
  command.solvers = {sudoku_bench::SolverSpec("nosuch")};
  EXPECT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitUsage);
}

TEST(RunCommandTest, NoLatencyMeasuresThroughputOnly) {
  TempFile json("", ".json");
  auto command = test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1}, 1);
  command.pass.time_puzzles = false;
  command.outputs = {{sudoku_bench::ReportFormat::json, json.path()}};
  Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
  std::ifstream in(json.path());
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["settings"]["latency"], false);
  EXPECT_TRUE(j["settings"]["latency_clock"].is_null());
  EXPECT_TRUE(j["runs"][0]["latency_ns"].is_null());
  EXPECT_GT(j["runs"][0]["puzzles_per_second"].get<double>(), 0);
  EXPECT_EQ(j["runs"][0]["tree_size"]["max"].get<int>() > 1, true);
}

TEST(ThreadListTest, ListsRangesAndErrors) {
  std::string error;
  const auto counts = [&error](const char* text) {
    std::vector<int> numbers;
    for (const sudoku_bench::ThreadCount t : sudoku_bench::parse_thread_list(text, error)) numbers.push_back(t.get());
    return numbers;
  };
  EXPECT_EQ(counts("1,2,4"), (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(counts("1:4"), (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(counts("8,1:3,2"), (std::vector<int>{8, 1, 2, 3}));
  for (const char* bad : {"", "0", "1,,2", "a", "1:", "2000", "-1", "1.5"}) {
    EXPECT_TRUE(sudoku_bench::parse_thread_list(bad, error).empty()) << bad;
    EXPECT_NE(error.find("is not a whole number from 1 to 1024"), std::string::npos) << error;
  }
  EXPECT_TRUE(sudoku_bench::parse_thread_list("4:2", error).empty());
  EXPECT_EQ(error, "'4:2' is no range: its first count is above its last");
  EXPECT_TRUE(sudoku_bench::parse_thread_list("1,0", error).empty());
  EXPECT_EQ(error, "'0' is not a whole number from 1 to 1024 (in '1,0', a list like 1,2,4 or 1:16)");
}

TEST(ReportTest, DatasetNames) {
  EXPECT_EQ(sudoku_bench::dataset_name("datasets/top95.txt"), "top95");
  EXPECT_EQ(sudoku_bench::dataset_name("/x/all_public_9x9_unique.txt.gz"), "all_public_9x9_unique");
  EXPECT_EQ(sudoku_bench::dataset_name("puzzles"), "puzzles");
  EXPECT_EQ(sudoku_bench::dataset_name("-"), "stdin");
}

}  // namespace
