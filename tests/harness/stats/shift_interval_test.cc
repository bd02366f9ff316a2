#include "stats/shift_interval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <span>
#include <stdexcept>
#include <vector>

namespace {

using sudoku_bench::paired_shift_interval;
using sudoku_bench::shift_interval;

// Five against five: the 25 differences are all distinct (100 to 120 minus 0 to 4, in steps that
// never meet), and Moses' 95% interval leaves out the 2 smallest and the 2 largest of them
// (P(U <= 2) = 4/252 <= 0.025 < P(U <= 3) = 7/252), as R's wilcox.test(conf.int = TRUE) does.
TEST(ShiftIntervalTest, FiveAgainstFiveMatchesTheExactDistribution) {
  const std::vector<double> x = {0, 1, 2, 3, 4}, y = {100, 105, 110, 115, 120};
  const auto s = shift_interval(x, y, 0.95);
  EXPECT_DOUBLE_EQ(s.estimate, 108);  // the 13th of 96 97 98 99 100 101 … 120
  ASSERT_TRUE(s.low && s.high);
  EXPECT_DOUBLE_EQ(*s.low, 98);    // the 3rd smallest: 96, 97, then 98
  EXPECT_DOUBLE_EQ(*s.high, 118);  // the 3rd largest: 120, 119, then 118
}

// Three against three cannot reach 95% (P(U = 0) = 1/20): no interval is given rather than a wrong one.
TEST(ShiftIntervalTest, TooFewValuesGiveNoInterval) {
  const std::vector<double> x = {1, 2, 3}, y = {4, 5, 6};
  const auto s = shift_interval(x, y, 0.95);
  EXPECT_DOUBLE_EQ(s.estimate, 3);
  EXPECT_FALSE(s.low || s.high);
  EXPECT_TRUE(shift_interval(x, y, 0.8).low);  // 1/20 <= 0.1
}

// Large samples (the normal approximation) still hold the true shift, and the interval narrows.
TEST(ShiftIntervalTest, LargeSamplesHoldTheShift) {
  std::vector<double> x, y;
  for (int i = 0; i < 80; ++i) {
    const double noise = std::sin(i * 12.9898) * 0.5;  // fixed, not random: the test cannot flake
    x.push_back(100 + noise);
    y.push_back(103 + std::cos(i * 4.1414) * 0.5);
  }
  const auto s = shift_interval(x, y, 0.95);
  ASSERT_TRUE(s.low && s.high);
  EXPECT_LT(*s.low, 3.0 + 0.3);
  EXPECT_GT(*s.high, 3.0 - 0.3);
  EXPECT_LT(*s.high - *s.low, 0.6);
  EXPECT_NEAR(s.estimate, 3.0, 0.3);
}

TEST(ShiftIntervalTest, RefusesEmptySamples) {
  const std::vector<double> x = {1}, none;
  EXPECT_THROW(shift_interval(x, none, 0.95), std::invalid_argument);
  EXPECT_THROW(shift_interval(x, x, 1.0), std::invalid_argument);
}

// Ten differences: the median of the 55 Walsh averages, and Tukey's 95% interval from the exact
// signed-rank distribution (P(T+ <= 8) = 25/1024 <= 0.025 < P(T+ <= 9)): the 9th smallest and the
// 9th largest Walsh average, as counted by brute force over all 2^10 sign patterns.
TEST(PairedShiftIntervalTest, TenPairsMatchTheExactDistribution) {
  const std::vector<double> d = {-1, 2, 3.5, 4, 6, 7.25, 9, 11, 12.5, 15};
  const auto s = paired_shift_interval(d, 0.95);
  EXPECT_DOUBLE_EQ(s.estimate, 7.0);
  ASSERT_TRUE(s.low && s.high);
  EXPECT_DOUBLE_EQ(*s.low, 3.125);
  EXPECT_DOUBLE_EQ(*s.high, 10.75);
}

// Five pairs cannot reach 95% (all five signs alike has probability 2/32); six can, with the full
// range of Walsh averages (min and max of the differences).
TEST(PairedShiftIntervalTest, SixPairsAreTheFewestFor95Percent) {
  const std::vector<double> five = {1, 2, 3, 4, 5}, six = {1, 2, 3, 4, 5, 9};
  EXPECT_FALSE(paired_shift_interval(five, 0.95).low);
  ASSERT_TRUE(paired_shift_interval(five, 0.9).low);
  EXPECT_DOUBLE_EQ(*paired_shift_interval(five, 0.9).low, 1);
  const auto s = paired_shift_interval(six, 0.95);
  ASSERT_TRUE(s.low && s.high);
  EXPECT_DOUBLE_EQ(*s.low, 1);
  EXPECT_DOUBLE_EQ(*s.high, 9);
}

// Beyond the exact limit (the normal approximation) the interval still holds the true centre, and it
// agrees with the exact one at the limit to within a Walsh average or two.
TEST(PairedShiftIntervalTest, ManyPairsHoldTheShift) {
  std::vector<double> d;
  for (int i = 0; i < 400; ++i) d.push_back(0.03 + std::sin(i * 12.9898) * 0.02);  // fixed: cannot flake
  const auto s = paired_shift_interval(d, 0.95);
  ASSERT_TRUE(s.low && s.high);
  EXPECT_NEAR(s.estimate, 0.03, 0.003);
  EXPECT_LT(*s.low, 0.03);
  EXPECT_GT(*s.high, 0.03);
  EXPECT_LT(*s.high - *s.low, 0.006);
  const std::span<const double> at_limit(d.data(), sudoku_bench::kPairedExactMax);
  const std::span<const double> beyond(d.data(), sudoku_bench::kPairedExactMax + 1);
  const auto exact = paired_shift_interval(at_limit, 0.95), normal = paired_shift_interval(beyond, 0.95);
  EXPECT_NEAR(*exact.low, *normal.low, 0.001);
  EXPECT_NEAR(*exact.high, *normal.high, 0.001);
}

TEST(PairedShiftIntervalTest, RefusesNoDifferences) {
  const std::vector<double> none, one = {1};
  EXPECT_THROW(paired_shift_interval(none, 0.95), std::invalid_argument);
  EXPECT_THROW(paired_shift_interval(one, 0.0), std::invalid_argument);
  EXPECT_DOUBLE_EQ(paired_shift_interval(one, 0.95).estimate, 1);
}

}  // namespace
