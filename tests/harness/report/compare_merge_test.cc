// compare and merge: which pairs count as slower, when reports are refused, and the exit statuses.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>

#include "report/comparison.h"
#include "report/report_json.h"
#include "report/report_merge.h"
#include "report/shard_merge.h"
#include "run/compare.h"
#include "run/exit_codes.h"
#include "run/merge.h"
#include "run_util.h"
#include "temp_file.h"
#include "test_paths.h"

namespace {

using sudoku_bench::Fig;
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
    run.id.dataset = dataset;
    run.id.path = "datasets/" + dataset + ".txt";
    run.id.solver = "bitmask";
    run.threads = threads;
    run.threads_observed = threads;
    run.id.repetition = ++rep;
    run.status.unique = 1000;
    run.wall_seconds = 1000 / pps;
    run.distributions.latency_ns.mean = 1e9 / pps;
    for (std::size_t i = 0; i < run.distributions.latency_ns.percentiles.size(); ++i)
      run.distributions.latency_ns.percentiles[i] =
          static_cast<std::uint64_t>(1e9 / pps * (1 + static_cast<double>(i)));
    r.passes.push_back(run);
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
  sudoku_bench::CompareOptions options;
  options.max_slowdown = 0.05;
  options.gate = sudoku_bench::GateTime::wall;
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
  for (std::size_t i = 0; i < r.passes.size(); ++i)
    r.passes[i].figures[Fig::cpu_seconds] = 1000 * cpu_us_per_puzzle * 1e-6 * (1 + 0.004 * static_cast<double>(i % 3));
  return r;
}

TEST(ComparisonTest, CpuGateJudgesCpuTimePerPuzzle) {
  sudoku_bench::CompareOptions options;
  options.gate = sudoku_bench::GateTime::wall;
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
  EXPECT_FALSE(sudoku_bench::missing_cpu_time(report_with(kBase)).empty());
  EXPECT_TRUE(sudoku_bench::missing_cpu_time(base).empty());
}

