// Numbers on a noisy machine: --min-time loops whole files, each pass's noise, the outlier rule,
// --interleave's reproducible order, the implementation a strategy picked, compare
// --drop-disturbed. No timing assertions: only what holds however loaded the machine is.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "report/comparison.h"
#include "report/report_json.h"
#include "run/compare.h"
#include "run/report_files.h"
#include "run_util.h"
#include "stats/outliers.h"
#include "stream/noise_probe.h"
#include "test_paths.h"

namespace {

using sudoku_bench::MeasuredPass;
using sudoku_bench::NoiseCounters;
using sudoku_bench::PassNoise;
using sudoku_bench::Report;

std::string dataset(const char* name) { return std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + name; }

TEST(OutlierTest, TheMadRuleOnFixedRepetitions) {
  const std::vector<double> one_wild = {100, 101, 99, 100, 102, 60};
  EXPECT_EQ(sudoku_bench::mad_outliers(one_wild), (std::vector<bool>{false, false, false, false, false, true}));
  // 0.6745 * 4 / 1 = 2.7 is within 3.5; 0.6745 * 6 / 1 = 4.0 is not.
  EXPECT_EQ(sudoku_bench::mad_outliers(std::vector<double>{10, 11, 9, 10, 14}),
            (std::vector<bool>{false, false, false, false, false}));
  EXPECT_EQ(sudoku_bench::mad_outliers(std::vector<double>{10, 11, 9, 10, 16}),
            (std::vector<bool>{false, false, false, false, true}));
  // Too few to judge, or no spread to judge by.
  EXPECT_EQ(sudoku_bench::mad_outliers(std::vector<double>{1, 100}), (std::vector<bool>{false, false}));
  EXPECT_EQ(sudoku_bench::mad_outliers(std::vector<double>{5, 5, 5, 5, 9}),
            (std::vector<bool>{false, false, false, false, false}));
}

MeasuredPass pass_of(const std::string& dataset, int threads, double puzzles_per_second) {
  MeasuredPass p;
  p.id.dataset = dataset;
  p.id.solver = "bitmask";
  p.threads = threads;
  p.id.repetition = 1;
  p.status.unique = 1000;
  p.wall_seconds = 1000 / puzzles_per_second;
  return p;
}

TEST(OutlierTest, MarkedWithinEachGroupOnly) {
  std::vector<MeasuredPass> runs;
  for (const double rate : {100.0, 101.0, 99.0, 100.0, 60.0}) runs.push_back(pass_of("a", 1, rate));
  // At 2 threads the same rates are no outliers: the group has no wild one.
  for (const double rate : {200.0, 201.0, 199.0, 200.0, 202.0}) runs.push_back(pass_of("a", 2, rate));
  runs.push_back(pass_of("a", 1, 100));
  runs.back().complete = false;  // cut short: not judged
  runs[0].outlier = true;        // cleared
  sudoku_bench::mark_outliers(runs);
  std::vector<bool> flags;
  for (const MeasuredPass& r : runs) flags.push_back(r.outlier);
  EXPECT_EQ(flags, (std::vector<bool>{false, false, false, false, true, false, false, false, false, false, false}));
}

TEST(NoiseTest, DisturbedAboveTheDocumentedThresholdsWithTheReason) {
  PassNoise n;
  n.measured = true;
  n.steal = 0.019;
  n.waiting = 0.049;
  EXPECT_EQ(sudoku_bench::disturbance(n), "");
  n.steal = 0.031;
  EXPECT_EQ(sudoku_bench::disturbance(n), "3.1% steal time");
  n.waiting = 0.12;
  EXPECT_EQ(sudoku_bench::disturbance(n), "3.1% steal time; waited for a CPU 12% of the time");
  EXPECT_EQ(sudoku_bench::disturbance(PassNoise{}), "");  // not measured: not judged
}

TEST(NoiseTest, LoopsMergeWeightedByWallTime) {
  PassNoise a, b;
  a.measured = b.measured = true;
  a.steal = 0.0;
  b.steal = 0.3;
  a.waiting = 0.1;
  b.waiting = 0.1;
  a.involuntary_switches = 2;
  b.involuntary_switches = 5;
  a.migrations = 1;
  const PassNoise m = sudoku_bench::merge_noise(a, 2.0, b, 1.0);
  EXPECT_TRUE(m.measured);
  EXPECT_DOUBLE_EQ(*m.steal, 0.1);
  EXPECT_DOUBLE_EQ(*m.waiting, 0.1);
  EXPECT_EQ(m.involuntary_switches, 7u);
  EXPECT_FALSE(m.migrations);  // unknown on one side
  EXPECT_FALSE(sudoku_bench::merge_noise(a, 1, PassNoise{}, 1).measured);
}

TEST(NoiseTest, CountersBetweenTwoReadings) {
  NoiseCounters before, after;
  before.ticks_known = after.ticks_known = true;
  before.steal_ticks = 10, before.total_ticks = 1000;
  after.steal_ticks = 13, after.total_ticks = 1100;
  before.involuntary_switches = 4, after.involuntary_switches = 9;
  before.wait_known = after.wait_known = before.migrations_known = after.migrations_known = true;
  before.tasks = {{1, 1'000'000, 3}, {2, 5'000'000, 0}};
  // Thread 2 ended and its id came back lower: it counts from 0. Thread 3 is new.
  after.tasks = {{1, 21'000'000, 5}, {2, 1'000'000, 1}, {3, 30'000'000, 2}};
  const PassNoise n = sudoku_bench::noise_between(before, after, 0.5, 2);
  EXPECT_DOUBLE_EQ(*n.steal, 0.03);
  EXPECT_EQ(n.involuntary_switches, 5u);
  EXPECT_EQ(*n.migrations, 2u + 1u + 2u);
  // Three threads waited, more than the pass's two: the share is over three, so it cannot pass 1.
  EXPECT_DOUBLE_EQ(*n.waiting, (20e6 + 1e6 + 30e6) * 1e-9 / (0.5 * 3));
  after.tasks = {{1, 501'000'000, 5}, {2, 505'000'000, 1}, {3, 500'000'000, 2}};  // each waited the whole pass
  EXPECT_DOUBLE_EQ(*sudoku_bench::noise_between(before, after, 0.5, 1).waiting, 1.0);
}

TEST(NoiseTest, TheRealProcessIsReadable) {
  const NoiseCounters c = sudoku_bench::read_noise_counters();
  EXPECT_TRUE(c.ticks_known);  // Linux
  EXPECT_FALSE(c.tasks.empty());
}

TEST(MinTimeTest, LoopsWholeFilesAndCountsEverySolve) {
  auto command = test_util::run_command_for({dataset("top95.txt")}, {1, 2}, 2);
  command.repeats.min_time_seconds = 0.05;
  const auto outcome = test_util::run(command);
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  ASSERT_EQ(outcome.report.passes.size(), 4u);
  for (const MeasuredPass& r : outcome.report.passes) {
    EXPECT_GE(r.loops, 1);
    EXPECT_EQ(r.file_records, 95u);
    EXPECT_EQ(r.status.records(), 95u * static_cast<unsigned>(r.loops));
    EXPECT_EQ(r.status.unique, 95u * static_cast<unsigned>(r.loops));
    EXPECT_EQ(r.distributions.latency_ns.count, r.puzzles());
    EXPECT_EQ(r.distributions.tree_size.count, r.puzzles());
    // The loop stops only once the time is reached.
    EXPECT_GE(r.wall_seconds, command.repeats.min_time_seconds);
  }
  EXPECT_EQ(outcome.report.settings.min_time_seconds, 0.05);

  command.repeats.min_time_seconds = 0;
  const auto once = test_util::run(command);
  for (const MeasuredPass& r : once.report.passes) EXPECT_EQ(r.loops, 1);
}

TEST(MinTimeTest, EveryReadingCountsButRecordsAreNamedOnce) {
  // Line 2 is invalid: each reading counts it, the message names it once, at its own line.
  test_util::TempFile f(std::string(81, '.') + "\nxyz\n" + "1" + std::string(80, '.') + "\n");
  auto command = test_util::run_command_for({f.path()}, {2}, 1);
  command.repeats.min_time_seconds = 0.02;
  const auto outcome = test_util::run(command);
  ASSERT_EQ(outcome.report.passes.size(), 1u);
  const MeasuredPass& r = outcome.report.passes[0];
  EXPECT_EQ(r.file_records, 3u);
  EXPECT_EQ(r.status.invalid, static_cast<unsigned>(r.loops));
  EXPECT_EQ(r.status.multiple, 2u * static_cast<unsigned>(r.loops));
  EXPECT_EQ(outcome.err, f.path() + ":2: bad character 'x' at column 1\n");
}

TEST(NoiseTest, EveryPassReportsItsNoiseNonNegative) {
  auto command = test_util::run_command_for({dataset("easy50.txt")}, {1, 2}, 2);
  const auto outcome = test_util::run(command);
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const auto json = sudoku_bench::to_json(outcome.report);
  for (const auto& r : json["runs"]) {
    const auto& n = r["noise"];
    ASSERT_TRUE(n.is_object()) << r.dump();
    EXPECT_GE(n["steal"].get<double>(), 0);
    EXPECT_LE(n["steal"].get<double>(), 1);
    EXPECT_GE(n["involuntary_context_switches"].get<std::int64_t>(), 0);
    EXPECT_GE(n["waiting"].get<double>(), 0);
    if (!n["cpu_migrations"].is_null()) {
      EXPECT_GE(n["cpu_migrations"].get<std::int64_t>(), 0);
    }
    EXPECT_EQ(n["disturbed"].get<bool>(), !n["reason"].is_null());
    EXPECT_TRUE(r["outlier"].is_boolean());
  }
  // And read back as written.
  const Report back = sudoku_bench::from_json(json);
  for (std::size_t i = 0; i < back.passes.size(); ++i) {
    EXPECT_EQ(back.passes[i].noise.steal, outcome.report.passes[i].noise.steal);
    EXPECT_EQ(back.passes[i].noise.waiting, outcome.report.passes[i].noise.waiting);
    EXPECT_EQ(back.passes[i].noise.involuntary_switches, outcome.report.passes[i].noise.involuntary_switches);
    EXPECT_EQ(back.passes[i].id.sequence, outcome.report.passes[i].id.sequence);
    EXPECT_EQ(back.passes[i].loops, outcome.report.passes[i].loops);
    EXPECT_EQ(back.passes[i].id.implementation, "bitmask");
  }
}

// (dataset, solver, threads, repetition) of each run, in the report's order; and the order they ran.
using Shape = std::vector<std::tuple<std::string, std::string, int, int>>;
Shape shape_of(const Report& r) {
  Shape s;
  for (const MeasuredPass& p : r.passes) s.emplace_back(p.id.dataset, p.id.solver, p.threads, p.id.repetition);
  return s;
}
std::vector<int> sequence_of(const Report& r) {
  std::vector<int> s;
  for (const MeasuredPass& p : r.passes) s.push_back(p.id.sequence);
  return s;
}

TEST(InterleaveTest, ASeedGivesTheSameOrderAndTheReportKeepsItsGrouping) {
  auto command =
      test_util::run_command_for({dataset("easy50.txt"), dataset("top95.txt")}, {1, 2}, 3, {"bitmask", "fast"});
  command.repeats.min_time_seconds = 0;
  const auto plain = test_util::run(command);
  ASSERT_EQ(plain.status, 0) << plain.err;
  std::vector<int> in_order(plain.report.passes.size());
  for (std::size_t i = 0; i < in_order.size(); ++i) in_order[i] = static_cast<int>(i) + 1;
  EXPECT_EQ(sequence_of(plain.report), in_order);

  command.repeats.interleave_seed = 42;
  const auto a = test_util::run(command), b = test_util::run(command);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(shape_of(a.report), shape_of(plain.report));
  EXPECT_EQ(sequence_of(a.report), sequence_of(b.report));
  EXPECT_NE(sequence_of(a.report), in_order);  // 24 passes: seed 42 does move them
  std::vector<int> sorted = sequence_of(a.report);
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, in_order);  // each ran once
  EXPECT_EQ(a.report.settings.interleave_seed, std::optional<std::uint64_t>(42));
  const Report back = sudoku_bench::from_json(sudoku_bench::to_json(a.report));
  EXPECT_EQ(back.settings.interleave_seed, std::optional<std::uint64_t>(42));
  EXPECT_EQ(sequence_of(back), sequence_of(a.report));

