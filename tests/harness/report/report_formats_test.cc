// The Google Benchmark and Bencher exports: the fields their tools read, derived from one report;
// and the Markdown and CSV texts, whose numbers read back as the report's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/bmf_format.h"
#include "report/comparison.h"
#include "report/csv_format.h"
#include "report/formats.h"
#include "report/gbench_format.h"
#include "report/html_format.h"
#include "report/markdown_format.h"
#include "report/metrics.h"
#include "report/relative_speed.h"
#include "report/report_json.h"
#include "report/report_table.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/run.h"
#include "run/stored_report.h"
#include "run_util.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using Json = nlohmann::ordered_json;
using sudoku_bench::Fig;

const sudoku_bench::Report& report() {
  static const sudoku_bench::Report r = [] {
    auto r = test_util::run(test_util::run_command_for(
        {test_util::dataset_path("top95.txt"), test_util::dataset_path("easy50.txt")}, {1, 2}, 3));
    EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
    return std::move(r.report);
  }();
  return r;
}

// Each solver against the first, per dataset, its thread counts on one line; the spread in
// quadrature, none where a side ran once.
TEST(RelativeSpeedTest, EachSolverAgainstTheFirst) {
  sudoku_bench::Report report;
  const auto add = [&](const std::string& solver, int threads, std::vector<double> rates) {
    int repetition = 0;
    for (const double pps : rates) {
      sudoku_bench::MeasuredPass pass;
      pass.id.dataset = "top95";
      pass.id.solver = solver;
      pass.threads = pass.threads_observed = threads;
      pass.id.repetition = ++repetition;
      pass.status.unique = 1000;
      pass.wall_seconds = 1000 / pps;
      report.passes.push_back(pass);
    }
  };
  add("bitmask", 1, {900, 1000, 1100});
  add("bitmask", 2, {2000});
  add("fast", 1, {2700, 3000, 3300});
  add("fast", 2, {10000});
  add("slow", 1, {500, 500});
  EXPECT_EQ(
      sudoku_bench::relative_speed_lines(report),
      (std::vector<std::string>{"top95: fast ran 3.00 ± 0.42 times as fast as bitmask at 1 thread, 5.00 at 2 threads",
                                "top95: slow ran 0.50 ± 0.05 times as fast as bitmask at 1 thread"}));
  report.passes.resize(4);  // bitmask alone: nothing to say
  report.passes.erase(report.passes.begin() + 1, report.passes.end());
  EXPECT_TRUE(sudoku_bench::relative_speed_lines(report).empty());
}

// Speedup and efficiency against 1 thread can only read 1.00 where every row ran on one (ab's
// rounds, a run at --threads 1): the table, its markdown and its page leave them out there.
TEST(ReportTableTest, ScalingColumnsOnlyWhereARowRanOnSeveral) {
  sudoku_bench::Report report;
  for (const int threads : {1, 1, 2}) {
    sudoku_bench::MeasuredPass pass;
    pass.id.dataset = "top95";
    pass.id.solver = "bitmask";
    pass.threads = pass.threads_observed = threads;
    pass.id.repetition = static_cast<int>(report.passes.size()) + 1;
    pass.status.unique = 1000;
    pass.wall_seconds = 1;
    report.passes.push_back(pass);
  }
  const auto has = [](const sudoku_bench::Table& t, const char* column) {
    return std::find(t.header.begin(), t.header.end(), column) != t.header.end();
  };
  const sudoku_bench::Table scaled = sudoku_bench::table_of(report);
  EXPECT_TRUE(has(scaled, "speedup") && has(scaled, "eff"));
  report.passes.pop_back();
  const sudoku_bench::Table one = sudoku_bench::table_of(report);
  EXPECT_FALSE(has(one, "speedup") || has(one, "eff"));
  ASSERT_EQ(one.rows.size(), 1u);
  EXPECT_EQ(one.rows[0].cells.size(), one.header.size());
  EXPECT_EQ(sudoku_bench::to_markdown(report).find("speedup"), std::string::npos);
  if (sudoku_bench::html_report_available()) {
    EXPECT_EQ(sudoku_bench::to_html(report).find("\"speedup\""), std::string::npos);
  }
}

// Disturbed passes are named; compare --drop-disturbed is advised only where it would leave some.
TEST(RowWarningsTest, NoAdviceThatCannotApply) {
  sudoku_bench::Report report;
  for (int repetition = 1; repetition <= 2; ++repetition) {
    sudoku_bench::MeasuredPass pass;
    pass.id.dataset = "top95";
    pass.id.solver = "bitmask";
    pass.threads = pass.threads_observed = 1;
    pass.id.repetition = repetition;
    pass.status.unique = 1000;
    pass.wall_seconds = 1;
    pass.noise.waiting = 0.5;
    report.passes.push_back(pass);
  }
  const auto disturbed_line = [](const sudoku_bench::Report& r, bool advise = true) {
    for (const std::string& w : sudoku_bench::row_warnings(sudoku_bench::table_of(r).rows.at(0), advise))
      if (w.find("disturbed") != std::string::npos) return w;
    return std::string();
  };
  EXPECT_EQ(disturbed_line(report), "2 of 2 passes were disturbed (waited for a CPU 50% of the time)");
  report.passes[1].noise.waiting = 0;
  EXPECT_EQ(
      disturbed_line(report),
      "1 of 2 passes were disturbed (waited for a CPU 50% of the time); compare --drop-disturbed leaves them out");
  EXPECT_EQ(disturbed_line(report, false), "1 of 2 passes were disturbed (waited for a CPU 50% of the time)");
}