TEST(ComparisonTest, NoLatencyRowsWithoutLatencies) {
  Report base = report_with(kBase), current = report_with(kBase);
  for (auto& run : current.passes) run.distributions.latency_measured = false;  // run --no-latency
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

TEST(ComparisonTest, CpuTimesThatCountProgramsOnOneSideOnlyAreNamed) {
  Report base = report_with(kBase), current = report_with(kBase);
  for (auto& run : current.passes)
    run.figures[Fig::program_cpu_seconds] = 0.5;  // schema /10 counts an exec: solver's programs
  EXPECT_EQ(sudoku_bench::context_mismatches(base, current),
            std::vector<std::string>{"top95/bitmask/threads=1: the CPU time counts the solver's programs in NEW only "
                                     "(a report before schema /10 counts the process alone): CPU figures do not "
                                     "compare"});
  for (auto& run : base.passes) run.figures[Fig::program_cpu_seconds] = 0.4;
  EXPECT_TRUE(sudoku_bench::context_mismatches(base, current).empty());
}

TEST(ComparisonTest, ThreeRepetitionsCannotBeSignificant) {
  const auto c = sudoku_bench::compare_reports(report_with({1000, 1001, 1002}), report_with({500, 501, 502}), {});
  EXPECT_FALSE(c.pairs.at(0).can_detect);
  EXPECT_EQ(c.pairs[0].verdict(), Verdict::same);  // halved, yet 3 vs 3 never reaches p < 0.05
}

TEST(ComparisonTest, PairsOnOneSideAreListed) {
  Report base = report_with(kBase), current = report_with(kBase);
  for (const auto& run : report_with(kBase, "easy50").passes) base.passes.push_back(run);
  for (const auto& run : report_with(kBase, "top95", 2).passes) current.passes.push_back(run);
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
  current.passes[0].status.unique = 999;
  EXPECT_EQ(
      sudoku_bench::context_mismatches(base, current),
      (std::vector<std::string>{"compiler_flags: BASE \"-O3\" vs NEW \"-O2\"",
                                "top95/bitmask/threads=1: 1000 records in BASE vs 999 in NEW (not the same input)"}));
}

struct Outcome {
  int status;
  std::string out, err;
};

Outcome compare_with(const Report& base, const Report& current, sudoku_bench::CompareCommand command) {
  test_util::TempFile a(sudoku_bench::to_json(base).dump(), ".json"), b(sudoku_bench::to_json(current).dump(), ".json");
  command.base_path = a.path();
  command.current_path = b.path();
  test_util::Capture out, err;
  const int status = sudoku_bench::compare_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

Outcome compare(const Report& base, const Report& current, bool allow = false,
                sudoku_bench::GateTime gate = sudoku_bench::GateTime::wall,
                sudoku_bench::CompareFormat format = sudoku_bench::CompareFormat::text, bool paired = false) {
  sudoku_bench::CompareCommand command;
  command.allow_context_mismatch = allow;
  command.options.gate = gate;
  command.format = format;
  command.options.paired = paired;
  return compare_with(base, current, command);
}

// An instruction report (run --measure instructions) of one pair: 5 repetitions counting
// `instructions` per puzzle each, as valgrind counts them; its times are valgrind's, 40x slower.
Report counted_report(double instructions) {
  Report r = report_with({25, 25.1, 24.9, 25, 25});
  r.settings.measure = sudoku_bench::Measure::instructions;
  r.context.counter = {"valgrind --tool=callgrind", "3.19.0", "x86-64-v3"};
  for (auto& run : r.passes) {
    run.figures[Fig::instructions_per_puzzle] = instructions;
    run.distributions.latency_measured = false;
    run.figures[Fig::cpu_seconds] = run.wall_seconds;
  }
  return r;
}

// Counts are judged by their ratio alone: the same code's (equal, or within 0.01%), within the
// 0.25% default, or SLOWER beyond it; no p, no interval; --max-slowdown overrides the default.
TEST(CompareCommandTest, InstructionCountsAreJudgedDeterministically) {
  const Report base = counted_report(1'000'000);
  const Outcome equal = compare(base, counted_report(1'000'000));
  EXPECT_EQ(equal.status, 0) << equal.err;
  EXPECT_NE(equal.out.find("the same: top95/bitmask/threads=1: counts equal (instruction counts, deterministic)"),
            std::string::npos)
      << equal.out;
  EXPECT_EQ(equal.out.find("p = "), std::string::npos) << equal.out;
  EXPECT_EQ(equal.out.find("puzzles/s"), std::string::npos) << equal.out;  // valgrind's throughput is not compared
  const Outcome within = compare(base, counted_report(1'000'050));
  EXPECT_EQ(within.status, 0);
  EXPECT_NE(within.out.find("+0.005%, within 0.01%"), std::string::npos) << within.out;
  const Outcome small = compare(base, counted_report(1'002'000));
  EXPECT_EQ(small.status, 0);
  EXPECT_NE(small.out.find("within the 0.25% threshold"), std::string::npos) << small.out;
  const Outcome slower = compare(base, counted_report(1'005'000));  // a change of 0.5%
  EXPECT_EQ(slower.status, 1);
  EXPECT_NE(slower.out.find("SLOWER: top95/bitmask/threads=1: +0.500% instructions per puzzle (instruction counts, "
                            "deterministic: more than 0.25%)"),
            std::string::npos)
      << slower.out;
  EXPECT_NE(slower.out.find("instr"), std::string::npos);
  EXPECT_EQ(compare(base, counted_report(990'000)).status, 0);  // fewer: faster

  sudoku_bench::CompareCommand loose;
  loose.options.max_slowdown = 0.01;
  loose.options.threshold_given = true;
  EXPECT_EQ(compare_with(base, counted_report(1'006'000), loose).status, 0);

  const Outcome json =
      compare(base, counted_report(1'006'000), false, sudoku_bench::GateTime::cpu, sudoku_bench::CompareFormat::json);
  EXPECT_EQ(json.status, 1);
  const auto doc = nlohmann::ordered_json::parse(json.out);
  EXPECT_EQ(doc["schema"], "sudoku-bench-compare/3");
  EXPECT_EQ(doc["measure"], "instructions");
  EXPECT_EQ(doc["verdict_kind"], "deterministic");
  EXPECT_DOUBLE_EQ(doc["options"]["max_slowdown"].get<double>(), 0.0025);
  ASSERT_EQ(doc["pairs"][0]["metrics"].size(), 1u);
  EXPECT_EQ(doc["pairs"][0]["metrics"][0]["metric"], "instructions/puzzle");
  EXPECT_TRUE(doc["pairs"][0]["metrics"][0]["p_value"].is_null());
  EXPECT_EQ(doc["pairs"][0]["verdict"], "slower");
}

// Counts of other things are refused whatever --allow-context-mismatch says: time against counts,
// another tool or instruction set; another valgrind version is warned of; other records refused.
TEST(CompareCommandTest, InstructionReportsOfOtherCountersOrRecordsAreRefused) {
  const Report base = counted_report(1'000'000);
  const Outcome mixed = compare(report_with(kBase), base, true);
  EXPECT_EQ(mixed.status, sudoku_bench::kExitUsage);
  EXPECT_NE(mixed.err.find("refusing to compare: BASE measured time, NEW instructions"), std::string::npos)
      << mixed.err;
  Report other_isa = counted_report(1'000'000);
  other_isa.context.counter.isa = "x86-64-v2";
  const Outcome isa = compare(base, other_isa, true);
  EXPECT_EQ(isa.status, sudoku_bench::kExitUsage);
  EXPECT_NE(isa.err.find("built for \"x86-64-v3\" in BASE, \"x86-64-v2\" in NEW"), std::string::npos) << isa.err;
  Report other_tool = counted_report(1'000'000);
  other_tool.context.counter.tool = "valgrind --tool=cachegrind";
  EXPECT_EQ(compare(base, other_tool, true).status, sudoku_bench::kExitUsage);
  Report other_version = counted_report(1'000'000);
  other_version.context.counter.version = "3.22.0";
  const Outcome version = compare(base, other_version);
  EXPECT_EQ(version.status, 0);
  EXPECT_NE(version.err.find("warning: counted by valgrind --tool=callgrind 3.19.0 in BASE, 3.22.0 in NEW"),
            std::string::npos)
      << version.err;
  Report fewer = counted_report(1'000'000);
  for (auto& run : fewer.passes) run.status.unique = 20;  // a sample of 20 records
  const Outcome records = compare(base, fewer);
  EXPECT_EQ(records.status, sudoku_bench::kExitUsage);
  EXPECT_NE(records.err.find("1000 records in BASE vs 20 in NEW"), std::string::npos) << records.err;
}

// The same code run twice on a loaded machine: NEW's passes waited for a CPU and took 30% more CPU
// time. compare cannot tell, says why and what to do, and exits 0 (1 with --strict).
Report disturbed(Report r, double factor) {
  for (auto& run : r.passes) {
    run.figures[Fig::cpu_seconds] = run.wall_seconds * factor;
    run.noise.measured = true;
    run.noise.waiting = 0.2;
  }
  return r;
}

TEST(CompareCommandTest, ADisturbedTimeComparisonCannotTell) {
  const auto cpu = sudoku_bench::GateTime::cpu;
  const Report base = disturbed(report_with(kBase), 1), current = disturbed(report_with(kBase), 1.3);
  const Outcome noisy = compare(base, current, false, cpu);
  EXPECT_EQ(noisy.status, 0) << noisy.out;
  EXPECT_EQ(noisy.out.find("SLOWER:"), std::string::npos) << noisy.out;
  EXPECT_NE(noisy.out.find("CANNOT TELL: top95/bitmask/threads=1: +30.0% CPU time per puzzle"), std::string::npos)
      << noisy.out;
  EXPECT_NE(noisy.out.find("9 of 9 passes of NEW were disturbed (waited for a CPU"), std::string::npos) << noisy.out;
  EXPECT_NE(noisy.out.find("`sudoku-bench ab` measures both in turns"), std::string::npos) << noisy.out;
  // One pair: its verdict line says it all, no count of pairs repeats it.
  EXPECT_EQ(noisy.out.find("pair compared"), std::string::npos) << noisy.out;
  // The verdict line names the first reason and counts the others, said in full on the pair's line;
  // the way out once.
  const std::string first = noisy.out.substr(0, noisy.out.find('\n'));
  EXPECT_TRUE(first.starts_with("NEW is 30.0% slower than BASE (CPU/puzzle")) << first;
  EXPECT_NE(first.find(": cannot tell ("), std::string::npos) << first;
  EXPECT_NE(first.find(" more reason"), std::string::npos) << first;
  EXPECT_LT(first.size(), 200u) << first;
  EXPECT_EQ(noisy.out.find("measures both in turns"), noisy.out.rfind("measures both in turns")) << noisy.out;
  // No change at all, but from disturbed passes: said to be noisy, not judged quiet.
  const Outcome same = compare(base, disturbed(report_with(kBase), 1), false, cpu);
  EXPECT_EQ(same.status, 0);
  EXPECT_NE(same.out.find("noisy: top95/bitmask/threads=1: +0.0% CPU time per puzzle"), std::string::npos) << same.out;
  EXPECT_EQ(compare(report_with(kBase), report_with(kBase)).out.find("noisy:"), std::string::npos);
  sudoku_bench::CompareCommand strict;
  strict.options.gate = cpu;
  strict.strict = true;
  EXPECT_EQ(compare_with(base, current, strict).status, 1);
  const Outcome json = compare(base, current, false, cpu, sudoku_bench::CompareFormat::json);
  EXPECT_EQ(json.status, 0);
  const auto doc = nlohmann::ordered_json::parse(json.out);
  EXPECT_EQ(doc["pairs"][0]["verdict"], "cannot_tell");
  EXPECT_NE(doc["pairs"][0]["doubt"].get<std::string>().find("disturbed"), std::string::npos);
  EXPECT_EQ(doc["summary"]["cannot_tell"], 1);
  EXPECT_NE(json.err.find("CANNOT TELL"), std::string::npos) << json.err;  // a CI log says why it passed

  // A loaded machine (load average at or above its CPUs) alone is doubt enough.
  Report loaded = report_with(scaled(kBase, 0.9));
  loaded.context.environment_known = true;
  loaded.context.environment.load_average = 5.5;
  loaded.context.hardware_threads = 2;
  const Outcome busy = compare(report_with(kBase), loaded);
  EXPECT_EQ(busy.status, 0);
  EXPECT_NE(busy.out.find("NEW began on a loaded machine (load average 5.50 on 2 CPUs)"), std::string::npos)
      << busy.out;
  // A change within twice the spread of repetitions is no verdict either.
  const std::vector<double> outlier = {1000, 1002, 998, 1001, 999, 1003, 997, 1000, 1200};
  const Outcome spread = compare(report_with(outlier), report_with(scaled(outlier, 0.9)));
  EXPECT_EQ(spread.status, 0) << spread.out;
  EXPECT_NE(spread.out.find("less than 2x the larger side's spread"), std::string::npos) << spread.out;

  // Paired runs in turns (ab) share their noise: judged as before.
  EXPECT_EQ(
      compare(base, disturbed(report_with(kBase), 1.3), false, cpu, sudoku_bench::CompareFormat::text, true).status, 1);
}

// The run-level warnings are kept in the report and read back; older reports have none.
TEST(ReportWarningsTest, WrittenAndReadBack) {
  Report r = report_with(kBase);
  r.warnings = {"load average 5.5 on 2 CPUs: other programs compete for them"};
  const Report back = sudoku_bench::from_json(sudoku_bench::to_json(r));
  EXPECT_EQ(back.warnings, r.warnings);
  EXPECT_TRUE(sudoku_bench::from_json(sudoku_bench::to_json(report_with(kBase))).warnings.empty());
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

// The text leads with the verdict; latency rows that repeat the row before are one; a row that only
// informs is not judged, and a figure the metric table does not test (page faults) shows no p.
TEST(CompareCommandTest, TheVerdictLeadsAndTheRowsOnlyInform) {
  const auto with_tail = [](Report r) {
    for (auto& run : r.passes) {
      for (std::size_t i = 7; i < run.distributions.latency_ns.percentiles.size(); ++i)
        run.distributions.latency_ns.percentiles[i] =
            run.distributions.latency_ns.percentiles[6];  // p99 to p100: one slowest puzzle
      run.figures[Fig::minor_page_faults] = 100 + run.id.repetition;
    }
    return r;
  };
  const Outcome slower = compare(with_tail(report_with(kBase)), with_tail(report_with(scaled(kBase, 0.9))));
  EXPECT_EQ(slower.status, 1);
  EXPECT_EQ(slower.out.rfind("NEW is 11.1% slower than BASE (puzzles/s +", 0), 0u) << slower.out;
  EXPECT_NE(slower.out.find(": SLOWER\n\nBASE "), std::string::npos) << slower.out;
  EXPECT_NE(slower.out.find(" latency p99..p100 "), std::string::npos) << slower.out;
  EXPECT_EQ(slower.out.find(" latency p99.9 "), std::string::npos) << slower.out;
  EXPECT_EQ(slower.out.find("(slower)"), std::string::npos) << slower.out;
  // The markdown's row: its p cell (the 10th) empty, and no verdict.
  const Outcome md = compare(with_tail(report_with(kBase)), with_tail(report_with(scaled(kBase, 0.9))), false,
                             sudoku_bench::GateTime::wall, sudoku_bench::CompareFormat::markdown);
  const std::size_t faults = md.out.find("| minor page faults |");
  ASSERT_NE(faults, std::string::npos) << md.out;
  const std::string row = md.out.substr(faults, md.out.find('\n', faults) - faults);
  EXPECT_EQ(row.substr(row.size() - 7), "|  |  |") << row;
  // The JSON keeps a metric each, folded or not.
  const Outcome json = compare(with_tail(report_with(kBase)), with_tail(report_with(scaled(kBase, 0.9))), false,
                               sudoku_bench::GateTime::wall, sudoku_bench::CompareFormat::json);
  EXPECT_EQ(nlohmann::ordered_json::parse(json.out)["pairs"][0]["metrics"].size(), 12u) << json.out;
}

// --format json and markdown say what the text says, with the same exit status; notes stay on stderr.
TEST(CompareCommandTest, JsonAndMarkdownCarryTheVerdicts) {
  using sudoku_bench::CompareFormat;
  const auto wall = sudoku_bench::GateTime::wall;
  const Outcome json = compare(report_with(kBase), report_with(scaled(kBase, 0.9)), false, wall, CompareFormat::json);
  EXPECT_EQ(json.status, 1);
  const auto doc = nlohmann::ordered_json::parse(json.out);
  EXPECT_EQ(doc["schema"], "sudoku-bench-compare/3");
  ASSERT_EQ(doc["pairs"].size(), 1u);
  EXPECT_EQ(doc["pairs"][0]["verdict"], "slower");
  EXPECT_EQ(doc["pairs"][0]["gated_metric"], "puzzles/s");
  EXPECT_NEAR(doc["pairs"][0]["metrics"][0]["ratio"].get<double>(), 0.9, 1e-9);
  EXPECT_EQ(doc["summary"]["slower"], 1);
  EXPECT_EQ(doc["options"]["gate"], "wall");
  EXPECT_EQ(doc["options"]["paired"], false);
  // Time per puzzle grew by 1/0.9 - 1 = 11.1%; the interval holds it, as wide as the +-1% spread.
  const auto& change = doc["pairs"][0]["metrics"][0]["change"];
  EXPECT_NEAR(change["estimate"].get<double>(), 1 / 0.9 - 1, 0.002);
  EXPECT_LT(change["low"].get<double>(), 1 / 0.9 - 1);
  EXPECT_GT(change["high"].get<double>(), 1 / 0.9 - 1);
  EXPECT_LT(change["high"].get<double>() - change["low"].get<double>(), 0.03);
  const Outcome same = compare(report_with(kBase), report_with(kBase), false, wall, CompareFormat::json);
  EXPECT_EQ(same.status, 0);
  EXPECT_EQ(nlohmann::ordered_json::parse(same.out)["summary"]["slower"], 0);

  const Outcome md = compare(report_with(kBase), report_with(scaled(kBase, 0.9)), false, wall, CompareFormat::markdown);
  EXPECT_EQ(md.status, 1);
  EXPECT_EQ(md.out.rfind("**sudoku-bench compare**", 0), 0u) << md.out;
  EXPECT_NE(md.out.find("| top95 | bitmask | 1 | puzzles/s |"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("**SLOWER**"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("| +11.1% (+"), std::string::npos) << md.out;         // the change and its interval
  EXPECT_EQ(md.out.find("SLOWER: "), std::string::npos);                      // the text's verdict lines are not in it
  EXPECT_NE(md.out.find(": 1 pair, 1 slower"), std::string::npos) << md.out;  // one pair, as one
  EXPECT_EQ(md.out.find("p = <"), std::string::npos) << md.out;
}

// Runs made in turns on a machine whose speed drifts by +-10% from round to round: every round's
// NEW is 3% slower than its BASE. Unpaired, the drift swamps the 3% (and the U test cannot see it);
// paired, each round's ratio is 1.03 and the signed-rank test sees ten of ten alike.
TEST(ComparisonTest, PairedSeesAShiftThatDriftHides) {
  const std::vector<double> drift = {1.0, 0.92, 1.08, 0.95, 1.1, 0.9, 1.04, 0.97, 1.06, 0.93};
  const Report base = report_with(scaled(drift, 1000)), current = report_with(scaled(drift, 1000 / 1.03));
  sudoku_bench::CompareOptions options;
  options.max_slowdown = 0.01;
  EXPECT_EQ(sudoku_bench::compare_reports(base, current, options).pairs.at(0).verdict(), Verdict::same);
  options.paired = true;
  const auto c = sudoku_bench::compare_reports(base, current, options);
  const auto& m = c.pairs.at(0).gated_metric();
  EXPECT_EQ(m.verdict, Verdict::slower);
  EXPECT_LT(m.p_value, 0.01);  // all ten signs alike
  ASSERT_TRUE(m.change && m.change->low && m.change->high);
  EXPECT_NEAR(m.change->estimate, 0.03, 1e-9);
  EXPECT_NEAR(m.slowdown, 0.03, 1e-9);
  options.max_slowdown = 0.05;  // 3% is within 5%: significant, yet not a slowdown
  EXPECT_EQ(sudoku_bench::compare_reports(base, current, options).pairs.at(0).verdict(), Verdict::same);
  // The same drift on an unchanged build: the rounds' ratios are all 1, nothing to flag.
  EXPECT_EQ(sudoku_bench::compare_reports(base, base, options).pairs.at(0).verdict(), Verdict::same);
}

// Paired, 5 rounds cannot reach p < 0.05 (2/32), 6 can (2/64). Five equal ratios tie, and the
// normal approximation that ties call for would give p < 0.05: the exact bound still rules.
TEST(ComparisonTest, PairedNeedsSixRounds) {
  sudoku_bench::CompareOptions options;
  options.paired = true;
  const auto judge = [&](std::size_t n) {
    const std::vector<double> v(kBase.begin(), kBase.begin() + static_cast<std::ptrdiff_t>(n));
    return sudoku_bench::compare_reports(report_with(v), report_with(scaled(v, 0.5)), options).pairs.at(0);
  };
  EXPECT_FALSE(judge(5).can_detect);
  EXPECT_EQ(judge(5).verdict(), Verdict::same);
  EXPECT_TRUE(judge(6).can_detect);
  EXPECT_EQ(judge(6).verdict(), Verdict::slower);
  EXPECT_DOUBLE_EQ(sudoku_bench::smallest_reachable_p(6, 6, true), 2.0 / 64);
}

// compare --paired refuses sides with different repetition counts (which rounds would pair?).
TEST(CompareCommandTest, PairedNeedsEqualRounds) {
  using sudoku_bench::CompareFormat;
  const auto wall = sudoku_bench::GateTime::wall;
  const std::vector<double> fewer(kBase.begin(), kBase.end() - 1);
  const Outcome refused = compare(report_with(kBase), report_with(fewer), false, wall, CompareFormat::text, true);
  EXPECT_EQ(refused.status, sudoku_bench::kExitUsage);
  EXPECT_NE(refused.err.find("--paired: top95/bitmask/threads=1: 9 in BASE, 8 in NEW"), std::string::npos)
      << refused.err;
  const Outcome json =
      compare(report_with(kBase), report_with(scaled(kBase, 0.9)), false, wall, CompareFormat::json, true);
  EXPECT_EQ(json.status, 1);
  const auto doc = nlohmann::ordered_json::parse(json.out);
  EXPECT_EQ(doc["options"]["paired"], true);
  EXPECT_NEAR(doc["pairs"][0]["metrics"][0]["change"]["estimate"].get<double>(), 1 / 0.9 - 1, 1e-9);
  const Outcome text =
      compare(report_with(kBase), report_with(scaled(kBase, 0.9)), false, wall, CompareFormat::text, true);
  EXPECT_NE(text.out.find("Wilcoxon signed-rank"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("+11.1% (+11.1% to +11.1%)"), std::string::npos) << text.out;
}

TEST(CompareCommandTest, CpuGate) {
  const auto cpu = sudoku_bench::GateTime::cpu;
  const Outcome slower = compare(noisy_report(500), noisy_report(540), false, cpu);
  EXPECT_EQ(slower.status, 1);
  EXPECT_NE(slower.out.find("SLOWER: top95/bitmask/threads=1: 8.0% more CPU time per puzzle"), std::string::npos)
      << slower.out;
  EXPECT_EQ(compare(noisy_report(500), noisy_report(540)).status, 0);  // by wall time: noise
  const Outcome no_cpu = compare(report_with(kBase), report_with(kBase), false, cpu);
  // Reports from before cpu_seconds was recorded: judged on wall time, and said so.
  EXPECT_EQ(no_cpu.status, 0);
  EXPECT_NE(no_cpu.err.find("runs[0] (top95 bitmask 1 threads #1): cpu_seconds is null (not recorded"),
            std::string::npos)
      << no_cpu.err;
  EXPECT_NE(no_cpu.err.find("judged on wall time, as --gate wall"), std::string::npos) << no_cpu.err;
  // -0, as an edited report may hold: no CPU time measured either.
  sudoku_bench::Report negative_zero = report_with(kBase);
  for (auto& pass : negative_zero.passes) pass.figures[Fig::cpu_seconds] = -0.0;
  const Outcome minus = compare(report_with(kBase), negative_zero, false, cpu);
  EXPECT_NE(minus.err.find("cpu_seconds is null"), std::string::npos) << minus.err;
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
  EXPECT_NE(err.text().find("schema: 1 is not a string"), std::string::npos) << err.text();
}

TEST(CompareCommandTest, FieldsOutOfRangeAreNamedWithTheFile) {
  nlohmann::ordered_json j = sudoku_bench::to_json(report_with(kBase));
  j["runs"][2]["threads"] = -3;
  test_util::TempFile good(sudoku_bench::to_json(report_with(kBase)).dump(), ".json"), bad(j.dump(), ".json");
  sudoku_bench::CompareCommand command;
  command.base_path = good.path();
  command.current_path = bad.path();
  test_util::Capture out, err;
  EXPECT_EQ(sudoku_bench::compare_command(command, out.file(), err.file()), sudoku_bench::kExitIo);
  EXPECT_EQ(err.text(), "sudoku-bench compare: " + bad.path() + ": runs[2].threads: -3 is not a thread count >= 1\n");
}

const std::vector<std::string> kNames = {"a.json", "b.json", "c.json"};

// report_with's passes as `run` writes them: each with its run's id and its place in the order.
Report run_report(const std::vector<double>& puzzles_per_second, const std::string& run_id) {
  Report r = report_with(puzzles_per_second);
  for (std::size_t i = 0; i < r.passes.size(); ++i) {
    r.passes[i].id.run_id = run_id;
    r.passes[i].id.sequence = static_cast<int>(i) + 1;
  }
  return r;
}

TEST(MergeTest, ConcatenatesAndRenumbers) {
  Report merged;
  ASSERT_EQ(
      sudoku_bench::merge_reports({report_with({1, 2}), report_with({3}), report_with({4}, "easy50")}, kNames, merged),
      "");
  ASSERT_EQ(merged.passes.size(), 4u);
  EXPECT_EQ(merged.passes[2].id.repetition, 3);
  EXPECT_NEAR(merged.passes[2].puzzles_per_second(), 3, 1e-9);
  EXPECT_EQ(merged.passes[3].id.repetition, 1);
  EXPECT_EQ(merged.settings.repetitions, 3);
}

TEST(MergeTest, RefusalsNameTheFilesAndTheField) {
  Report merged;
  Report other = report_with({5});
  other.context.git_commit = "def";
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1}), other}, kNames, merged),
            "b.json (input 2) comes from another build or machine than a.json (input 1): context.git_commit \"def\" "
            "vs \"abc\"");
  other = report_with({5});
  other.context.hardware_threads = 8;
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1}), report_with({2}), other}, kNames, merged),
            "c.json (input 3) comes from another build or machine than a.json (input 1): context.hardware_threads 8 "
            "vs 0");
  other = report_with({5});
  other.settings.limits.nodes = 5;
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1}), other}, kNames, merged),
            "b.json (input 2) was measured with other settings than a.json (input 1): settings.node_limit 5 vs 0");
  other = report_with({5});
  other.settings.verify.by = "norvig";
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1}), other}, kNames, merged),
            "b.json (input 2) was measured with other settings than a.json (input 1): settings.verify \"norvig\" vs "
            "null");
  // Threads, solvers and repetitions may differ: that is what merging is for.
  other = report_with({5}, "top95", 2);
  other.settings.threads = {2};
  other.settings.repetitions = 7;
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1}), other}, kNames, merged), "");
}

