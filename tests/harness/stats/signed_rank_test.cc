// The signed-rank test against reference values: scipy.stats.wilcoxon(d, zero_method="wilcox",
// correction=True, alternative="two-sided", mode=...) from SciPy 1.10.1, computed once and written
// down here (scipy reports z as -|z|; ours carries the sign of W+ - mean). The median intervals'
// order statistics are the largest k with scipy.stats.binom.cdf(k, n, 0.5) <= (1 - confidence) / 2.
#include "stats/signed_rank.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace {

using sudoku_bench::median_interval;
using sudoku_bench::wilcoxon_signed_rank;

struct Case {
  const char* name;
  std::vector<double> d;
  std::size_t n;  // nonzero differences
  double w_plus;
  bool exact;
  double p;  // from scipy's mode="exact" when exact (on the nonzero differences), else mode="approx"
  double z;  // 0 when exact
};

// An equidistributed sequence in [-0.5, 0.5), reproducible bit for bit in Python's math.fmod.
std::vector<double> golden(int count, double shift) {
  std::vector<double> v;
  for (int i = 0; i < count; ++i) v.push_back(std::fmod(i * 0.6180339887498949, 1.0) - 0.5 + shift);
  return v;
}

// 1, 2, -3, 4, 5, -6, ... times 0.37: distinct magnitudes, a third of them negative.
std::vector<double> every_third_negative(int count) {
  std::vector<double> v;
  for (int i = 0; i < count; ++i) v.push_back((i + 1) * (i % 3 ? 1 : -1) * 0.37);
  return v;
}

std::vector<Case> cases() {
  return {
      {"small_exact", {1.5, -0.3, 2.7, 0.8, 1.1, -1.9, 3.2, 0.4}, 8, 29, true, 0.1484375, 0},
      {"zeros_dropped", {0.0, 2.1, -0.6, 0.0, 1.4, 0.9, -0.2, 3.3, 0.0, 1.7}, 7, 25, true, 0.078125, 0},
      {"ties_normal",
       {1, -1, 2, 2, -2, 3, 3, 3, 4, -0.5, 5, 5, 0, -3},
       13,
       74,
       false,
       0.04924942666514094,
       1.966425964217746},
      {"all_positive",
       {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20},
       20,
       210,
       true,
       1.9073486328125e-06,
       0},
      {"at_the_centre", {1, 2, -3, -4, 5, 6, -7}, 7, 14, true, 1.0, 0},
      {"largest_exact", every_third_negative(25), 25, 208, true, 0.23036134243011475, 0},
      {"smallest_normal", every_third_negative(26), 26, 234, false, 0.1407287427705664, 1.4730826810016213},
      {"large_shifted", golden(10000, 0.05), 10000, 29744419, false, 1.261510384451114e-60, 16.425255645660684},
      {"large_symmetric", golden(10000, 0), 10000, 24995602, false, 0.9809388759770028, -0.023891849009202618},
  };
}

TEST(SignedRankTest, MatchesScipy) {
  for (const Case& c : cases()) {
    const auto r = wilcoxon_signed_rank(c.d);
    EXPECT_EQ(r.n, c.n) << c.name;
    EXPECT_DOUBLE_EQ(r.w_plus, c.w_plus) << c.name;
    EXPECT_EQ(r.exact, c.exact) << c.name;
    // Relative: the shifted case's p is 1e-60, and erfc keeps its digits.
    EXPECT_NEAR(r.p_value, c.p, 1e-12 * c.p) << c.name;
    EXPECT_NEAR(r.z, c.z, 1e-12 * std::max(1.0, std::fabs(c.z))) << c.name;
  }
}

TEST(SignedRankTest, ZerosAreDroppedBeforeRanking) {
  // The zeros_dropped case above against its nonzero differences alone.
  const auto with = wilcoxon_signed_rank(std::vector<double>{0.0, 2.1, -0.6, -0.0, 1.4, 0.9, -0.2, 3.3, 0.0, 1.7});
  const auto without = wilcoxon_signed_rank(std::vector<double>{2.1, -0.6, 1.4, 0.9, -0.2, 3.3, 1.7});
  EXPECT_EQ(with.n, 7u);
  EXPECT_DOUBLE_EQ(with.w_plus, without.w_plus);
  EXPECT_DOUBLE_EQ(with.p_value, without.p_value);
  // scipy falls back to the normal approximation when zeros are present (0.07592696298255763 here);
  // dropping them first keeps the exact distribution for the rest.
  EXPECT_NEAR(with.p_value, 0.078125, 1e-15);
}