TEST(UnitsTest, ACountTakesItsNounsNumber) {
  EXPECT_EQ(sudoku_bench::counted(1, "report"), "1 report");
  EXPECT_EQ(sudoku_bench::counted(0, "report"), "0 reports");
  EXPECT_EQ(sudoku_bench::counted(2, "pass", "passes"), "2 passes");
  EXPECT_EQ(sudoku_bench::counted(1, "pass", "passes"), "1 pass");
}

TEST(ReportFormatsTest, NamesAndParsing) {
  EXPECT_EQ(sudoku_bench::benchmark_name(report().passes[0]), "solve/top95/bitmask/threads:1");
  EXPECT_EQ(sudoku_bench::report_format_named("gbench"), sudoku_bench::ReportFormat::gbench);
  EXPECT_EQ(sudoku_bench::report_format_named("markdown"), sudoku_bench::ReportFormat::markdown);
  EXPECT_EQ(sudoku_bench::report_format_named("csv"), sudoku_bench::ReportFormat::csv);
  EXPECT_EQ(sudoku_bench::report_format_named("xml"), std::nullopt);
  EXPECT_TRUE(sudoku_bench::is_json_format(sudoku_bench::ReportFormat::bmf));
  EXPECT_FALSE(sudoku_bench::is_json_format(sudoku_bench::ReportFormat::csv));
  // Text formats are no JSON: asking for them as JSON is a programming error, not a silent fallback.
  EXPECT_THROW(sudoku_bench::to_json_as(report(), sudoku_bench::ReportFormat::markdown), std::invalid_argument);
  EXPECT_EQ(sudoku_bench::to_text_as(report(), sudoku_bench::ReportFormat::csv), sudoku_bench::to_csv(report()));
}

TEST(ReportFormatsTest, GoogleBenchmarkOneIterationEntryPerRepetition) {
  const Json j = sudoku_bench::to_gbench_json(report());
  for (const char* key : {"date", "host_name", "executable", "num_cpus", "library_build_type"})
    EXPECT_TRUE(j["context"].contains(key)) << key;
  const Json& b = j["benchmarks"];
  // 2 files x 2 thread counts x (3 repetitions + mean, median, stddev, cv)
  ASSERT_EQ(b.size(), 28u);
  const Json& first = b[0];
  EXPECT_EQ(first["name"], "solve/top95/bitmask/threads:1");
  EXPECT_EQ(first["run_name"], first["name"]);
  EXPECT_EQ(first["run_type"], "iteration");
  EXPECT_EQ(first["repetitions"], 3);
  EXPECT_EQ(first["repetition_index"], 0);
  EXPECT_EQ(first["iterations"], 95);
  EXPECT_EQ(first["time_unit"], "ns");
  const auto& run = report().passes[0];
  EXPECT_DOUBLE_EQ(first["real_time"].get<double>(), run.wall_seconds * 1e9 / 95);
  EXPECT_DOUBLE_EQ(first["cpu_time"].get<double>(), *run.figures[Fig::cpu_seconds] * 1e9 / 95);
  EXPECT_DOUBLE_EQ(first["items_per_second"].get<double>(), run.puzzles_per_second());
  EXPECT_EQ(first["latency_p99.9_ns"],
            run.distributions.latency_ns.percentiles[sudoku_bench::percentile_index("99.9")]);
  EXPECT_DOUBLE_EQ(first["tree_size_mean"].get<double>(), run.distributions.tree_size.mean);
  // After the repetitions, their aggregates, in Google Benchmark's order, of the same instance.
  const char* aggregates[] = {"mean", "median", "stddev", "cv"};
  for (int i = 0; i < 4; ++i) {
    const Json& a = b[3 + i];
    EXPECT_EQ(a["name"], std::string("solve/top95/bitmask/threads:1_") + aggregates[i]);
    EXPECT_EQ(a["run_name"], "solve/top95/bitmask/threads:1");
    EXPECT_EQ(a["run_type"], "aggregate");
    EXPECT_EQ(a["aggregate_name"], aggregates[i]);
    EXPECT_EQ(a["aggregate_unit"], i == 3 ? "percentage" : "time");
    EXPECT_EQ(a["repetitions"], 3);
    EXPECT_FALSE(a.contains("repetition_index"));
    EXPECT_EQ(a["iterations"], 3);
    EXPECT_EQ(a["threads"], 1);
    EXPECT_EQ(a["family_index"], 0);
    EXPECT_EQ(a["per_family_instance_index"], 0);
    EXPECT_EQ(a["time_unit"], "ns");
    for (const auto& [key, value] : first.items())  // every counter aggregated
      EXPECT_TRUE(a.contains(key) || key == "repetition_index") << key;
  }
  // Families are dataset x solver; their instances the thread counts.
  EXPECT_EQ(b[7]["name"], "solve/top95/bitmask/threads:2");
  EXPECT_EQ(b[7]["family_index"], 0);
  EXPECT_EQ(b[7]["per_family_instance_index"], 1);
  EXPECT_EQ(b[11]["name"], "solve/top95/bitmask/threads:2_median");
  EXPECT_EQ(b[11]["per_family_instance_index"], 1);
  EXPECT_EQ(b[14]["family_index"], 1);
  EXPECT_EQ(b[14]["per_family_instance_index"], 0);
}