TEST(MergeTest, RefusesAPassGivenTwice) {
  const Report a = run_report({1, 2}, "aaaa"), b = run_report({3}, "bbbb");
  Report merged;
  EXPECT_EQ(sudoku_bench::merge_reports({a, a}, {"a.json", "a.json"}, merged),
            "a.json (input 2) repeats a pass of a.json (input 1): top95 bitmask threads=1 repetition 1 is pass 1 of "
            "run aaaa; a measurement merged twice would count twice");
  // A merged report merged again with one of its sources: the pass keeps its run's id and place.
  Report ab;
  ASSERT_EQ(sudoku_bench::merge_reports({a, b}, {"a.json", "b.json"}, ab), "");
  EXPECT_EQ(ab.passes.at(2).id.repetition, 3);
  EXPECT_EQ(ab.passes.at(2).id.run_id, "bbbb");
  const Report back = sudoku_bench::from_json(sudoku_bench::to_json(ab));
  EXPECT_EQ(sudoku_bench::merge_reports({back, b}, {"ab.json", "b.json"}, merged),
            "b.json (input 2) repeats a pass of ab.json (input 1): top95 bitmask threads=1 repetition 1 (repetition 3 "
            "there) is pass 1 of run bbbb; a measurement merged twice would count twice");
  EXPECT_EQ(sudoku_bench::merge_reports({run_report({4}, "cccc"), back}, {"c.json", "ab.json"}, merged), "");
  // Without ids (reports before /6): a copy is told by its figures, also within one file.
  Report old_a = report_with({1, 2}), old_b = report_with({1});
  EXPECT_EQ(sudoku_bench::merge_reports({old_a, old_b}, {"a.json", "b.json"}, merged),
            "b.json (input 2) repeats a pass of a.json (input 1): top95 bitmask threads=1 repetition 1 has the same "
            "figures (seconds, counts, mean latency, pipeline seconds); a measurement merged twice would count twice");
  old_a.passes.push_back(old_a.passes[0]);
  old_a.passes.back().id.repetition = 3;
  EXPECT_EQ(sudoku_bench::merge_reports({old_a}, {"a.json"}, merged),
            "a.json (input 1) holds one pass twice: top95 bitmask threads=1 repetitions 1 and 3 have the same "
            "figures (seconds, counts, mean latency, pipeline seconds); a measurement merged twice would count twice");
  // Passes of microseconds, or timed by wall and CPU time alone, share them by chance: not refused.
  EXPECT_EQ(sudoku_bench::merge_reports({report_with({1e7}), report_with({1e7})}, kNames, merged), "");
  Report untimed = report_with({1});
  untimed.passes[0].distributions.latency_measured = false;
  EXPECT_EQ(sudoku_bench::merge_reports({untimed, untimed}, kNames, merged), "");
  // The same figures under another run id are the same measurement too.
  Report relabelled = a;
  for (auto& pass : relabelled.passes) pass.id.run_id = "dddd";
  EXPECT_NE(sudoku_bench::merge_reports({a, relabelled}, {"a.json", "d.json"}, merged)
                .find("d.json (input 2) repeats a pass of a.json (input 1): top95 bitmask threads=1 repetition 1 has "
                      "the same figures"),
            std::string::npos);
}

