// Tail growth: the running maximum and p99.9 over the first 10, 100, … records, exact against a
// direct computation on fixed data whatever the chunking and the order, and through `run`
// equal to the prefix maxima of the file's own tree sizes at any thread count.
#include "stats/tail_growth.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "report/pass_fields.h"
#include "report/report_json.h"
#include "run_util.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "test_paths.h"

namespace {

using sudoku_bench::TailGrowth;
using sudoku_bench::TailPoint;
using sudoku_bench::TailValues;

std::string dataset(const char* name) { return std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + name; }

// What the points must be: each prefix sorted, its maximum and nearest-rank p99.9 read directly.
std::vector<TailPoint> direct(const std::vector<std::uint64_t>& values) {
  std::vector<TailPoint> out;
  std::vector<std::uint64_t> counts;
  for (std::uint64_t n = 10; n < values.size(); n *= 10) counts.push_back(n);
  if (!values.empty()) counts.push_back(values.size());
  for (const std::uint64_t n : counts) {
    std::vector<std::uint64_t> prefix(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
    std::sort(prefix.begin(), prefix.end());
    TailPoint p;
    p.records = n;
    p.max = prefix.back();
    const std::uint64_t rank = (999 * n + 999) / 1000;  // ceil(0.999 n), 1-based from the smallest
    p.p999 = prefix[rank - 1];
    out.push_back(p);
  }
  return out;
}

// As the pipeline feeds it: each chunk keeps the values at or above the floor published so far
// (`use_floor`), or every value.
std::vector<TailPoint> fed_in_chunks(const std::vector<std::uint64_t>& values, std::size_t chunk,
                                     bool use_floor = true) {
  TailGrowth growth;
  TailValues part;
  for (std::size_t i = 0; i < values.size(); i += chunk) {
    part.start(use_floor ? growth.floor() : 0);
    for (std::size_t j = i; j < std::min(values.size(), i + chunk); ++j) part.add(values[j]);
    growth.add(part);
  }
  return growth.points();
}

void expect_same(const std::vector<TailPoint>& got, const std::vector<TailPoint>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].records, want[i].records) << i;
    EXPECT_EQ(got[i].max, want[i].max) << got[i].records;
    EXPECT_EQ(got[i].p999, want[i].p999) << got[i].records;
  }
}

std::vector<std::uint64_t> heavy_tailed(std::size_t n, std::uint32_t seed) {
  std::mt19937_64 random(seed);
  std::lognormal_distribution<double> tree(3.0, 1.6);
  std::vector<std::uint64_t> values(n);
  for (auto& v : values) v = 1 + static_cast<std::uint64_t>(tree(random));
  return values;
}