// Passes made up for exact figures: 100 puzzles each, in `walls` seconds, CPU time twice that.
sudoku_bench::Report synthetic(const std::vector<double>& walls) {
  sudoku_bench::Report report;
  for (std::size_t i = 0; i < walls.size(); ++i) {
    sudoku_bench::MeasuredPass r;
    r.id.dataset = "made";
    r.id.solver = "bitmask";
    r.threads = 1;
    r.id.repetition = static_cast<int>(i) + 1;
    r.status.unique = 100;
    r.wall_seconds = walls[i];
    r.figures[Fig::cpu_seconds] = 2 * walls[i];
    r.distributions.latency_measured = false;
    r.distributions.tree_size.mean = 10.0 * static_cast<double>(i + 1);
    r.distributions.tree_size.max = 40;
    r.distributions.guesses.mean = 3;
    report.passes.push_back(r);
  }
  return report;
}

TEST(ReportFormatsTest, GoogleBenchmarkAggregatesAsItsStatistics) {
  // 1, 2, 4 and 5 us per puzzle.
  const Json b = sudoku_bench::to_gbench_json(synthetic({1e-4, 2e-4, 4e-4, 5e-4}))["benchmarks"];
  ASSERT_EQ(b.size(), 8u);
  const Json &mean = b[4], &median = b[5], &stddev = b[6], &cv = b[7];
  EXPECT_EQ(mean["name"], "solve/made/bitmask/threads:1_mean");
  EXPECT_DOUBLE_EQ(mean["real_time"].get<double>(), 3000);
  EXPECT_DOUBLE_EQ(mean["cpu_time"].get<double>(), 6000);
  EXPECT_DOUBLE_EQ(median["real_time"].get<double>(), 3000);                                   // between 2000 and 4000
  const double sd = std::sqrt((2000.0 * 2000 + 1000 * 1000 + 1000 * 1000 + 2000 * 2000) / 3);  // sample (n - 1)
  EXPECT_DOUBLE_EQ(stddev["real_time"].get<double>(), sd);
  EXPECT_DOUBLE_EQ(stddev["cpu_time"].get<double>(), 2 * sd);
  EXPECT_DOUBLE_EQ(cv["real_time"].get<double>(), sd / 3000);  // a fraction, shown as a percentage
  EXPECT_DOUBLE_EQ(cv["cpu_time"].get<double>(), sd / 3000);
  // Counters aggregated alike: items/s 1e6, 5e5, 2.5e5, 2e5; tree sizes 10, 20, 30, 40.
  EXPECT_DOUBLE_EQ(mean["items_per_second"].get<double>(), 487500);
  EXPECT_DOUBLE_EQ(median["items_per_second"].get<double>(), 375000);
  EXPECT_DOUBLE_EQ(mean["tree_size_mean"].get<double>(), 25);
  EXPECT_DOUBLE_EQ(median["tree_size_mean"].get<double>(), 25);
  EXPECT_DOUBLE_EQ(stddev["tree_size_mean"].get<double>(), std::sqrt(500.0 / 3));
  EXPECT_DOUBLE_EQ(cv["tree_size_mean"].get<double>(), std::sqrt(500.0 / 3) / 25);
  EXPECT_DOUBLE_EQ(stddev["guesses_mean"].get<double>(), 0);
  EXPECT_DOUBLE_EQ(cv["guesses_mean"].get<double>(), 0);
  EXPECT_FALSE(mean.contains("latency_p50_ns"));  // not measured
  // An odd count has a middle value; one repetition has no aggregates, as in Google Benchmark.
  EXPECT_DOUBLE_EQ(
      sudoku_bench::to_gbench_json(synthetic({1e-4, 5e-4, 2e-4}))["benchmarks"][4]["real_time"].get<double>(), 2000);
  EXPECT_EQ(sudoku_bench::to_gbench_json(synthetic({1e-4}))["benchmarks"].size(), 1u);
}