// Shard k of n of top95, as read back from its JSON.
Report shard(int k, int n) {
  auto command = test_util::run_command_for({std::string(SUDOKU_BENCH_DATASETS_DIR) + "/top95.txt"}, {1}, 1);
  command.shard = {k, n};
  const auto o = test_util::run(command);
  EXPECT_EQ(o.status, 0) << o.err;
  return sudoku_bench::from_json(sudoku_bench::to_json(o.report));
}

TEST(MergeTest, ShardsMergedKeepEveryShardsRunId) {
  const Report one = shard(1, 2), two = shard(2, 2);
  const std::string id1 = one.passes.at(0).id.run_id, id2 = two.passes.at(0).id.run_id;
  ASSERT_EQ(id1.size(), 32u);
  ASSERT_NE(id1, id2);
  Report whole;
  ASSERT_EQ(sudoku_bench::merge_shards({one, two}, {"1.json", "2.json"}, whole), "");
  EXPECT_EQ(whole.passes.at(0).id.run_id, id1 + "+" + id2);
  const Report back = sudoku_bench::from_json(sudoku_bench::to_json(whole));
  EXPECT_EQ(back.passes.at(0).id.run_id, id1 + "+" + id2);
  Report merged;
  EXPECT_EQ(sudoku_bench::merge_reports({back, back}, {"w.json", "w.json"}, merged),
            "w.json (input 2) repeats a pass of w.json (input 1): top95 bitmask threads=1 repetition 1 is pass 1 of "
            "run " +
                id1 + "; a measurement merged twice would count twice");
  // A shard's report relabelled as another shard is the same measurement.
  Report relabelled = one;
  relabelled.settings.shard.index = 2;
  EXPECT_EQ(sudoku_bench::merge_shards({one, relabelled}, {"1.json", "2.json"}, merged),
            "2.json (input 2) repeats a pass of 1.json (input 1): top95 bitmask threads=1 repetition 1 is pass 1 of "
            "run " +
                id1 + "; a measurement merged twice would count twice");
  // Counts that would wrap when the shards are summed.
  Report huge = two;
  huge.passes.at(0).status.none = UINT64_MAX - huge.passes.at(0).status.records();
  EXPECT_EQ(sudoku_bench::merge_shards({one, huge}, {"1.json", "2.json"}, merged),
            "2.json: runs[0].status: the shards' counts add up to more than 2^64 - 1");
}

