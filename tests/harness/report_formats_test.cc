// The Google Benchmark and Bencher exports: the fields their tools read, derived from one report.
#include <gtest/gtest.h>

#include <fstream>

#include "cli/exit_codes.h"
#include "cli/run_command.h"
#include "report/bmf_format.h"
#include "report/formats.h"
#include "report/gbench_format.h"
#include "run_util.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using Json = nlohmann::ordered_json;

const sudoku_bench::Report& report() {
  static const sudoku_bench::Report r = [] {
    auto r = test_util::run(test_util::run_command_for(
        {test_util::dataset_path("top95.txt"), test_util::dataset_path("easy50.txt")}, {1, 2}, 3));
    EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
    return std::move(r.report);
  }();
  return r;
}

TEST(ReportFormatsTest, NamesAndParsing) {
  EXPECT_EQ(sudoku_bench::benchmark_name(report().runs[0]), "solve/top95/bitmask/threads:1");
  EXPECT_EQ(sudoku_bench::report_format_named("gbench"), sudoku_bench::ReportFormat::gbench);
  EXPECT_EQ(sudoku_bench::report_format_named("csv"), std::nullopt);
}

TEST(ReportFormatsTest, GoogleBenchmarkOneIterationEntryPerRepetition) {
  const Json j = sudoku_bench::to_gbench_json(report());
  for (const char* key : {"date", "host_name", "executable", "num_cpus", "library_build_type"})
    EXPECT_TRUE(j["context"].contains(key)) << key;
  const Json& b = j["benchmarks"];
  ASSERT_EQ(b.size(), 12u);  // 2 files x 2 thread counts x 3 repetitions
  const Json& first = b[0];
  EXPECT_EQ(first["name"], "solve/top95/bitmask/threads:1");
  EXPECT_EQ(first["run_name"], first["name"]);
  EXPECT_EQ(first["run_type"], "iteration");
  EXPECT_EQ(first["repetitions"], 3);
  EXPECT_EQ(first["repetition_index"], 0);
  EXPECT_EQ(first["iterations"], 95);
  EXPECT_EQ(first["time_unit"], "ns");
  const auto& run = report().runs[0];
  EXPECT_DOUBLE_EQ(first["real_time"].get<double>(), run.wall_seconds * 1e9 / 95);
  EXPECT_DOUBLE_EQ(first["cpu_time"].get<double>(), run.cpu_seconds * 1e9 / 95);
  EXPECT_DOUBLE_EQ(first["items_per_second"].get<double>(), run.puzzles_per_second());
  EXPECT_EQ(first["latency_p99.9_ns"], run.latency_ns.percentiles[sudoku_bench::percentile_index("99.9")]);
  EXPECT_DOUBLE_EQ(first["tree_size_mean"].get<double>(), run.tree_size.mean);
  // Families are dataset x solver; their instances the thread counts.
  EXPECT_EQ(b[3]["name"], "solve/top95/bitmask/threads:2");
  EXPECT_EQ(b[3]["family_index"], 0);
  EXPECT_EQ(b[3]["per_family_instance_index"], 1);
  EXPECT_EQ(b[6]["family_index"], 1);
  EXPECT_EQ(b[6]["per_family_instance_index"], 0);
}

TEST(ReportFormatsTest, BencherMetricFormat) {
  const Json j = sudoku_bench::to_bmf_json(report());
  ASSERT_EQ(j.size(), 4u);
  const Json& m = j["solve/easy50/bitmask/threads:2"];
  for (const char* measure : {"throughput", "latency", "latency-p99", "tree-size"}) {
    ASSERT_TRUE(m.contains(measure)) << measure;
    const double lo = m[measure]["lower_value"], v = m[measure]["value"], hi = m[measure]["upper_value"];
    EXPECT_LE(lo, v) << measure;
    EXPECT_LE(v, hi) << measure;
  }
  EXPECT_DOUBLE_EQ(m["tree-size"]["value"].get<double>(),
                   report().runs[9].tree_size.mean);  // the same every repetition
}

TEST(ReportFormatsTest, RunWritesTheChosenFormat) {
  test_util::TempFile json("", ".json");
  sudoku_bench::RunCommand command;
  command.files = {test_util::dataset_path("easy50.txt")};
  command.threads = {1};
  command.repetitions = 1;
  command.warmup_seconds = 0;
  command.json_path = json.path();
  command.report_format = sudoku_bench::ReportFormat::bmf;
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk);
  std::ifstream in(json.path());
  EXPECT_TRUE(Json::parse(in).contains("solve/easy50/bitmask/threads:1"));
}

}  // namespace