// The cells of a Markdown pipe table's rows (no pipes inside cells here).
std::vector<std::vector<std::string>> markdown_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] != '|') continue;
    std::vector<std::string> cells;
    std::size_t at = 1;
    for (std::size_t bar; (bar = line.find('|', at)) != std::string::npos; at = bar + 1) {
      std::string cell = line.substr(at, bar - at);
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      cells.push_back(cell);
    }
    rows.push_back(cells);
  }
  return rows;
}

double without_commas(std::string text) {
  std::erase(text, ',');
  return std::stod(text);
}

// The markdown says what the printed table warns of, and what its spread column means.
TEST(ReportFormatsTest, MarkdownCarriesTheTablesWarnings) {
  // Measured here, the report may hold warnings of its own: a loaded machine's outliers made it "2 of 3".
  sudoku_bench::Report r = report();
  for (auto& pass : r.passes) pass.outlier = false;
  r.passes[0].outlier = true;
  const std::string md = sudoku_bench::to_markdown(r);
  EXPECT_NE(md.find(sudoku_bench::kSpreadMeaning), std::string::npos) << md;
  const auto at = md.find("\nWarnings:\n\n- " + r.passes[0].id.dataset + " " + r.passes[0].id.solver + " threads ");
  ASSERT_NE(at, std::string::npos) << md;
  EXPECT_NE(md.find("passes were outliers", at), std::string::npos) << md;
  // The printed table warns of the same.
  test_util::Capture out;
  sudoku_bench::print_table(out.file(), r);
  EXPECT_NE(out.text().find("  warning: 1 of "), std::string::npos) << out.text();
}

// The harness's share a record (serial and parallel, how far it keeps up) is in every form of a
// time report, as the printed table says it.
TEST(ReportFormatsTest, EveryFormCarriesTheHarnessShare) {
  const std::vector<std::string> limits = sudoku_bench::harness_limits(report());
  ASSERT_FALSE(limits.empty());
  EXPECT_NE(limits[0].find(" per record; ceiling "), std::string::npos) << limits[0];
  test_util::Capture out;
  sudoku_bench::print_table(out.file(), report());
  EXPECT_NE(out.text().find(limits[0] + "\n"), std::string::npos) << out.text();
  const std::string md = sudoku_bench::to_markdown(report());
  EXPECT_NE(md.find("\nThe harness's share:\n\n- " + sudoku_bench::markdown_cell(limits[0]) + "\n"), std::string::npos)
      << md;
  if (sudoku_bench::html_report_available()) {
    const std::string page = sudoku_bench::to_html(report());
    EXPECT_NE(page.find("\"harness\":[\""), std::string::npos);
  }
  sudoku_bench::Report counted = report();
  counted.settings.measure = sudoku_bench::Measure::instructions;
  EXPECT_TRUE(sudoku_bench::harness_limits(counted).empty());
}

// An instruction report's tables show its counts, and none of the time figures valgrind made
// meaningless (throughput and its scaling, CPU time, latency).
TEST(ReportFormatsTest, AnInstructionReportShowsCountsNotTimes) {
  sudoku_bench::Report r = report();
  r.settings.measure = sudoku_bench::Measure::instructions;
  for (auto& run : r.passes) run.figures[Fig::instructions_per_puzzle] = 123456;
  const auto rows = markdown_rows(sudoku_bench::to_markdown(r));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0],
            (std::vector<std::string>{"dataset", "solver", "threads", "instr/puzzle", "nodes avg", "guess avg"}));
  test_util::Capture out;
  sudoku_bench::print_table(out.file(), r);
  EXPECT_NE(out.text().find("instr/puzzle"), std::string::npos) << out.text();
  EXPECT_NE(out.text().find("123456"), std::string::npos) << out.text();
  for (const char* timed : {"puzzles/s", "CPU/puzzle", "lat p50"})
    EXPECT_EQ(out.text().find(timed), std::string::npos) << timed << "\n" << out.text();
  const std::string csv = sudoku_bench::to_csv(r);
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_NE(header.find("instructions_per_puzzle"), std::string::npos) << header;
  EXPECT_EQ(header.find("puzzles_per_second"), std::string::npos) << header;
  EXPECT_EQ(header.find("latency_p50_ns"), std::string::npos) << header;
  // A time report's CSV is as before: no count column.
  EXPECT_EQ(sudoku_bench::to_csv(report()).find("instructions_per_puzzle"), std::string::npos);
}