TEST(TailGrowthTest, ExactAtEveryPowerOfTenWhateverTheChunks) {
  const std::vector<std::uint64_t> values = heavy_tailed(123'457, 7);
  const std::vector<TailPoint> want = direct(values);
  ASSERT_EQ(want.size(), 6u);  // 10 … 100,000, then 123,457
  for (const std::size_t chunk : {1, 7, 256, 3000, 200'000}) {
    expect_same(fed_in_chunks(values, chunk), want);
    expect_same(fed_in_chunks(values, chunk, false), want);
  }
}

TEST(TailGrowthTest, TheFloorRisesAndPassesOverMostValues) {
  const std::vector<std::uint64_t> values = heavy_tailed(1'000'000, 5);
  TailGrowth growth;
  TailValues part;
  std::size_t kept = 0;
  std::uint64_t floor = 0;
  for (std::size_t i = 0; i < values.size(); i += 1000) {
    part.start(growth.floor());
    EXPECT_GE(part.floor, floor);
    floor = part.floor;
    for (std::size_t j = i; j < i + 1000; ++j) part.add(values[j]);
    kept += part.kept.size();
    growth.add(part);
  }
  EXPECT_GT(floor, 0u);
  // The first 2 x 10,001 values, then those that may be among the 10,001 largest of a growing prefix.
  EXPECT_LT(kept, values.size() / 8);
}

TEST(TailGrowthTest, MaximaAreMonotoneAndThoseOfThePrefix) {
  const std::vector<std::uint64_t> values = heavy_tailed(54'321, 11);
  const std::vector<TailPoint> points = fed_in_chunks(values, 333);
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(points[i].max,
              *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(points[i].records)));
    if (i > 0) {
      EXPECT_GE(points[i].max, points[i - 1].max);
    }
  }
  EXPECT_EQ(points.back().records, values.size());
}

TEST(TailGrowthTest, RisingAndFallingOrdersStayExact) {
  std::vector<std::uint64_t> values = heavy_tailed(30'000, 3);
  std::sort(values.begin(), values.end());  // every value a new maximum: no chunk can be passed over
  expect_same(fed_in_chunks(values, 100), direct(values));
  std::reverse(values.begin(), values.end());
  expect_same(fed_in_chunks(values, 100), direct(values));
}

TEST(TailGrowthTest, PowersOfTenAndTinyInputs) {
  expect_same(fed_in_chunks(std::vector<std::uint64_t>(1000, 5), 64), direct(std::vector<std::uint64_t>(1000, 5)));
  EXPECT_EQ(fed_in_chunks(std::vector<std::uint64_t>(1000, 5), 64).size(), 3u);  // 10, 100, 1000 once
  EXPECT_EQ(fed_in_chunks({4, 9, 2}, 2).size(), 1u);
  EXPECT_TRUE(TailGrowth().points().empty());
  EXPECT_EQ(sudoku_bench::p999_of_largest({1, 2, 3}, 5000), std::nullopt);  // needs the 6 largest
  EXPECT_EQ(sudoku_bench::p999_of_largest({9, 1, 5, 7, 3, 8}, 5000), 1u);   // the 6th largest
  EXPECT_EQ(sudoku_bench::p999_of_largest({9, 1, 5, 7, 3, 8}, 4999), 3u);   // the 5th
}

// Through `run`: the tree sizes' points are those of the file's own tree sizes in file order,
// at 1 and 2 threads, from the first reading alone when --min-time reads it again, and the last
// point's maximum is the pass's.
TEST(TailGrowthTest, RunFollowsTheFileOrderAtAnyThreads) {
  const std::string file = dataset("top1465.txt");
  std::vector<std::uint64_t> nodes;
  {
    std::string error;
    const auto factory = sudoku::make_solver_factory("bitmask", error);
    ASSERT_TRUE(factory) << error;
    const auto solver = factory->make();
    std::ifstream in(file);
    std::string line;
    sudoku::SolveOptions options;
    while (std::getline(in, line)) {
      sudoku::Grid grid;
      ASSERT_TRUE(sudoku::parse_record(line, grid)) << line;
      nodes.push_back(solver->solve(grid, options, nullptr).nodes);
    }
  }
  const std::vector<TailPoint> want = direct(nodes);
  auto command = test_util::run_command_for({file}, {1, 2}, 1);
  command.repeats.min_time_seconds = 0.3;
  const auto outcome = test_util::run(command);
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  for (const sudoku_bench::MeasuredPass& r : outcome.report.passes) {
    expect_same(r.distributions.tail_tree_size, want);
    EXPECT_EQ(r.distributions.tail_tree_size.back().max, r.distributions.tree_size.max);
    ASSERT_EQ(r.distributions.tail_latency_ns.size(), want.size());
    for (std::size_t i = 1; i < r.distributions.tail_latency_ns.size(); ++i)
      EXPECT_GE(r.distributions.tail_latency_ns[i].max, r.distributions.tail_latency_ns[i - 1].max);
    // Through the report file and back.
    const sudoku_bench::MeasuredPass back = sudoku_bench::pass_from_json(sudoku_bench::pass_to_json(r));
    expect_same(back.distributions.tail_tree_size, r.distributions.tail_tree_size);
    expect_same(back.distributions.tail_latency_ns, r.distributions.tail_latency_ns);
  }
  // Without latencies, only tree sizes.
  command.repeats.min_time_seconds = 0;
  command.pass.time_puzzles = false;
  const auto untimed = test_util::run(command);
  for (const sudoku_bench::MeasuredPass& r : untimed.report.passes) {
    EXPECT_TRUE(r.distributions.tail_latency_ns.empty());
    expect_same(r.distributions.tail_tree_size, want);
    EXPECT_TRUE(sudoku_bench::pass_to_json(r)["tail_growth"]["latency_ns"].is_null());
  }
}

}  // namespace
