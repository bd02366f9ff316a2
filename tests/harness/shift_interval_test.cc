#include "stats/shift_interval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

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

}  // namespace