// Bencher and Google Benchmark's JSON carry the count, never valgrind's throughput or latency as
// the solver's.
TEST(ReportFormatsTest, AnInstructionReportsBmfAndGbenchCarryTheCount) {
  sudoku_bench::Report r = report();
  r.settings.measure = sudoku_bench::Measure::instructions;
  for (auto& run : r.passes) run.figures[Fig::instructions_per_puzzle] = 123456;
  const Json bmf = sudoku_bench::to_bmf_json(r);
  const Json& m = bmf["solve/easy50/bitmask/threads:2"];
  ASSERT_TRUE(m.contains("instructions")) << m.dump();
  EXPECT_DOUBLE_EQ(m["instructions"]["value"].get<double>(), 123456);
  for (const char* timed : {"throughput", "cpu-time", "latency", "latency-p99"})
    EXPECT_FALSE(m.contains(timed)) << timed << " " << m.dump();
  EXPECT_FALSE(sudoku_bench::to_bmf_json(report())["solve/easy50/bitmask/threads:2"].contains("instructions"));

  const Json gbench = sudoku_bench::to_gbench_json(r);
  EXPECT_EQ(gbench["context"]["sudoku_bench_measure"], "instructions");
  for (const Json& b : gbench["benchmarks"]) {
    ASSERT_TRUE(b.contains("instructions_per_puzzle")) << b.dump();
    EXPECT_DOUBLE_EQ(b["instructions_per_puzzle"].get<double>(),
                     b["run_type"] == "aggregate" && (b["aggregate_name"] == "stddev" || b["aggregate_name"] == "cv")
                         ? 0.0
                         : 123456.0)
        << b.dump();
    for (const char* timed : {"items_per_second", "latency_p50_ns", "latency_mean_ns"})
      EXPECT_FALSE(b.contains(timed)) << timed << " " << b.dump();
  }
  EXPECT_EQ(sudoku_bench::to_gbench_json(report())["context"]["sudoku_bench_measure"], "time");
}

TEST(ReportFormatsTest, MarkdownTableReadsBackAsTheReport) {
  const std::string md = sudoku_bench::to_markdown(report());
  const auto& c = report().context;
  const std::string first_line = md.substr(0, md.find('\n'));
  EXPECT_NE(first_line.find(c.git_commit), std::string::npos) << first_line;
  EXPECT_NE(first_line.find(c.cpu_model), std::string::npos) << first_line;
  const auto rows = markdown_rows(md);
  ASSERT_EQ(rows.size(), 2u + 4u);  // header, alignment, 2 files x 2 thread counts
  // The table's own columns, then the metric table's, in its order: the time report's own figures
  // (those of no other measure) first.
  std::vector<std::string> header = {"dataset", "solver", "threads", "puzzles/s", "spread", "speedup", "eff"};
  for (const bool own : {true, false})
    for (const sudoku_bench::Metric& m : sudoku_bench::metrics())
      if (m.in(sudoku_bench::kInTable, sudoku_bench::Measure::time) && m.only.has_value() == own)
        header.emplace_back(m.column);
  EXPECT_EQ(rows[0], header);
  const auto column = [&](std::string_view name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  EXPECT_EQ(rows[1][0], "---");
  EXPECT_EQ(rows[1][3], "---:");
  const auto scaling = sudoku_bench::scaling_of(report().passes);
  ASSERT_EQ(scaling.size(), 4u);
  for (std::size_t i = 0; i < scaling.size(); ++i) {
    const auto& want = scaling[i];
    const auto& row = rows[2 + i];
    ASSERT_EQ(row.size(), header.size());
    EXPECT_EQ(row[0], want.dataset);
    EXPECT_EQ(row[1], want.solver);
    EXPECT_EQ(std::stoi(row[2]), want.threads);
    EXPECT_EQ(without_commas(row[3]), static_cast<double>(std::llround(want.puzzles_per_second)))
        << row[3];  // to the puzzle/s
    ASSERT_TRUE(want.speedup && want.efficiency);
    EXPECT_NEAR(std::stod(row[5]), *want.speedup, 0.005) << row[5];
    EXPECT_NEAR(std::stod(row[6]), *want.efficiency, 0.005) << row[6];
    EXPECT_EQ(row[4].back(), '%');
    EXPECT_NE(row[7].find("s"), std::string::npos) << row[7];  // durations with their unit
    EXPECT_NE(row[8].find("s"), std::string::npos) << row[8];
    // Tree sizes and guesses do not depend on the repetition: any pass of the group has them.
    for (const auto& r : report().passes) {
      if (r.id.dataset != want.dataset || r.threads != want.threads) continue;
      EXPECT_NEAR(std::stod(row.at(column("nodes avg"))), r.distributions.tree_size.mean, 0.05);
      EXPECT_NEAR(std::stod(row.at(column("guess avg"))), r.distributions.guesses.mean, 0.005);
    }
  }
}

// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        rows.back().back() += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        rows.back().back() += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      rows.back().emplace_back();
    } else if (ch == '\n') {
      rows.emplace_back(1);
    } else {
      rows.back().back() += ch;
    }
  }
  if (rows.back() == std::vector<std::string>(1)) rows.pop_back();  // after the last line end
  return rows;
}

