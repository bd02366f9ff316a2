// Reading reports back: from_json is the exact inverse of to_json, and a damaged file names its
// first bad field.
#include "report/report_json.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>

#include "run/exit_codes.h"
#include "run/report_files.h"
#include "run/run.h"
#include "run_util.h"
#include "stream/input.h"
#include "stream/puzzle_clock.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using Json = nlohmann::ordered_json;
using sudoku_bench::Fig;
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
  ASSERT_EQ(read.passes.size(), 4u);
  EXPECT_EQ(read.passes[3].threads, 2);
  EXPECT_EQ(read.passes[3].id.repetition, 2);
  EXPECT_EQ(read.passes[0].puzzles(), 95u);
  EXPECT_GT(read.passes[0].figures[Fig::cpu_seconds], 0);
  EXPECT_EQ(read.settings.latency_clock, std::string(sudoku_bench::PuzzleClock::for_pass().name()));
  EXPECT_EQ(read.passes[0].figures[Fig::clock_read_ns], sudoku_bench::PuzzleClock::for_pass().read_ns());
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
    run.erase("clock_read_ns");
    for (const char* dist : {"latency_ns", "tree_size", "guesses"}) run[dist].erase("log2_counts");
  }
  const sudoku_bench::Report read = sudoku_bench::from_json(j);
  EXPECT_FALSE(read.passes[0].figures[Fig::cpu_seconds]);    // 0 in a report before /14: not measured
  EXPECT_FALSE(read.passes[0].figures[Fig::clock_read_ns]);  // not known: the table gives no timing warning
  EXPECT_TRUE(read.passes[0].distributions.tree_size.log2_counts.empty());
  EXPECT_EQ(read.passes[0].distributions.tree_size.percentiles,
            measured_report().passes[0].distributions.tree_size.percentiles);
}

TEST(ReportJsonTest, UnwrittenSolutionsReadBackAndReadAsNoneWhenAbsent) {
  Json j = sudoku_bench::to_json(measured_report());
  j["runs"][0]["unwritten"] = 7;
  EXPECT_EQ(sudoku_bench::from_json(j).passes[0].status.unwritten, 7u);
  EXPECT_EQ(sudoku_bench::to_json(sudoku_bench::from_json(j)), j);
  j["runs"][0].erase("unwritten");  // a report from before count-only solvers were judged so
  EXPECT_EQ(sudoku_bench::from_json(j).passes[0].status.unwritten, 0u);
}

TEST(ReportJsonTest, UnmeasuredLatencyAndUnreportedTreesReadBackAsSuch) {
  auto command = test_util::run_command_for({test_util::dataset_path("easy50.txt")}, {1}, 1);
  command.pass.time_puzzles = false;  // run --no-latency: latency_ns is null
  sudoku_bench::Report measured;
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file(), &measured), sudoku_bench::kExitOk) << err.text();
  Json written = sudoku_bench::to_json(measured);
  ASSERT_TRUE(written["runs"][0]["latency_ns"].is_null());
  EXPECT_TRUE(written["runs"][0]["clock_read_ns"].is_null());  // no clock was read
  written["runs"][0]["tree_size"] = nullptr;                   // as a plugin's run has it
  const sudoku_bench::Report read = sudoku_bench::from_json(written);
  EXPECT_FALSE(read.passes[0].distributions.latency_measured);
  EXPECT_FALSE(read.passes[0].distributions.tree_size_reported);
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
  EXPECT_EQ(error_of(j), "runs[0].latency_ns.percentiles.99.9: \"fast\" is not a whole number >= 0");
  j = good;
  j["runs"][0]["minor_page_faults"] = -5;  // a measured figure (stats/pass_figures.h)
  EXPECT_EQ(error_of(j), "runs[0].minor_page_faults: -5 is not a whole number >= 0");
  j["runs"][0]["minor_page_faults"] = "x";
  EXPECT_EQ(error_of(j), "runs[0].minor_page_faults: \"x\" is not a whole number >= 0");
  j = good;
  j["schema"] = "sudoku-bench/15";
  EXPECT_EQ(error_of(j),
            "schema \"sudoku-bench/15\" is not \"sudoku-bench/14\" (nor an earlier one this version reads: "
            "sudoku-bench/13, sudoku-bench/12, sudoku-bench/11, sudoku-bench/10, sudoku-bench/9, sudoku-bench/8, "
            "sudoku-bench/7, "
            "sudoku-bench/6, "
            "sudoku-bench/5, "
            "sudoku-bench/4, "
            "sudoku-bench/3, sudoku-bench/2, "
            "sudoku-bench/1)");
  EXPECT_EQ(error_of(Json::array()), "not a sudoku-bench report (no \"schema\")");
  j = good;
  j["runs"] = Json::object();
  EXPECT_EQ(error_of(j), "runs: {…} is not an array");
}

