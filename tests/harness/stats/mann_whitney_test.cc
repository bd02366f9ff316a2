// The U test against reference values: scipy.stats.mannwhitneyu(x, y, alternative="two-sided",
// method=...) from SciPy 1.10.1, computed once and written down here.
#include "stats/mann_whitney.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using sudoku_bench::mann_whitney_u;
using sudoku_bench::UTestMethod;

struct Case {
  const char* name;
  std::vector<double> x, y;
  double u;             // scipy's statistic: U of x
  double exact_p;       // method="exact" (skipped when 0: scipy's exact ignores ties, ours is not used there)
  double asymptotic_p;  // method="asymptotic"
};

std::vector<double> range(double first, double step, int count) {
  std::vector<double> v;
  for (int i = 0; i < count; ++i) v.push_back(first + step * i);
  return v;
}

std::vector<Case> cases() {
  std::vector<double> big_x, big_y;  // 30 and 25 values with ties
  for (int i = 0; i < 30; ++i) big_x.push_back(std::fmod(i * 0.7, 13));
  for (int i = 0; i < 25; ++i) big_y.push_back(std::fmod(i * 0.9 + 2, 14));
  return {
      {"separated", {1.1, 2.2, 3.3, 4.4}, {5.5, 6.6, 7.7, 8.8, 9.9}, 0.0, 0.015873015873015872, 0.019964453305216043},
      {"overlapping",
       {19.1, 22.4, 18.0, 25.3, 21.7, 20.2},
       {23.9, 26.1, 24.4, 21.0, 27.5, 25.8, 22.9},
       6.0,
       0.03496503496503496,
       0.03831876314941356},
      {"nine_each",
       {101, 103, 99, 104, 102, 98, 105, 100, 97.5},
       {106, 99.5, 108, 107, 103.5, 110, 104.5, 109, 111},
       9.0,
       0.0039901275195392836,
       0.006193318174044277},
      {"twenty_each", range(0, 1, 20), range(3.5, 1, 20), 136.0, 0.0859140199856938, 0.08585487995041037},
      {"ties", {1, 2, 2, 3, 3, 3, 4, 5}, {3, 4, 4, 5, 5, 6, 6, 7, 7}, 7.5, 0, 0.006340074742489072},
      {"large_with_ties", big_x, big_y, 299.5, 0, 0.20486938653905873},
      {"all_equal", {5, 5, 5}, {5, 5, 5}, 4.5, 0, 1.0},
      {"one_each", {1.0}, {2.0}, 0.0, 1.0, 1.0},
  };
}

// Every case with a reference p for `method` (`p` of it not 0) gives scipy's U and that p.
void expect_scipy(UTestMethod method, double Case::*p) {
  for (const Case& c : cases()) {
    if (c.*p == 0) continue;
    const auto r = mann_whitney_u(c.x, c.y, method);
    EXPECT_DOUBLE_EQ(r.u, c.u) << c.name;
    EXPECT_NEAR(r.p_value, c.*p, 1e-12) << c.name;
    EXPECT_EQ(r.exact, method == UTestMethod::exact) << c.name;
  }
}

TEST(MannWhitneyTest, MatchesScipyExact) { expect_scipy(UTestMethod::exact, &Case::exact_p); }

TEST(MannWhitneyTest, MatchesScipyAsymptotic) { expect_scipy(UTestMethod::normal, &Case::asymptotic_p); }

TEST(MannWhitneyTest, AutomaticIsExactOnlyForSmallSamplesWithoutTies) {
  for (const Case& c : cases()) {
    const auto r = mann_whitney_u(c.x, c.y);
    const bool want_exact = c.exact_p != 0;
    EXPECT_EQ(r.exact, want_exact) << c.name;
    EXPECT_NEAR(r.p_value, want_exact ? c.exact_p : c.asymptotic_p, 1e-12) << c.name;
  }
  EXPECT_FALSE(mann_whitney_u(range(0, 1, 21), range(0.5, 1, 21)).exact);  // 21 values: normal
}

TEST(MannWhitneyTest, SymmetricAndUnchangedByOrder) {
  const std::vector<double> x = {3, 1, 4, 1.5, 9, 2.6}, y = {5, 3.5, 8, 9.7, 7.9};
  const auto xy = mann_whitney_u(x, y), yx = mann_whitney_u(y, x);
  EXPECT_DOUBLE_EQ(xy.u + yx.u, static_cast<double>(x.size() * y.size()));
  EXPECT_DOUBLE_EQ(xy.p_value, yx.p_value);
  std::vector<double> shuffled = {9, 1.5, 3, 2.6, 1, 4};
  EXPECT_DOUBLE_EQ(mann_whitney_u(shuffled, y).p_value, xy.p_value);
}

TEST(MannWhitneyTest, EmptySamplesProveNothing) {
  EXPECT_EQ(mann_whitney_u({}, std::vector<double>{1, 2}).p_value, 1.0);
  EXPECT_EQ(mann_whitney_u(std::vector<double>{1}, {}).p_value, 1.0);
}

TEST(MannWhitneyTest, SmallestPValue) {
  EXPECT_DOUBLE_EQ(sudoku_bench::smallest_p_value(3, 3), 0.1);  // 2 / 20: never below 0.05
  EXPECT_DOUBLE_EQ(sudoku_bench::smallest_p_value(4, 4), 2.0 / 70);
  EXPECT_DOUBLE_EQ(sudoku_bench::smallest_p_value(9, 9), 2.0 / 48620);
  EXPECT_DOUBLE_EQ(sudoku_bench::smallest_p_value(1, 1), 1.0);
  // The separated samples above reach it exactly.
  EXPECT_DOUBLE_EQ(sudoku_bench::smallest_p_value(4, 5), 0.015873015873015872);
}

}  // namespace
