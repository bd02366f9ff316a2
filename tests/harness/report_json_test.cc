// Reading reports back: from_json is the exact inverse of to_json, and a damaged file names its
// first bad field.
#include "report/report_json.h"

#include <gtest/gtest.h>

#include "cli/exit_codes.h"
#include "cli/report_files.h"
#include "cli/run_command.h"
#include "run_util.h"
#include "stream/input.h"
#include "stream/puzzle_clock.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using Json = nlohmann::ordered_json;
using sudoku_bench::ReportFormatError;

// A real report: every field filled by measuring.
const sudoku_bench::Report& measured_report() {
  static const sudoku_bench::Report report = [] {
    auto r = test_util::run(test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1, 2}, 2));
    EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
    return std::move(r.report);
  }();
  return report;
}

TEST(ReportJsonTest, FromJsonInvertsToJson) {
  const Json written = sudoku_bench::to_json(measured_report());
  const sudoku_bench::Report read = sudoku_bench::from_json(written);
  EXPECT_EQ(sudoku_bench::to_json(read), written);
  ASSERT_EQ(read.runs.size(), 4u);
  EXPECT_EQ(read.runs[3].threads, 2);
  EXPECT_EQ(read.runs[3].repetition, 2);
  EXPECT_EQ(read.runs[0].puzzles(), 95u);
  EXPECT_GT(read.runs[0].cpu_seconds, 0);
  EXPECT_EQ(read.settings.latency_clock, std::string(sudoku_bench::PuzzleClock::for_pass().name()));
}

TEST(ReportJsonTest, Log2CountsAddUpToThePuzzles) {
  const Json j = sudoku_bench::to_json(measured_report());
  for (const char* dist : {"latency_ns", "tree_size", "guesses"}) {
    std::uint64_t total = 0;
    for (const auto& c : j["runs"][0][dist]["log2_counts"]) total += c.get<std::uint64_t>();
    EXPECT_EQ(total, 95u) << dist;
  }
}

TEST(ReportJsonTest, FilesWithoutTheAddedFieldsStillRead) {
  Json j = sudoku_bench::to_json(measured_report());
  for (auto& run : j["runs"]) {
    run.erase("cpu_seconds");
    for (const char* dist : {"latency_ns", "tree_size", "guesses"}) run[dist].erase("log2_counts");
  }
  const sudoku_bench::Report read = sudoku_bench::from_json(j);
  EXPECT_EQ(read.runs[0].cpu_seconds, 0);
  EXPECT_TRUE(read.runs[0].tree_size.log2_counts.empty());
  EXPECT_EQ(read.runs[0].tree_size.percentiles, measured_report().runs[0].tree_size.percentiles);
}

TEST(ReportJsonTest, UnmeasuredLatencyAndUnreportedTreesReadBackAsSuch) {
  sudoku_bench::RunCommand command;
  command.files = {test_util::dataset_path("easy50.txt")};
  command.threads = {1};
  command.repetitions = 1;
  command.warmup_seconds = 0;
  command.pass.time_puzzles = false;  // run --no-latency: latency_ns is null
  sudoku_bench::Report measured;
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file(), &measured), sudoku_bench::kExitOk) << err.text();
  Json written = sudoku_bench::to_json(measured);
  ASSERT_TRUE(written["runs"][0]["latency_ns"].is_null());
  written["runs"][0]["tree_size"] = nullptr;  // as a plugin's run has it
  const sudoku_bench::Report read = sudoku_bench::from_json(written);
  EXPECT_FALSE(read.runs[0].latency_measured);
  EXPECT_FALSE(read.runs[0].tree_size_reported);
  EXPECT_FALSE(read.settings.latency);
  EXPECT_EQ(sudoku_bench::to_json(read), written);
}

std::string error_of(const Json& j) {
  try {
    sudoku_bench::from_json(j);
  } catch (const ReportFormatError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ReportJsonTest, ErrorsNameTheField) {
  const Json good = sudoku_bench::to_json(measured_report());
  Json j = good;
  j["runs"][1]["status"].erase("unique");
  EXPECT_EQ(error_of(j), "runs[1].status.unique: missing");
  j = good;
  j["runs"][0]["latency_ns"]["percentiles"]["99.9"] = "fast";
  EXPECT_EQ(error_of(j), "runs[0].latency_ns.percentiles.99.9 is not a whole number >= 0");
  j = good;
  j["schema"] = "sudoku-bench/9";
  EXPECT_EQ(error_of(j),
            "schema \"sudoku-bench/9\" is not \"sudoku-bench/5\" (nor an earlier one this version reads: "
            "sudoku-bench/4, sudoku-bench/3, sudoku-bench/2, sudoku-bench/1)");
  EXPECT_EQ(error_of(Json::array()), "not a sudoku-bench report (no \"schema\")");
  j = good;
  j["runs"] = Json::object();
  EXPECT_EQ(error_of(j), "runs is not an array");
}

TEST(ReportJsonTest, ReadJsonFileSeparatesIoFromFormat) {
  test_util::TempFile good(sudoku_bench::to_json(measured_report()).dump(), ".json");
  EXPECT_EQ(sudoku_bench::read_json_file(good.path()).runs.size(), 4u);
  EXPECT_THROW(sudoku_bench::read_json_file("/nonexistent.json"), sudoku_bench::IoError);
  EXPECT_THROW(sudoku_bench::read_json_file("/tmp"), sudoku_bench::IoError);
  test_util::TempFile truncated(sudoku_bench::to_json(measured_report()).dump().substr(0, 100), ".json");
  EXPECT_THROW(sudoku_bench::read_json_file(truncated.path()), ReportFormatError);
}

}  // namespace