// Every number is range-checked as it is read: a damaged or hostile file is refused, naming the
// field and its value, before merge could wrap a sum or compare judge nonsense.
TEST(ReportJsonTest, FiguresOutOfRangeAreRefusedNamingTheField) {
  const Json good = sudoku_bench::to_json(measured_report());
  ASSERT_EQ(error_of(good), "no error");
  const auto with = [&](const char* pointer, const Json& value) {
    Json j = good;
    j[Json::json_pointer(pointer)] = value;
    return error_of(j);
  };
  const std::uint64_t max = UINT64_MAX;
  EXPECT_EQ(with("/runs/2/threads", -3), "runs[2].threads: -3 is not a thread count >= 1");
  EXPECT_EQ(with("/runs/2/threads", 0), "runs[2].threads: 0 is not a thread count >= 1");
  EXPECT_EQ(with("/runs/0/threads", 4294967297u), "runs[0].threads: 4294967297 is not a thread count >= 1");
  EXPECT_EQ(with("/runs/0/threads", 1.5), "runs[0].threads: 1.5 is not a thread count >= 1");
  EXPECT_EQ(with("/runs/0/threads_observed", -1), "runs[0].threads_observed: -1 is not a thread count >= 0");
  EXPECT_EQ(with("/runs/1/repetition", 0), "runs[1].repetition: 0 is not a repetition number >= 1");
  EXPECT_EQ(with("/runs/1/loops", 0), "runs[1].loops: 0 is not a loop count >= 1");
  EXPECT_EQ(with("/runs/1/ranks", -2), "runs[1].ranks: -2 is not a rank count >= 1");
  EXPECT_EQ(with("/runs/1/sequence", -1), "runs[1].sequence: -1 is not a place in the run's order >= 0");
  EXPECT_EQ(with("/runs/0/status/unique", -5), "runs[0].status.unique: -5 is not a whole number >= 0");
  EXPECT_EQ(with("/runs/0/status/unique", 1e30), "runs[0].status.unique: 1e+30 is not a whole number >= 0");
  EXPECT_EQ(with("/runs/0/status/none", max), "runs[0].status: the counts (and checks) add up to more than 2^64 - 1");
  EXPECT_EQ(with("/runs/0/checks/failed", 1), "runs[0].checks.failed: 1 is more than checks.checked (0)");
  EXPECT_EQ(with("/runs/0/unwritten", 96), "runs[0].unwritten: 96 is more than the puzzles in status (95)");
  EXPECT_EQ(with("/runs/0/unwritten", -1), "runs[0].unwritten: -1 is not a whole number >= 0");
  EXPECT_EQ(with("/runs/0/puzzles", -95), "runs[0].puzzles: -95 is not a whole number >= 0");
  EXPECT_EQ(with("/runs/0/wall_seconds", -0.5), "runs[0].wall_seconds: -0.5 is not a finite number of seconds >= 0");
  EXPECT_EQ(with("/runs/0/wall_seconds", std::numeric_limits<double>::infinity()),
            "runs[0].wall_seconds: Infinity is not a finite number of seconds >= 0");
  EXPECT_EQ(with("/runs/0/cpu_seconds", std::nan("")),
            "runs[0].cpu_seconds: NaN is not a finite number of seconds >= 0");
  EXPECT_EQ(with("/runs/0/latency_ns/mean", -1.0), "runs[0].latency_ns.mean: -1.0 is not a finite number >= 0");
  EXPECT_EQ(with("/runs/0/clock_read_ns", -9.7), "runs[0].clock_read_ns: -9.7 is not a finite number >= 0");
  EXPECT_EQ(with("/runs/0/clock_read_ns", "9.7"), "runs[0].clock_read_ns: \"9.7\" is not a finite number >= 0");
  EXPECT_EQ(with("/runs/0/latency_ns/min", max),
            "runs[0].latency_ns: min 18446744073709551615 is above max " +
                std::to_string(measured_report().passes[0].distributions.latency_ns.max));
  EXPECT_EQ(with("/runs/0/tree_size/log2_counts/0", max),
            "runs[0].tree_size.log2_counts: the counts add up to more than 2^64 - 1");
  EXPECT_EQ(with("/runs/0/guesses/buckets/0/1", max),
            "runs[0].guesses.buckets: the counts add up to more than 2^64 - 1");
  EXPECT_EQ(with("/runs/0/guesses/buckets/0/0", 1u << 30),
            "runs[0].guesses.buckets: histogram slot 1073741824 out of range");
  EXPECT_EQ(with("/runs/0/guesses/buckets/0/0", max),
            "runs[0].guesses.buckets[0][0]: 18446744073709551615 is not a histogram slot");
  EXPECT_EQ(with("/runs/0/pipeline/reader_seconds", -1),
            "runs[0].pipeline.reader_seconds: -1 is not a finite number of seconds >= 0");
  EXPECT_EQ(with("/runs/0/timing", "later"), "runs[0].timing: \"later\" is not process, ranks or shards");
  EXPECT_EQ(with("/settings/threads/1", -3), "settings.threads[1]: -3 is not a thread count >= 1");
  EXPECT_EQ(with("/settings/repetitions", -1), "settings.repetitions: -1 is not a repetition count >= 0");
  EXPECT_EQ(with("/settings/warmup_seconds", -2), "settings.warmup_seconds: -2 is not a finite number of seconds >= 0");
  EXPECT_EQ(with("/settings/time_limit_ms", -2.5),
            "settings.time_limit_ms: -2.5 is not a finite number of milliseconds >= 0");
  EXPECT_EQ(with("/settings/verify_every", 0), "settings.verify_every: 0 is not a whole number >= 1");
  EXPECT_EQ(with("/context/hardware_threads", -4), "context.hardware_threads: -4 is not a thread count >= 0");
  EXPECT_EQ(with("/runs/0/run_id", 7), "runs[0].run_id: 7 is not a string");
  const std::string long_text(100, 'x');
  EXPECT_EQ(with("/runs/0/threads", long_text),
            "runs[0].threads: \"" + long_text.substr(0, 36) + "... is not a thread count >= 1");
}

