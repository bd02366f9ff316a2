// compare and merge: which pairs count as slower, when reports are refused, and the exit statuses.
#include <gtest/gtest.h>

#include "cli/compare_command.h"
#include "cli/exit_codes.h"
#include "cli/merge_command.h"
#include "report/comparison.h"
#include "report/report_json.h"
#include "temp_file.h"

namespace {

using sudoku_bench::Report;
using sudoku_bench::Verdict;

// A report of one pair with one repetition per throughput given; latency follows throughput.
Report report_with(const std::vector<double>& puzzles_per_second, const std::string& dataset = "top95",
                   int threads = 1) {
  Report r;
  r.context.cpu_model = "Test CPU";
  r.context.compiler = "GCC 12";
  r.context.compiler_flags = "-O3";
  r.context.build_type = "Release";
  r.context.git_commit = "abc";
  int rep = 0;
  for (double pps : puzzles_per_second) {
    sudoku_bench::MeasuredPass run;
    run.dataset = dataset;
    run.path = "datasets/" + dataset + ".txt";
    run.solver = "bitmask";
    run.threads = threads;
    run.threads_observed = threads;
    run.repetition = ++rep;
    run.status.unique = 1000;
    run.wall_seconds = 1000 / pps;
    for (std::size_t i = 0; i < run.latency_ns.percentiles.size(); ++i)
      run.latency_ns.percentiles[i] = static_cast<std::uint64_t>(1e9 / pps * (1 + static_cast<double>(i)));
    r.runs.push_back(run);
  }
  return r;
}

const std::vector<double> kBase = {1000, 1010, 990, 1005, 995, 1002, 998, 1008, 992};

std::vector<double> scaled(const std::vector<double>& v, double f) {
  std::vector<double> out;
  for (double x : v) out.push_back(x * f);
  return out;
}

TEST(ComparisonTest, SlowerOnlyBeyondTheThresholdAndTheNoise) {
  const sudoku_bench::CompareOptions options;  // 5%, alpha 0.05
  const auto verdict = [&](const std::vector<double>& current) {
    return sudoku_bench::compare_reports(report_with(kBase), report_with(current), options).pairs.at(0).verdict();
  };
  EXPECT_EQ(verdict(scaled(kBase, 0.90)), Verdict::slower);  // 11% more time per puzzle, every rep below
  EXPECT_EQ(verdict(scaled(kBase, 0.97)), Verdict::same);    // significant but within 5%
  EXPECT_EQ(verdict(scaled(kBase, 1.10)), Verdict::faster);
  EXPECT_EQ(verdict(kBase), Verdict::same);
  // 10% slower in the median, but the samples overlap so much that it is not significant.
  EXPECT_EQ(verdict({900, 1200, 700, 1100, 800, 905, 1300, 600, 890}), Verdict::same);
}

TEST(ComparisonTest, RatiosAndSlowdownAreInTimeTerms) {
  const auto c = sudoku_bench::compare_reports(report_with(kBase), report_with(scaled(kBase, 0.8)), {});
  const auto& throughput = c.pairs.at(0).metrics.at(0);
  EXPECT_EQ(throughput.metric, "puzzles/s");
  EXPECT_NEAR(throughput.ratio, 0.8, 1e-12);
  EXPECT_NEAR(throughput.slowdown, 0.25, 1e-12);  // 1 / 0.8: a quarter more time per puzzle
  ASSERT_EQ(c.pairs[0].metrics.size(), 11u);      // throughput and 10 latency percentiles
  EXPECT_EQ(c.pairs[0].metrics[4].metric, "latency p50");
  EXPECT_NEAR(c.pairs[0].metrics[4].ratio, 1.25, 1e-6);
  EXPECT_EQ(c.pairs[0].metrics[4].verdict, Verdict::slower);
}

// Wall times scattered by a busy machine, CPU times steady: the CPU gate sees through the noise.
Report noisy_report(double cpu_us_per_puzzle) {
  const std::vector<double> wall_rates = {1000, 700, 1300, 800, 1200, 650, 1100, 900, 1250};
  Report r = report_with(wall_rates);
  for (std::size_t i = 0; i < r.runs.size(); ++i)
    r.runs[i].cpu_seconds = 1000 * cpu_us_per_puzzle * 1e-6 * (1 + 0.004 * static_cast<double>(i % 3));
  return r;
}

TEST(ComparisonTest, CpuGateJudgesCpuTimePerPuzzle) {
  sudoku_bench::CompareOptions options;
  const Report base = noisy_report(500), slower = noisy_report(540);  // 8% more CPU per puzzle
  auto c = sudoku_bench::compare_reports(base, slower, options);
  ASSERT_EQ(c.pairs.at(0).metrics.at(1).metric, "CPU/puzzle");
  EXPECT_EQ(c.pairs[0].gated, 0u);
  EXPECT_EQ(c.pairs[0].verdict(), Verdict::same);  // the wall times cannot tell
  EXPECT_EQ(c.pairs[0].metrics[1].verdict, Verdict::slower);
  options.gate = sudoku_bench::GateTime::cpu;
  c = sudoku_bench::compare_reports(base, slower, options);
  EXPECT_EQ(c.pairs[0].gated, 1u);
  EXPECT_EQ(c.pairs[0].verdict(), Verdict::slower);
  EXPECT_NEAR(c.pairs[0].gated_metric().slowdown, 0.08, 1e-9);
  EXPECT_EQ(sudoku_bench::compare_reports(base, noisy_report(500), options).pairs[0].verdict(), Verdict::same);
  EXPECT_FALSE(sudoku_bench::has_cpu_time(report_with(kBase)));
  EXPECT_TRUE(sudoku_bench::has_cpu_time(base));
}

TEST(ComparisonTest, NoLatencyRowsWithoutLatencies) {
  Report base = report_with(kBase), current = report_with(kBase);
  for (auto& run : current.runs) run.latency_measured = false;  // run --no-latency
  current.settings.latency = false;
  const auto c = sudoku_bench::compare_reports(base, current, {});
  ASSERT_EQ(c.pairs.at(0).metrics.size(), 1u);  // throughput only
  EXPECT_EQ(sudoku_bench::context_mismatches(base, current),
            std::vector<std::string>{"settings.latency: BASE \"true\" vs NEW \"false\""});
}

TEST(ComparisonTest, ALatencyClockDiffersOnlyWhenBothNameOne) {
  Report base = report_with(kBase), current = report_with(kBase);
  current.settings.latency_clock = "tsc";  // base is older: it does not say
  EXPECT_TRUE(sudoku_bench::context_mismatches(base, current).empty());
  base.settings.latency_clock = "steady_clock";
  EXPECT_EQ(sudoku_bench::context_mismatches(base, current),
            std::vector<std::string>{"settings.latency_clock: BASE \"steady_clock\" vs NEW \"tsc\""});
}

TEST(ComparisonTest, ThreeRepetitionsCannotBeSignificant) {
  const auto c = sudoku_bench::compare_reports(report_with({1000, 1001, 1002}), report_with({500, 501, 502}), {});
  EXPECT_FALSE(c.pairs.at(0).can_detect);
  EXPECT_EQ(c.pairs[0].verdict(), Verdict::same);  // halved, yet 3 vs 3 never reaches p < 0.05
}

TEST(ComparisonTest, PairsOnOneSideAreListed) {
  Report base = report_with(kBase), current = report_with(kBase);
  for (const auto& run : report_with(kBase, "easy50").runs) base.runs.push_back(run);
  for (const auto& run : report_with(kBase, "top95", 2).runs) current.runs.push_back(run);
  const auto c = sudoku_bench::compare_reports(base, current, {});
  EXPECT_EQ(c.pairs.size(), 1u);
  EXPECT_EQ(c.only_base, std::vector<std::string>{"easy50/bitmask/threads=1"});
  EXPECT_EQ(c.only_current, std::vector<std::string>{"top95/bitmask/threads=2"});
}

TEST(ComparisonTest, ContextMismatchesAreNamed) {
  Report base = report_with(kBase), current = report_with(kBase);
  EXPECT_TRUE(sudoku_bench::context_mismatches(base, current).empty());
  current.context.git_commit = "def";  // what an A/B compares: never a mismatch
  current.context.date = "tomorrow";
  EXPECT_TRUE(sudoku_bench::context_mismatches(base, current).empty());
  current.context.compiler_flags = "-O2";
  current.runs[0].status.unique = 999;
  EXPECT_EQ(
      sudoku_bench::context_mismatches(base, current),
      (std::vector<std::string>{"compiler_flags: BASE \"-O3\" vs NEW \"-O2\"",
                                "top95/bitmask/threads=1: 1000 records in BASE vs 999 in NEW (not the same input)"}));
}

struct Outcome {
  int status;
  std::string out, err;
};

Outcome compare(const Report& base, const Report& current, bool allow = false,
                sudoku_bench::GateTime gate = sudoku_bench::GateTime::wall) {
  test_util::TempFile a(sudoku_bench::to_json(base).dump(), ".json"), b(sudoku_bench::to_json(current).dump(), ".json");
  sudoku_bench::CompareCommand command;
  command.base_path = a.path();
  command.current_path = b.path();
  command.allow_context_mismatch = allow;
  command.options.gate = gate;
  test_util::Capture out, err;
  const int status = sudoku_bench::compare_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

TEST(CompareCommandTest, ExitStatuses) {
  EXPECT_EQ(compare(report_with(kBase), report_with(kBase)).status, 0);
  const Outcome slower = compare(report_with(kBase), report_with(scaled(kBase, 0.9)));
  EXPECT_EQ(slower.status, 1);
  EXPECT_NE(slower.out.find("SLOWER: top95/bitmask/threads=1: 11.1% more wall time per puzzle (p < 0.0001)"),
            std::string::npos)
      << slower.out;
  EXPECT_EQ(compare(report_with(kBase), report_with(scaled(kBase, 1.2))).status, 0);  // faster passes

  Report other_cpu = report_with(scaled(kBase, 0.9));
  other_cpu.context.cpu_model = "Other CPU";
  const Outcome refused = compare(report_with(kBase), other_cpu);
  EXPECT_EQ(refused.status, sudoku_bench::kExitUsage);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(
      refused.err.find(
          "refusing to compare results from different contexts:\n  cpu_model: BASE \"Test CPU\" vs NEW \"Other CPU\""),
      std::string::npos)
      << refused.err;
  EXPECT_EQ(compare(report_with(kBase), other_cpu, true).status, 1);  // allowed: judged as usual

  EXPECT_EQ(compare(report_with(kBase), report_with(kBase, "easy50")).status,
            sudoku_bench::kExitUsage);  // nothing in common
}

TEST(CompareCommandTest, CpuGate) {
  const auto cpu = sudoku_bench::GateTime::cpu;
  const Outcome slower = compare(noisy_report(500), noisy_report(540), false, cpu);
  EXPECT_EQ(slower.status, 1);
  EXPECT_NE(slower.out.find("SLOWER: top95/bitmask/threads=1: 8.0% more CPU time per puzzle"), std::string::npos)
      << slower.out;
  EXPECT_EQ(compare(noisy_report(500), noisy_report(540)).status, 0);  // by wall time: noise
  const Outcome no_cpu = compare(report_with(kBase), report_with(kBase), false, cpu);
  EXPECT_EQ(no_cpu.status, sudoku_bench::kExitUsage);
  EXPECT_NE(no_cpu.err.find("--gate cpu needs cpu_seconds"), std::string::npos) << no_cpu.err;
}

TEST(CompareCommandTest, UnreadableInputsAreIoErrors) {
  test_util::TempFile good(sudoku_bench::to_json(report_with(kBase)).dump(), ".json"), bad("{\"schema\": 1}", ".json");
  sudoku_bench::CompareCommand command;
  command.base_path = good.path();
  command.current_path = "/nonexistent.json";
  test_util::Capture out, err;
  EXPECT_EQ(sudoku_bench::compare_command(command, out.file(), err.file()), sudoku_bench::kExitIo);
  command.current_path = bad.path();
  EXPECT_EQ(sudoku_bench::compare_command(command, out.file(), err.file()), sudoku_bench::kExitIo);
  EXPECT_NE(err.text().find("schema is not a string"), std::string::npos) << err.text();
}

TEST(MergeTest, ConcatenatesAndRenumbers) {
  Report merged;
  ASSERT_EQ(sudoku_bench::merge_reports({report_with({1, 2}), report_with({3}), report_with({4}, "easy50")}, merged),
            "");
  ASSERT_EQ(merged.runs.size(), 4u);
  EXPECT_EQ(merged.runs[2].repetition, 3);
  EXPECT_NEAR(merged.runs[2].puzzles_per_second(), 3, 1e-9);
  EXPECT_EQ(merged.runs[3].repetition, 1);
  EXPECT_EQ(merged.settings.repetitions, 3);

  Report other = report_with({5});
  other.context.git_commit = "def";
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1}), other}, merged),
            "input 2 comes from another build or machine (context differs)");
}

}  // namespace