TEST(ReportFormatsTest, CsvRowPerPassReadsBackAsTheReport) {
  const auto rows = csv_rows(sudoku_bench::to_csv(report()));
  const auto& runs = report().passes;
  ASSERT_EQ(rows.size(), 1 + runs.size());
  const auto columns = sudoku_bench::csv_columns();
  EXPECT_EQ(rows[0], std::vector<std::string>(columns.begin(), columns.end()));
  const auto column = [&](std::string_view name) {
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i] == name) return i;
    ADD_FAILURE() << name;
    return std::size_t{0};
  };
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto& row = rows[1 + i];
    const auto& r = runs[i];
    ASSERT_EQ(row.size(), columns.size());
    EXPECT_EQ(row[column("dataset")], r.id.dataset);
    EXPECT_EQ(row[column("solver")], r.id.solver);
    EXPECT_EQ(std::stoi(row[column("ranks")]), r.split.ranks);
    EXPECT_EQ(std::stoi(row[column("threads")]), r.threads);
    EXPECT_EQ(std::stoi(row[column("repetition")]), r.id.repetition);
    EXPECT_EQ(row[column("complete")], "true");
    EXPECT_EQ(std::stoull(row[column("puzzles")]), r.puzzles());
    // Raw numbers, exactly: the shortest text that reads back as the same double.
    EXPECT_EQ(std::stod(row[column("wall_seconds")]), r.wall_seconds);
    EXPECT_EQ(std::stod(row[column("cpu_seconds")]), *r.figures[Fig::cpu_seconds]);
    EXPECT_EQ(std::stod(row[column("puzzles_per_second")]), r.puzzles_per_second());
    EXPECT_EQ(std::stod(row[column("cpu_per_puzzle_ns")]),
              *r.figures[Fig::cpu_seconds] * 1e9 / static_cast<double>(r.puzzles()));
    EXPECT_EQ(std::stoull(row[column("latency_p50_ns")]),
              r.distributions.latency_ns.percentiles[sudoku_bench::percentile_index("50")]);
    EXPECT_EQ(std::stoull(row[column("latency_p99.9_ns")]),
              r.distributions.latency_ns.percentiles[sudoku_bench::percentile_index("99.9")]);
    EXPECT_EQ(std::stoull(row[column("latency_max_ns")]), r.distributions.latency_ns.max);
    EXPECT_EQ(std::stod(row[column("tree_size_mean")]), r.distributions.tree_size.mean);
    EXPECT_EQ(std::stoull(row[column("tree_size_max")]), r.distributions.tree_size.max);
    EXPECT_EQ(std::stod(row[column("guesses_mean")]), r.distributions.guesses.mean);
    EXPECT_EQ(std::stoi(row[column("loops")]), r.loops);
    EXPECT_EQ(row[column("disturbed")], r.disturbed().empty() ? "false" : "true");
    EXPECT_EQ(row[column("outlier")], r.outlier ? "true" : "false");
  }
  // The medians the table prints come back from the rows.
  std::vector<double> top95_1;
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i][0] == "top95" && rows[i][3] == "1") top95_1.push_back(std::stod(rows[i][column("puzzles_per_second")]));
  EXPECT_EQ(sudoku_bench::median(top95_1), sudoku_bench::scaling_of(runs)[0].puzzles_per_second);
}

TEST(ReportFormatsTest, CsvQuotesNamesAndLeavesUnmeasuredCellsEmpty) {
  auto made = synthetic({1e-4});
  made.passes[0].id.dataset = "a,\"b\"\nc";
  made.passes[0].distributions.tree_size_reported = false;
  made.passes[0].complete = false;
  const std::string csv = sudoku_bench::to_csv(made);
  EXPECT_NE(csv.find("\n\"a,\"\"b\"\"\nc\",bitmask,1,1,1,false,100,0.0001,0.0002,1000000,2000,"), std::string::npos)
      << csv;
  const auto rows = csv_rows(csv);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][0], made.passes[0].id.dataset);
  // Every figure the pass did not measure: latency, tree size, page faults (a figure of the
  // registry, stats/pass_figures.h), … an empty cell.
  for (std::size_t i = 0; i < rows[0].size(); ++i) {
    const sudoku_bench::Metric* m = nullptr;
    for (const sudoku_bench::Metric& each : sudoku_bench::metrics())
      if (each.key == rows[0][i]) m = &each;
    if (m && !m->of(made.passes[0])) {
      EXPECT_EQ(rows[1][i], "") << rows[0][i];
    }
  }
  EXPECT_EQ(rows[1][rows[0].size() - 2], "false");  // disturbed
  EXPECT_EQ(rows[1][rows[0].size() - 1], "false");  // outlier
}

