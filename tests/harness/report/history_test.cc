// Change points over commits, on recorded reports: tests/data/history holds 12 reports of one
// unchanged build (run --no-latency --threads 1 --repetitions 5 --min-time 0.2 on top95 with
// bitmask, one after another on the 2-core Intel Xeon VM, model 167), with the drift between runs
// a real history has. A slowdown is injected into copies of them, as a slower build would show.
#include "report/history.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "report/report_json.h"
#include "run/history_reports.h"
#include "run/report_files.h"
#include "stats/change_points.h"
#include "temp_file.h"
#include "test_paths.h"

namespace {

// The text as one line: history wraps its lines to the width (COLUMNS, or the terminal), so a phrase may
// break across two.
std::string unwrapped(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n') {
      out += text[i];
      continue;
    }
    out += ' ';
    while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
  }
  return out;
}

using namespace sudoku_bench;

std::vector<Report> recorded() {
  std::vector<Report> reports;
  for (int i = 1; i <= 12; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "/history/top95_bitmask_%02d.json", i);
    reports.push_back(read_json_file(std::string(SUDOKU_BENCH_TEST_DATA_DIR) + name));
  }
  return reports;
}

// Every pass of report `from` on takes `factor` times as long, in wall and CPU time.
std::vector<Report> slowed(std::vector<Report> reports, std::size_t from, double factor) {
  for (std::size_t r = from; r < reports.size(); ++r)
    for (MeasuredPass& p : reports[r].passes) {
      p.wall_seconds *= factor;
      *p.figures[Fig::cpu_seconds] *= factor;
    }
  return reports;
}

std::vector<std::size_t> by_date(const std::vector<Report>& reports) { return history_order(reports, {}, {}); }

TEST(HistoryTest, AnUnchangedBuildHasNoChange) {
  const auto reports = recorded();
  const auto series = history_of(reports, by_date(reports), {});
  ASSERT_EQ(series.size(), 1u);
  EXPECT_EQ(series[0].points.size(), 12u);
  EXPECT_TRUE(series[0].changes.empty());
  EXPECT_FALSE(series[0].slower_now());
}

TEST(HistoryTest, AFivePercentSlowdownIsNamedAtItsFirstReport) {
  for (const GateTime gate : {GateTime::cpu, GateTime::wall}) {
    HistoryOptions options;
    options.gate = gate;
    for (const std::size_t at : {4u, 6u, 8u}) {
      const auto reports = slowed(recorded(), at, 1.05);
      const auto series = history_of(reports, by_date(reports), options);
      ASSERT_EQ(series.size(), 1u);
      ASSERT_EQ(series[0].changes.size(), 1u) << "injected at " << at;
      const HistoryChange& c = series[0].changes[0];
      EXPECT_EQ(c.report, at);
      // CPU time per puzzle grows; throughput falls.
      const double expected = gate == GateTime::cpu ? 1.05 : 1 / 1.05;
      EXPECT_NEAR(c.ratio, expected, 0.01);
      ASSERT_TRUE(c.low && c.high);
      EXPECT_EQ(c.verdict, sudoku_bench::Verdict::slower);
      EXPECT_LT(c.p_value, 0.05);
      EXPECT_TRUE(series[0].slower_now());
    }
  }
}

// Where no change is named, what the reports could have shown: too few for any p below alpha (7, the
// clearest step at p = 0.059), or the smallest step they find.
TEST(HistoryTest, NoChangeSaysWhatTheReportsCouldShow) {
  auto reports = recorded();
  reports.resize(7);
  const auto seven = slowed(reports, 4, 1.11);  // a clear +11% step, which 7 reports cannot name at p < 0.05
  const auto series = history_of(seven, by_date(seven), {});
  ASSERT_EQ(series.size(), 1u);
  EXPECT_TRUE(series[0].changes.empty());
  const HistoryPower few = history_power(series[0], {});
  EXPECT_GE(few.clearest_p, 0.05);
  EXPECT_EQ(few.more_reports, 1u);
  const auto twelve = recorded();
  const HistoryPower enough = history_power(history_of(twelve, by_date(twelve), {})[0], {});
  EXPECT_LT(enough.clearest_p, 0.05);
  ASSERT_TRUE(enough.detectable);
  EXPECT_GE(*enough.detectable, HistoryOptions{}.max_slowdown);
  EXPECT_GT(enough.noise, 0);
  // Fewer than 3 a side: the reports a change needs.
  reports.resize(4);
  EXPECT_EQ(history_power(history_of(reports, by_date(reports), {})[0], {}).more_reports, 2u);
}

// A slowdown undone later: two changes, and the newest is not a slowdown.
TEST(HistoryTest, ASlowdownAndItsRepairAreBothNamed) {
  auto reports = slowed(recorded(), 3, 1.10);
  reports = slowed(std::move(reports), 8, 1 / 1.10);
  const auto series = history_of(reports, by_date(reports), {});
  ASSERT_EQ(series[0].changes.size(), 2u);
  EXPECT_EQ(series[0].changes[0].report, 3u);
  EXPECT_EQ(series[0].changes[1].report, 8u);
  EXPECT_FALSE(series[0].slower_now());
}