// Every pass carries the id of the run that measured it: one per run, new each run, kept when read back;
// reports before /6 have none and still read.
TEST(ReportJsonTest, EveryPassCarriesItsRunsId) {
  const Json written = sudoku_bench::to_json(measured_report());
  const std::string id = written["runs"][0]["run_id"].get<std::string>();
  EXPECT_EQ(id.size(), 32u);
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
  for (const auto& pass : written["runs"]) EXPECT_EQ(pass["run_id"], id);
  const sudoku_bench::Report read = sudoku_bench::from_json(written);
  EXPECT_EQ(read.passes.at(3).id.run_id, id);
  EXPECT_EQ(read.passes.at(3).id.sequence, 4);
  EXPECT_NE(sudoku_bench::new_run_id(), sudoku_bench::new_run_id());

  Json old = written;
  old["schema"] = "sudoku-bench/5";
  for (auto& pass : old["runs"]) pass.erase("run_id");
  const sudoku_bench::Report before = sudoku_bench::from_json(old);
  EXPECT_EQ(before.passes.at(0).id.run_id, "");
  EXPECT_EQ(sudoku_bench::to_json(before)["runs"][0]["run_id"], nullptr);
}

TEST(ReportJsonTest, ReadJsonFileSeparatesIoFromFormat) {
  test_util::TempFile good(sudoku_bench::to_json(measured_report()).dump(), ".json");
  EXPECT_EQ(sudoku_bench::read_json_file(good.path()).passes.size(), 4u);
  EXPECT_THROW(sudoku_bench::read_json_file("/nonexistent.json"), sudoku_bench::IoError);
  EXPECT_THROW(sudoku_bench::read_json_file("/tmp"), sudoku_bench::IoError);
  test_util::TempFile truncated(sudoku_bench::to_json(measured_report()).dump().substr(0, 100), ".json");
  EXPECT_THROW(sudoku_bench::read_json_file(truncated.path()), ReportFormatError);
}

// results/ keeps its large reports gzip-compressed: they read as they were written, and a damaged
// stream is an input error (exit 3), not a report that lost its tail.
TEST(ReportJsonTest, ReadJsonFileReadsGzipReports) {
  const auto gzip_file = [](const std::string& text) {
    auto file = std::make_unique<test_util::TempFile>("", ".json.gz");
    gzFile f = gzopen(file->path().c_str(), "wb");
    EXPECT_EQ(gzwrite(f, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
    EXPECT_EQ(gzclose(f), Z_OK);
    return file;
  };
  const std::string text = sudoku_bench::to_json(measured_report()).dump();
  const auto good = gzip_file(text);
  EXPECT_EQ(sudoku_bench::to_json(sudoku_bench::read_json_file(good->path())).dump(), text);
  const auto not_json = gzip_file("{\"schema\": ");
  EXPECT_THROW(sudoku_bench::read_json_file(not_json->path()), ReportFormatError);
  std::ifstream in(good->path(), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  test_util::TempFile cut(bytes.substr(0, bytes.size() / 2), ".json.gz");
  try {
    sudoku_bench::read_json_file(cut.path());
    ADD_FAILURE() << "a truncated gzip report was read";
  } catch (const sudoku_bench::IoError& e) {
    EXPECT_NE(std::string(e.what()).find(cut.path()), std::string::npos) << e.what();
  }
}

}  // namespace