TEST(ReportFormatsTest, BencherMetricFormat) {
  const Json j = sudoku_bench::to_bmf_json(report());
  ASSERT_EQ(j.size(), 4u);
  const Json& m = j["solve/easy50/bitmask/threads:2"];
  for (const char* measure : {"throughput", "cpu-time", "latency", "latency-p99", "tree-size"}) {
    ASSERT_TRUE(m.contains(measure)) << measure;
    const double lo = m[measure]["lower_value"], v = m[measure]["value"], hi = m[measure]["upper_value"];
    EXPECT_LE(lo, v) << measure;
    EXPECT_LE(v, hi) << measure;
  }
  EXPECT_DOUBLE_EQ(m["tree-size"]["value"].get<double>(),
                   report().passes[9].distributions.tree_size.mean);  // the same every repetition
}

TEST(ReportFormatsTest, RunWritesTheChosenFormat) {
  test_util::TempFile json("", ".json");
  auto command = test_util::run_command_for({test_util::dataset_path("easy50.txt")}, {1}, 1);
  command.outputs = {{sudoku_bench::ReportFormat::bmf, json.path()}};
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk);
  std::ifstream in(json.path());
  EXPECT_TRUE(Json::parse(in).contains("solve/easy50/bitmask/threads:1"));
  // The text formats go to the same file.
  for (const auto format : {sudoku_bench::ReportFormat::markdown, sudoku_bench::ReportFormat::csv}) {
    command.outputs = {{format, json.path()}};
    ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk);
    std::ifstream text(json.path());
    std::string line;
    std::getline(text, line);
    EXPECT_EQ(line.rfind(format == sudoku_bench::ReportFormat::csv ? "dataset,solver,ranks," : "**sudoku-bench**", 0),
              0u)
        << line;
  }
}

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// What run writes in each format, and what report makes of the JSON it wrote in the same run, are
// one and the same, byte for byte.
TEST(ReportFormatsTest, ReportRewritesAStoredReportAsRunWroteIt) {
  using sudoku_bench::ReportFormat;
  std::deque<test_util::TempFile> written, converted;  // not moved as they grow
  auto command = test_util::run_command_for({test_util::dataset_path("easy50.txt")}, {1, 2}, 2);
  sudoku_bench::ReportCommand report;
  for (const auto& f : sudoku_bench::kReportFormats) {
    written.emplace_back("", "." + std::string(f.name));
    converted.emplace_back("", "." + std::string(f.name));
    command.outputs.push_back({f.format, written.back().path()});
    report.outputs.push_back({f.format, converted.back().path()});
  }
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk);
  report.input = written.front().path();  // the json
  ASSERT_EQ(sudoku_bench::report_command(report, out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
  for (std::size_t i = 0; i < written.size(); ++i) {
    const std::string name(sudoku_bench::kReportFormats[i].name);
    EXPECT_FALSE(contents(written[i].path()).empty()) << name;
    EXPECT_EQ(contents(converted[i].path()), contents(written[i].path())) << name;
  }
}

// "-" is standard output, which then holds the report alone: run's table goes to stderr.
TEST(ReportFormatsTest, AReportOnStandardOutputStandsAlone) {
  auto command = test_util::run_command_for({test_util::dataset_path("easy50.txt")}, {1}, 1);
  command.outputs = {{sudoku_bench::ReportFormat::csv, "-"}};
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), sudoku_bench::kExitOk);
  EXPECT_EQ(out.text().rfind("dataset,solver,ranks,", 0), 0u) << out.text();
  EXPECT_NE(err.text().find("puzzles/s"), std::string::npos);
}

// The page carries its figures as data; with a base report, the comparison too.
// CPU time per puzzle, the figure `compare --gate cpu` decides on, reads back from every output.
TEST(ReportFormatsTest, CpuTimePerPuzzleInEveryOutput) {
  const auto& r = report().passes[0];
  const double cpu = *r.figures[Fig::cpu_seconds] * 1e9 / static_cast<double>(r.puzzles());
  const Json j = sudoku_bench::to_json(report());
  EXPECT_DOUBLE_EQ(j["runs"][0]["cpu_per_puzzle_ns"].get<double>(), cpu);
  // Read back: a derived figure is checked, not trusted; a string there is refused.
  Json bad = j;
  bad["runs"][0]["cpu_per_puzzle_ns"] = "fast";
  EXPECT_THROW(sudoku_bench::from_json(bad), std::exception);
  bad["runs"][0]["cpu_per_puzzle_ns"] = nullptr;
  EXPECT_NO_THROW(sudoku_bench::from_json(bad));
  const sudoku_bench::Table table = sudoku_bench::table_of(report());
  const auto at = std::find(table.header.begin(), table.header.end(), "CPU/puzzle") - table.header.begin();
  ASSERT_LT(static_cast<std::size_t>(at), table.header.size());
  EXPECT_EQ(table.rows[0].cells[static_cast<std::size_t>(at)],
            sudoku_bench::format_duration_ns(*table.rows[0].median_pass->figures[Fig::cpu_seconds] * 1e9 /
                                             static_cast<double>(table.rows[0].median_pass->puzzles())));
  EXPECT_NE(sudoku_bench::to_markdown(report()).find("| CPU/puzzle |"), std::string::npos);
  EXPECT_NE(sudoku_bench::to_csv(report()).find(",cpu_per_puzzle_ns,"), std::string::npos);
  EXPECT_GE(
      sudoku_bench::to_bmf_json(report())["solve/top95/bitmask/threads:1"]["cpu-time"]["upper_value"].get<double>(),
      cpu);
  if (sudoku_bench::html_report_available()) {
    const std::string page = sudoku_bench::to_html(report());
    EXPECT_NE(page.find("\"CPU/puzzle\",\"lat p50\""), std::string::npos);  // the results table
    EXPECT_NE(page.find("\"puzzles/s\",\"CPU/puzzle\",\"minor page faults\","), std::string::npos);  // every pass
  }
  // compare judges it, and --gate cpu decides on it.
  sudoku_bench::CompareOptions o;
  o.gate = sudoku_bench::GateTime::cpu;
  const sudoku_bench::Comparison c = sudoku_bench::compare_reports(report(), report(), o);
  ASSERT_FALSE(c.pairs.empty());
  EXPECT_EQ(c.pairs[0].gated_metric().metric, "CPU/puzzle");
  EXPECT_EQ(c.pairs[0].gated_metric().base.front(), cpu);
}