// 8 instruction reports, labelled version=1..8, counting 2,000,000 instructions a puzzle up to the
// 4th and 1% more from the 5th: the step is named at the 5th, without a test, and history exits 1.
std::vector<Report> counted_history() {
  auto reports = recorded();
  reports.resize(8);
  for (std::size_t r = 0; r < reports.size(); ++r) {
    reports[r].settings.measure = Measure::instructions;
    reports[r].context.counter = {"valgrind --tool=callgrind", "3.19.0", "x86-64-v3"};
    reports[r].settings.labels = {{"version", std::to_string(r + 1)}};
    for (MeasuredPass& p : reports[r].passes) p.figures[Fig::instructions_per_puzzle] = r < 4 ? 2'000'000 : 2'020'000;
  }
  return reports;
}

struct HistoryRun {
  int status;
  std::string out, err;
};

HistoryRun history(const std::vector<Report>& reports, const std::string& by = "version") {
  std::vector<std::unique_ptr<test_util::TempFile>> files;
  HistoryCommand command;
  command.options.by = by;
  for (const Report& r : reports) {
    files.push_back(std::make_unique<test_util::TempFile>(to_json(r).dump(), ".json"));
    command.paths.push_back(files.back()->path());
  }
  test_util::Capture out, err;
  const int status = history_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

TEST(HistoryTest, AnInstructionStepIsNamedAtItsReport) {
  const auto reports = counted_history();
  HistoryOptions options;
  options.by = "version";
  const auto series = history_of(reports, history_order(reports, {}, options), options);
  ASSERT_EQ(series.size(), 1u);
  EXPECT_TRUE(series[0].counted);
  ASSERT_EQ(series[0].changes.size(), 1u);
  EXPECT_EQ(series[0].changes[0].report, 4u);
  EXPECT_NEAR(series[0].changes[0].ratio, 1.01, 1e-12);
  EXPECT_EQ(series[0].changes[0].verdict, Verdict::slower);
  const HistoryRun run = history(reports);
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("SLOWER at version 5 ("), std::string::npos) << run.out;
  EXPECT_NE(
      unwrapped(run.out).find("instructions/puzzle +1.00% from the report before (instruction counts, deterministic)"),
      std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("p = "), std::string::npos) << run.out;
  // Within the threshold (0.25%): no step; the largest is said.
  auto small = counted_history();
  for (std::size_t r = 4; r < small.size(); ++r)
    for (MeasuredPass& p : small[r].passes) p.figures[Fig::instructions_per_puzzle] = 2'004'000;
  const HistoryRun quiet = history(small);
  EXPECT_EQ(quiet.status, 0);
  EXPECT_NE(quiet.out.find("no step above 0.25%: neighbours' counts differ by 0.200% at most"), std::string::npos)
      << quiet.out;
}

TEST(HistoryTest, TimeAndInstructionReportsAreNotOneHistory) {
  auto reports = counted_history();
  reports[3] = recorded()[3];
  reports[3].settings.labels = {{"version", "4"}};
  const HistoryRun run = history(reports);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("BASE measured instructions, NEW time"), std::string::npos) << run.err;
}

// A time step where the reports began to be disturbed: named, but "cannot tell", and no slowdown
// for the gate. One disturbed report among quiet ones leaves the step a verdict.
TEST(HistoryTest, AStepThatTheNoiseMadeCannotBeTold) {
  auto reports = slowed(recorded(), 6, 1.10);
  const auto disturb = [](Report& r) {
    for (MeasuredPass& p : r.passes) {
      p.noise.measured = true;
      p.noise.steal = 0.08;
    }
  };
  disturb(reports[7]);
  EXPECT_EQ(history_of(reports, by_date(reports), {})[0].changes.at(0).verdict, Verdict::slower);
  for (std::size_t r = 6; r < reports.size(); ++r) disturb(reports[r]);
  const auto series = history_of(reports, by_date(reports), {});
  ASSERT_EQ(series[0].changes.size(), 1u);
  EXPECT_EQ(series[0].changes[0].verdict, Verdict::cannot_tell);
  EXPECT_NE(series[0].changes[0].doubt.find("were disturbed"), std::string::npos) << series[0].changes[0].doubt;
  EXPECT_FALSE(series[0].slower_now());
  const HistoryRun run = history(reports, "");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("CANNOT TELL at "), std::string::npos) << run.out;
  EXPECT_NE(unwrapped(run.out).find("--measure instructions"), std::string::npos) << run.out;
}

// Reports are taken in the order of their dates, not of the command line.
TEST(HistoryTest, ReportsAreOrderedByDate) {
  auto reports = recorded();
  std::swap(reports[0], reports[11]);
  const auto order = by_date(reports);
  EXPECT_EQ(order.front(), 11u);
  EXPECT_EQ(order.back(), 0u);
}

TEST(ChangePointsTest, FindsKnownChangesInFixedNoise) {
  std::vector<double> v;
  for (int i = 0; i < 30; ++i) v.push_back((i < 10 ? 1.0 : i < 20 ? 1.2 : 0.9) + 0.01 * std::sin(i * 7.3));
  const auto found = change_points(v, {0.05, 0.05, 3});
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].at, 10u);
  EXPECT_NEAR(found[0].shift, 0.2, 0.02);
  EXPECT_EQ(found[1].at, 20u);
  EXPECT_NEAR(found[1].shift, -0.3, 0.02);
  std::vector<double> flat;
  for (int i = 0; i < 30; ++i) flat.push_back(1.0 + 0.01 * std::sin(i * 7.3));
  EXPECT_TRUE(change_points(flat, {0.05, 0.005, 3}).empty());
  EXPECT_TRUE(change_points(std::vector<double>{1, 1, 2, 2, 2}).empty());  // too short for 3 a side
}

}  // namespace