  command.repeats.interleave_seed = 43;
  EXPECT_NE(sequence_of(test_util::run(command).report), sequence_of(a.report));
}

TEST(ImplementationTest, FastNamesTheCodeItPickedAndCompareTellsPicksApart) {
  auto command = test_util::run_command_for({dataset("easy50.txt")}, {1}, 1, {"fast", "bitmask"});
  const auto outcome = test_util::run(command);
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  ASSERT_EQ(outcome.report.passes.size(), 2u);
  EXPECT_EQ(outcome.report.passes[0].id.solver, "fast");
  EXPECT_EQ(outcome.report.passes[0].id.implementation.rfind("fast:", 0), 0u)
      << outcome.report.passes[0].id.implementation;
  EXPECT_EQ(outcome.report.passes[1].id.implementation, "bitmask");

  Report other = outcome.report;
  other.passes[0].id.implementation = "fast:elsewhere";
  const auto mismatches = sudoku_bench::context_mismatches(outcome.report, other);
  ASSERT_EQ(mismatches.size(), 1u);
  EXPECT_NE(
      mismatches[0].find("ran " + outcome.report.passes[0].id.implementation + " in BASE vs fast:elsewhere in NEW"),
      std::string::npos)
      << mismatches[0];
  other.passes[0].id.implementation.clear();  // a report from before it was recorded
  EXPECT_TRUE(sudoku_bench::context_mismatches(outcome.report, other).empty());
}

TEST(CompareTest, DropDisturbedLeavesThemOutAndSaysSo) {
  Report base;
  for (int i = 0; i < 5; ++i) base.passes.push_back(pass_of("a", 1, 100 + i));
  for (MeasuredPass& r : base.passes) r.noise.measured = true;
  Report current = base;
  current.passes[1].noise.steal = 0.5;
  current.passes[3].noise.waiting = 0.5;
  test_util::TempFile base_file("", ".json"), current_file("", ".json");
  sudoku_bench::write_json_file(base_file.path(), sudoku_bench::to_json(base));
  sudoku_bench::write_json_file(current_file.path(), sudoku_bench::to_json(current));
  sudoku_bench::CompareCommand c;
  c.base_path = base_file.path();
  c.current_path = current_file.path();
  c.drop_disturbed = true;
  test_util::Capture out, err;
  EXPECT_EQ(sudoku_bench::compare_command(c, out.file(), err.file()), 0);
  EXPECT_NE(err.text().find("--drop-disturbed: left out 0 of 5 passes of BASE"), std::string::npos) << err.text();
  EXPECT_NE(err.text().find("--drop-disturbed: left out 2 of 5 passes of NEW"), std::string::npos) << err.text();
}

}  // namespace
