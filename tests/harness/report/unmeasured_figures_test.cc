// A figure a pass did not measure stays unmeasured on every road out of the pass: the MPI part
// codec, merged shards, the JSON report, gbench and CSV (issue 66: an unmeasured figure once came
// back from MPI as 0 page faults, and gbench wrote an unknown CPU time as 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "report/csv_format.h"
#include "report/gbench_format.h"
#include "report/pass_codec.h"
#include "report/pass_fields.h"
#include "report/pass_parts.h"
#include "report/report_json.h"

namespace {

using sudoku_bench::Fig;
using sudoku_bench::FigureRow;
using sudoku_bench::kFigureRows;
using sudoku_bench::MeasuredPass;

// A pass that measured its CPU time and page faults, and nothing else of the registry.
MeasuredPass pass_measuring_cpu() {
  MeasuredPass p;
  p.id.dataset = "top95";
  p.id.path = "top95.txt";
  p.id.solver = "bitmask";
  p.threads = p.threads_observed = 1;
  p.id.repetition = 1;
  p.status.unique = 95;
  p.wall_seconds = 0.02;
  p.distributions.latency_measured = p.distributions.tree_size_reported = false;
  p.figures[Fig::cpu_seconds] = 0.019;
  p.figures[Fig::minor_page_faults] = 12;
  return p;
}

// Every figure of the registry: measured in `p` where it is in `measured`, else not.
void expect_only(const MeasuredPass& p, const std::vector<Fig>& measured, const char* road) {
  for (const FigureRow& row : kFigureRows) {
    const bool is_measured = std::find(measured.begin(), measured.end(), row.fig) != measured.end();
    EXPECT_EQ(p.figures[row.fig].has_value(), is_measured) << road << ": " << row.key;
  }
}

TEST(UnmeasuredFiguresTest, StayUnmeasuredThroughAnMpiPart) {
  MeasuredPass unmeasured = pass_measuring_cpu();
  unmeasured.figures[Fig::minor_page_faults].reset();
  const MeasuredPass back = sudoku_bench::part_of(unmeasured, sudoku_bench::part_figures(unmeasured));
  expect_only(back, {Fig::cpu_seconds}, "MPI part");
  EXPECT_EQ(back.figures, unmeasured.figures);  // exactly, measured or not
}

TEST(UnmeasuredFiguresTest, StayUnmeasuredThroughMergedShards) {
  MeasuredPass a = pass_measuring_cpu(), b = pass_measuring_cpu();
  b.figures[Fig::minor_page_faults].reset();  // one shard that did not count them: no sum for the whole
  const MeasuredPass merged = sudoku_bench::combine_parts({a, b}, {"a", "b"}, {1, 2}, sudoku_bench::Timing::shards);
  expect_only(merged, {Fig::cpu_seconds}, "merged shards");
  EXPECT_DOUBLE_EQ(*merged.figures[Fig::cpu_seconds], 0.038);
  const nlohmann::ordered_json json = sudoku_bench::pass_to_json(merged);
  EXPECT_TRUE(json["minor_page_faults"].is_null());
  EXPECT_TRUE(json["peak_rss_bytes"].is_null());
  const MeasuredPass read = sudoku_bench::pass_from_json(json);
  EXPECT_EQ(read.figures, merged.figures);
}

sudoku_bench::Report report_of(const MeasuredPass& p) {
  sudoku_bench::Report r;
  r.settings.solvers = {p.id.solver};
  r.settings.threads = {p.threads};
  r.passes = {p};
  return r;
}

TEST(UnmeasuredFiguresTest, GbenchWritesNoZeroForThem) {
  MeasuredPass p = pass_measuring_cpu();
  p.figures[Fig::cpu_seconds].reset();
  p.figures[Fig::minor_page_faults].reset();
  const nlohmann::ordered_json j = sudoku_bench::to_gbench_json(report_of(p));
  const nlohmann::ordered_json& first = j["benchmarks"].at(0);
  EXPECT_TRUE(first["cpu_time"].is_null()) << first.dump();
  EXPECT_FALSE(first.contains("minor_page_faults")) << first.dump();
  EXPECT_GT(first["real_time"].get<double>(), 0);
}

// The cell of `column` in the CSV's first row.
std::string csv_cell(const std::string& csv, const std::string& column) {
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  const auto split = [](const std::string& line) {
    std::vector<std::string> cells(1);
    for (const char c : line)
      if (c == ',')
        cells.emplace_back();
      else
        cells.back().push_back(c);
    return cells;
  };
  const std::vector<std::string> names = split(header), cells = split(row);
  for (std::size_t i = 0; i < names.size() && i < cells.size(); ++i)
    if (names[i] == column) return cells[i];
  ADD_FAILURE() << "no column " << column << " in " << header;
  return "?";
}

TEST(UnmeasuredFiguresTest, CsvLeavesTheirCellsEmpty) {
  MeasuredPass p = pass_measuring_cpu();
  const std::string measured = sudoku_bench::to_csv(report_of(p));
  EXPECT_EQ(csv_cell(measured, "minor_page_faults"), "12");
  p.figures[Fig::cpu_seconds].reset();
  p.figures[Fig::minor_page_faults].reset();
  const std::string csv = sudoku_bench::to_csv(report_of(p));
  EXPECT_EQ(csv_cell(csv, "minor_page_faults"), "");
  EXPECT_EQ(csv_cell(csv, "cpu_seconds"), "");
  EXPECT_EQ(csv_cell(csv, "cpu_per_puzzle_ns"), "");
}

}  // namespace