TEST(SignedRankTest, NegatingTheDifferencesFlipsOnlyTheSign) {
  for (const Case& c : cases()) {
    std::vector<double> negated;
    for (double v : c.d) negated.push_back(-v);
    const auto r = wilcoxon_signed_rank(c.d), s = wilcoxon_signed_rank(negated);
    const double total = static_cast<double>(r.n) * static_cast<double>(r.n + 1) / 2;
    EXPECT_DOUBLE_EQ(r.w_plus + s.w_plus, total) << c.name;
    EXPECT_DOUBLE_EQ(r.p_value, s.p_value) << c.name;
    EXPECT_DOUBLE_EQ(r.z, -s.z) << c.name;
  }
}

TEST(SignedRankTest, NoNonzeroDifferencesProveNothing) {
  for (const std::vector<double>& d : {std::vector<double>{}, std::vector<double>{0.0, 0.0, -0.0, 0.0}}) {
    const auto r = wilcoxon_signed_rank(d);
    EXPECT_EQ(r.n, 0u);
    EXPECT_EQ(r.w_plus, 0.0);
    EXPECT_EQ(r.z, 0.0);
    EXPECT_EQ(r.p_value, 1.0);
    EXPECT_FALSE(r.exact);
  }
}

TEST(SignedRankTest, ExactSmallestPValues) {
  // All of one sign: 2 / 2^n. One difference can never be significant.
  EXPECT_EQ(wilcoxon_signed_rank(std::vector<double>{3}).p_value, 1.0);
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{1, 2, 3, 4, 5}).p_value, 2.0 / 32);
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{-1, -2, -3, -4, -5, -6}).p_value, 2.0 / 64);
}

TEST(SignedRankTest, TenMillionDifferences) {
  // -1, 2, -3, 4, ... in a scrambled order (3 is coprime to n): W+ holds the even ranks,
  // (n/2)(n/2 + 1), just above the mean, so z is tiny and known in closed form.
  constexpr std::size_t n = 10'000'000;
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t rank = (i * 3) % n + 1;
    d[i] = rank % 2 ? -static_cast<double>(rank) : static_cast<double>(rank);
  }
  const auto r = wilcoxon_signed_rank(d);
  const double nd = n, half = nd / 2;
  EXPECT_EQ(r.n, n);
  EXPECT_DOUBLE_EQ(r.w_plus, half * (half + 1));
  const double z = (half * (half + 1) - nd * (nd + 1) / 4 - 0.5) / std::sqrt(nd * (nd + 1) * (2 * nd + 1) / 24);
  EXPECT_NEAR(r.z, z, 1e-12);
  // scipy on the same ten million: p 0.9997814903767032, z -0.00027386120344073716.
  EXPECT_NEAR(r.z, 0.00027386120344073716, 1e-15);
  EXPECT_NEAR(r.p_value, 0.9997814903767032, 1e-12);
  EXPECT_FALSE(r.exact);
}

// 0, 1, ..., n-1 scrambled by a stride coprime to n, so order statistic k is k itself.
std::vector<double> scrambled(std::size_t n) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<double>((i * 7919) % n);
  return v;
}

TEST(MedianIntervalTest, KnownSmallCase) {
  // n = 10 at 95%: P(B <= 1) = 11/1024 <= 0.025 < P(B <= 2) = 56/1024, so the 2nd and 9th values,
  // covering 1 - 22/1024 = 97.9%.
  std::vector<double> v = {9, 2, 7, 4, 1, 10, 3, 8, 6, 5};
  const auto m = median_interval(v);
  EXPECT_EQ(m.median, 5.5);
  EXPECT_EQ(m.low, 2);
  EXPECT_EQ(m.high, 9);
  // At 99% only the full range will do: 1 - 2/1024.
  const auto wide = median_interval(v, 0.99);
  EXPECT_EQ(wide.low, 1);
  EXPECT_EQ(wide.high, 10);
}

