#include "stats/histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "report/report.h"

namespace {

using sudoku_bench::Histogram;

// Nearest rank on sorted data: the reference the histogram must match within 1/2048.
std::uint64_t exact_percentile(const std::vector<std::uint64_t>& sorted, double p) {
  const auto hundredths = static_cast<std::uint64_t>(std::llround(p * 100));
  const std::uint64_t rank = std::max<std::uint64_t>(1, (hundredths * sorted.size() + 9999) / 10000);
  return sorted[rank - 1];
}

void expect_accurate(const std::vector<std::uint64_t>& values, const Histogram& h) {
  std::vector<std::uint64_t> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_EQ(h.count(), values.size());
  EXPECT_EQ(h.min(), sorted.front());
  EXPECT_EQ(h.max(), sorted.back());
  for (double p : {0.0, 1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0}) {
    const double exact = static_cast<double>(exact_percentile(sorted, p));
    const double got = static_cast<double>(h.percentile(p));
    EXPECT_LE(std::abs(got - exact), exact / 2048.0 + 1e-9) << "p" << p << " exact " << exact << " got " << got;
  }
  double sum = 0;
  for (auto v : values) sum += static_cast<double>(v);
  const double mean = sum / static_cast<double>(values.size());
  EXPECT_NEAR(h.mean(), mean, mean * 1e-12 + 1e-12);
  double sq = 0;
  for (auto v : values) sq += (static_cast<double>(v) - mean) * (static_cast<double>(v) - mean);
  const double sd = std::sqrt(sq / static_cast<double>(values.size()));
  EXPECT_NEAR(h.stddev(), sd, sd * 1e-6 + 1e-6);
}

TEST(HistogramTest, SmallValuesAreExact) {
  Histogram h;
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 0; v < 3000; v += 3) {
    values.push_back(v);
    h.record(v);
  }
  expect_accurate(values, h);
  EXPECT_EQ(h.percentile(50), 1497u);  // below 2048 every value has its own slot
}

TEST(HistogramTest, WithinOneIn2048AcrossDistributions) {
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<std::uint64_t> uniform(0, 50'000'000);
  std::lognormal_distribution<double> lognormal(9.0, 2.5);
  std::exponential_distribution<double> exponential(1e-5);
  for (int kind = 0; kind < 3; ++kind) {
    Histogram h;
    std::vector<std::uint64_t> values;
    for (int i = 0; i < 200'000; ++i) {
      const std::uint64_t v = kind == 0   ? uniform(rng)
                              : kind == 1 ? static_cast<std::uint64_t>(std::min(lognormal(rng), 1e15))
                                          : static_cast<std::uint64_t>(exponential(rng));
      values.push_back(v);
      h.record(v);
    }
    expect_accurate(values, h);
  }
}

TEST(HistogramTest, ExtremeValues) {
  Histogram h;
  const std::vector<std::uint64_t> values = {0, 1, UINT64_MAX / 3, UINT64_MAX - 1, UINT64_MAX};
  for (auto v : values) h.record(v);
  EXPECT_EQ(h.min(), 0u);
  EXPECT_EQ(h.max(), UINT64_MAX);
  EXPECT_EQ(h.percentile(100), UINT64_MAX);
  EXPECT_EQ(h.percentile(0), 0u);
  const double p60 = static_cast<double>(h.percentile(60));
  EXPECT_NEAR(p60, static_cast<double>(UINT64_MAX / 3), static_cast<double>(UINT64_MAX / 3) / 2048);
}

TEST(HistogramTest, EmptyReportsZeros) {
  Histogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.min(), 0u);
  EXPECT_EQ(h.max(), 0u);
  EXPECT_EQ(h.percentile(50), 0u);
  EXPECT_EQ(h.mean(), 0.0);
  EXPECT_EQ(h.stddev(), 0.0);
}

TEST(HistogramTest, MergeEqualsRecordingEverythingInOne) {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> lognormal(8.0, 2.0);
  Histogram all, parts[4];
  std::vector<std::uint64_t> values;
  for (int i = 0; i < 100'000; ++i) {
    const auto v = static_cast<std::uint64_t>(lognormal(rng));
    values.push_back(v);
    all.record(v);
    parts[i % 4].record(v);
  }
  Histogram merged;
  for (const Histogram& p : parts) merged.merge(p);
  for (double p : {1.0, 50.0, 99.0, 99.99, 100.0}) EXPECT_EQ(merged.percentile(p), all.percentile(p));
  EXPECT_EQ(merged.count(), all.count());
  EXPECT_EQ(merged.mean(), all.mean());
  expect_accurate(values, merged);
}

TEST(HistogramTest, RecordAllEqualsRecordingEachValue) {
  std::mt19937_64 rng(11);
  std::lognormal_distribution<double> lognormal(6.0, 3.0);
  std::vector<std::uint64_t> values{0, 1, 2047, 2048, UINT64_MAX};
  for (int i = 0; i < 10'000; ++i) values.push_back(static_cast<std::uint64_t>(lognormal(rng)));
  // Batches of one value (counted at once), small and large.
  values.insert(values.end(), 600, 0);
  values.insert(values.end(), 600, std::uint64_t{1} << 40);
  Histogram one_by_one, batched;
  for (const std::uint64_t v : values) one_by_one.record(v);
  // In uneven batches, as a pass's chunks hand them over.
  for (std::size_t at = 0, n = 1; at < values.size(); at += n, n = n * 3 % 257 + 1)
    batched.record_all(values.data() + at, std::min(n, values.size() - at));
  EXPECT_EQ(batched.buckets(), one_by_one.buckets());
  EXPECT_EQ(batched.count(), one_by_one.count());
  EXPECT_EQ(batched.min(), one_by_one.min());
  EXPECT_EQ(batched.max(), one_by_one.max());
  EXPECT_EQ(batched.mean(), one_by_one.mean());
  EXPECT_EQ(batched.stddev(), one_by_one.stddev());
}

TEST(HistogramTest, SummaryUsesTheReportedPercentiles) {
  Histogram h;
  for (std::uint64_t v = 1; v <= 10'000; ++v) h.record(v);
  const auto s = sudoku_bench::summarize(h);
  EXPECT_EQ(s.count, 10'000u);
  EXPECT_EQ(s.percentiles[0], 100u);                                          // p1: exact, below 2048
  EXPECT_NEAR(static_cast<double>(s.percentiles[3]), 5000.0, 5000.0 / 2048);  // p50
  EXPECT_EQ(s.percentiles[9], 10'000u);                                       // p100 is the max
}

TEST(HistogramTest, Log2CountsAreExactPerPowerOfTwo) {
  Histogram h;
  EXPECT_TRUE(h.log2_counts().empty());
  std::mt19937_64 rng(3);
  std::lognormal_distribution<double> lognormal(10.0, 4.0);
  std::vector<std::uint64_t> expected;
  for (int i = 0; i < 50'000; ++i) {
    const auto v = i % 10 == 0 ? 0 : static_cast<std::uint64_t>(std::min(lognormal(rng), 1e18));
    h.record(v);
    const std::size_t k = v == 0 ? 0 : static_cast<std::size_t>(64 - __builtin_clzll(v));  // [2^(k-1), 2^k)
    if (expected.size() <= k) expected.resize(k + 1);
    ++expected[k];
  }
  EXPECT_EQ(h.log2_counts(), expected);
  Histogram one;
  one.record(5);  // in [4, 8): element 3
  EXPECT_EQ(one.log2_counts(), (std::vector<std::uint64_t>{0, 0, 0, 1}));
}

}  // namespace