TEST(ReportFormatsTest, HtmlCarriesTheComparisonWithABase) {
  if (!sudoku_bench::html_report_available()) GTEST_SKIP() << "built without libjs-chart.js";
  const sudoku_bench::Report r = report();
  const std::string alone = sudoku_bench::to_html(r), against = sudoku_bench::to_html(r, &r);
  EXPECT_NE(alone.find("\"comparison\":null"), std::string::npos);
  EXPECT_NE(against.find("\"comparison\":{\"base\""), std::string::npos);
  EXPECT_NE(against.find("95% CI"), std::string::npos);
  // Nothing in the data can end its <script> element early, or make the browser read it otherwise.
  sudoku_bench::Report hostile = r;
  for (auto& pass : hostile.passes) pass.id.dataset = "<!--<script>" + pass.id.dataset + "</script>";
  const std::string page = sudoku_bench::to_html(hostile);
  const auto data = page.find("<script id=\"data\"");
  ASSERT_NE(data, std::string::npos);
  const auto end = page.find("</script>", data);
  EXPECT_EQ(page.find('<', data + 1), end);  // no '<' inside the data at all
  EXPECT_NE(page.find("\\u003c!--\\u003cscript>", data), std::string::npos);
}

// Nor can the texts embedded at build time (Chart.js, the page's script and style): every "</" on
// the page closes an element the page opened, whatever page.js or a new Chart.js comes to hold.
TEST(ReportFormatsTest, HtmlEmbeddedTextsEndNoElementEarly) {
  if (!sudoku_bench::html_report_available()) GTEST_SKIP() << "built without libjs-chart.js";
  const std::string page = sudoku_bench::to_html(report());
  std::vector<std::string> closing;
  for (auto at = page.find("</"); at != std::string::npos; at = page.find("</", at + 2))
    closing.push_back(page.substr(at, page.find('>', at) + 1 - at));
  const std::vector<std::string> expected = {"</title>",  "</style>",  "</head>",   "</main>", "</script>",
                                             "</script>", "</script>", "</script>", "</body>", "</html>"};
  EXPECT_EQ(closing, expected);
}

// The page colours series by the group each names, made where the series is: a curve and its dashed
// ideal share one, as do a file's latency and tree size; the labels are only shown.
TEST(ReportFormatsTest, HtmlSeriesNameTheirColourGroup) {
  if (!sudoku_bench::html_report_available()) GTEST_SKIP() << "built without libjs-chart.js";
  const std::string page = sudoku_bench::to_html(report());
  const auto from = page.find('>', page.find("<script id=\"data\"")) + 1;
  const Json data = Json::parse(page.substr(from, page.find("</script>", from) - from));
  std::map<std::string, Json> series;
  for (const Json& chart : data["charts"]) series[chart["id"]] = chart["series"];
  for (const auto& [id, lines] : series)
    for (const Json& s : lines) EXPECT_TRUE(s["group"].is_string()) << id << ": " << s["label"];
  const Json& rates = series["throughput"];
  ASSERT_GE(rates.size(), 2u);
  EXPECT_EQ(rates[0]["group"], "top95 / bitmask");
  EXPECT_EQ(rates[1]["label"], "top95 / bitmask ideal");
  EXPECT_EQ(rates[1]["group"], "top95 / bitmask");
  const Json& tail = series["tail"];
  ASSERT_GE(tail.size(), 2u);
  EXPECT_EQ(tail[0]["group"], "top95 / bitmask");
  EXPECT_EQ(tail[1]["group"], "top95 / bitmask");
  EXPECT_NE(tail[0]["label"], tail[1]["label"]);
}

}  // namespace