TEST(MedianIntervalTest, MatchesBinomialOrderStatistics) {
  struct Row {
    std::size_t n;
    double confidence;
    std::size_t k;
  };
  // Exact binomial sums up to n = 1000, the normal approximation above (which agrees with the
  // exact k at these n).
  const Row rows[] = {{6, 0.95, 0},         {9, 0.9, 1},           {9, 0.99, 0},         {20, 0.9, 5},
                      {20, 0.95, 5},        {20, 0.99, 3},         {50, 0.9, 18},        {50, 0.95, 17},
                      {50, 0.99, 15},       {100, 0.95, 39},       {999, 0.9, 473},      {1000, 0.9, 473},
                      {1000, 0.95, 468},    {1000, 0.99, 458},     {5000, 0.95, 2430},   {5000, 0.99, 2408},
                      {100000, 0.9, 49739}, {100000, 0.95, 49689}, {100000, 0.99, 49592}};
  for (const Row& row : rows) {
    std::vector<double> v = scrambled(row.n);
    const auto m = median_interval(v, row.confidence);
    EXPECT_EQ(m.low, static_cast<double>(row.k)) << row.n << " at " << row.confidence;
    EXPECT_EQ(m.high, static_cast<double>(row.n - 1 - row.k)) << row.n << " at " << row.confidence;
    EXPECT_EQ(m.median, static_cast<double>(row.n - 1) / 2) << row.n;
  }
}

TEST(MedianIntervalTest, WiderForHigherConfidenceAndAroundTheMedian) {
  for (std::size_t n : {7u, 30u, 1000u, 1001u, 4321u}) {
    double previous_width = -1;
    for (double confidence : {0.5, 0.8, 0.9, 0.95, 0.99, 0.999}) {
      std::vector<double> v;
      for (std::size_t i = 0; i < n; ++i) v.push_back(std::exp(std::sin(static_cast<double>(i))));  // skewed
      const auto m = median_interval(v, confidence);
      EXPECT_LE(m.low, m.median) << n << " at " << confidence;
      EXPECT_LE(m.median, m.high) << n << " at " << confidence;
      EXPECT_GE(m.high - m.low, previous_width) << n << " at " << confidence;
      previous_width = m.high - m.low;
    }
  }
}

TEST(MedianIntervalTest, TooFewValuesGiveTheFullRange) {
  std::vector<double> five = {3, -1, 4, 1, 5};  // [min, max] covers only 1 - 2/32 < 95%
  const auto m = median_interval(five);
  EXPECT_EQ(m.median, 3);
  EXPECT_EQ(m.low, -1);
  EXPECT_EQ(m.high, 5);
  std::vector<double> one = {2.5};
  const auto single = median_interval(one);
  EXPECT_EQ(single.median, 2.5);
  EXPECT_EQ(single.low, 2.5);
  EXPECT_EQ(single.high, 2.5);
}

TEST(MedianIntervalTest, ExtremeConfidences) {
  std::vector<double> v = scrambled(101);
  const auto none = median_interval(v, 0);  // no coverage asked: the median alone
  EXPECT_EQ(none.low, 50);
  EXPECT_EQ(none.high, 50);
  const auto all = median_interval(v, 1);  // certainty: the full range
  EXPECT_EQ(all.low, 0);
  EXPECT_EQ(all.high, 100);
}

TEST(MedianIntervalTest, EmptyIsZeros) {
  const auto m = median_interval({});
  EXPECT_EQ(m.median, 0);
  EXPECT_EQ(m.low, 0);
  EXPECT_EQ(m.high, 0);
}

TEST(MedianIntervalTest, TenMillionValues) {
  constexpr std::size_t n = 10'000'000;  // scipy: k = 4996900 at 95%, exact and normal alike
  std::vector<double> v = scrambled(n);
  const auto m = median_interval(v);
  EXPECT_EQ(m.median, (n - 1) / 2.0);
  EXPECT_EQ(m.low, 4996900);
  EXPECT_EQ(m.high, n - 1 - 4996900.0);
}

}  // namespace