struct MergeOutcome {
  int status;
  std::string err;
  bool written;
};

MergeOutcome merge_files(const std::vector<std::string>& texts) {
  std::vector<std::unique_ptr<test_util::TempFile>> files;
  sudoku_bench::MergeCommand command;
  for (const std::string& text : texts) {
    files.push_back(std::make_unique<test_util::TempFile>(text, ".json"));
    command.inputs.push_back(files.back()->path());
  }
  test_util::TempFile out("", ".json");
  std::remove(out.path().c_str());
  command.json_path = out.path();
  test_util::Capture err;
  const int status = sudoku_bench::merge_command(command, err.file());
  std::string text = err.text();
  // The temporary names, as a.json, b.json, …, so that messages can be checked whole.
  for (std::size_t i = 0; i < files.size(); ++i)
    for (std::size_t at; (at = text.find(files[i]->path())) != std::string::npos;)
      text.replace(at, files[i]->path().size(), std::string(1, static_cast<char>('a' + i)) + ".json");
  return {status, text, std::ifstream(out.path()).good()};
}

TEST(MergeCommandTest, RefusesRepeatsAndBadFieldsNamingFileAndField) {
  Report a_report = run_report({1, 2}, "aaaa");
  const std::string a = sudoku_bench::to_json(a_report).dump(),
                    b = sudoku_bench::to_json(run_report({3}, "bbbb")).dump();
  MergeOutcome o = merge_files({a, b});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err, "");
  EXPECT_TRUE(o.written);

  o = merge_files({a, b, a});
  EXPECT_EQ(o.status, sudoku_bench::kExitUsage);
  EXPECT_EQ(o.err,
            "sudoku-bench merge: c.json (input 3) repeats a pass of a.json (input 1): top95 bitmask threads=1 "
            "repetition 1 is pass 1 of run aaaa; a measurement merged twice would count twice\n");
  EXPECT_FALSE(o.written);

  nlohmann::ordered_json bad = sudoku_bench::to_json(a_report);
  bad["runs"][1]["threads"] = -3;
  o = merge_files({a, b, bad.dump()});
  EXPECT_EQ(o.status, sudoku_bench::kExitIo);
  EXPECT_EQ(o.err, "sudoku-bench merge: c.json: runs[1].threads: -3 is not a thread count >= 1\n");
  EXPECT_FALSE(o.written);

  // A report before /6 merges, with a warning: its repeats are caught by their figures only.
  nlohmann::ordered_json old = sudoku_bench::to_json(report_with({5}));
  old["schema"] = "sudoku-bench/5";
  o = merge_files({a, old.dump()});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err,
            "sudoku-bench merge: warning: b.json has passes without a run_id (written before sudoku-bench/6): a pass "
            "given twice is caught only when its figures are identical\n");
  EXPECT_TRUE(o.written);
}

}  // namespace
