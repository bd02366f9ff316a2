// Paired comparisons: the same puzzle solved by two builds gives one difference per puzzle, and
// pairing removes the puzzle-to-puzzle spread that would swamp a two-sample test such as the U test.
// Like the U test, nothing here assumes the noise is normal.
#pragma once

#include <cstddef>
#include <span>

namespace sudoku_bench {

// Up to this many nonzero differences, and without ties among |d|, the null distribution is
// counted exactly (2^25 subsets still fit a double's exact integers).
inline constexpr std::size_t kSignedRankExactMax = 25;

struct SignedRankResult {
  double w_plus = 0;   // sum of the ranks of the positive differences (ties: midranks)
  std::size_t n = 0;   // nonzero differences (zeros are dropped, as scipy's zero_method="wilcox")
  double z = 0;        // the normal statistic (0 when exact); positive when differences are mostly positive
  double p_value = 1;  // two-sided; 1 when n == 0
  bool exact = false;  // which method produced p_value
};

// The Wilcoxon signed-rank test, two-sided: are the paired differences centred on zero?
// Exact when n <= kSignedRankExactMax and no ties among |d|, else the normal approximation with tie
// correction and continuity correction. Agrees with scipy.stats.wilcoxon(d, zero_method="wilcox",
// correction=True, alternative="two-sided") for the same method (scipy's mode="exact" on the
// nonzero differences, mode="approx" otherwise). O(n log n) time, O(n) memory. No NaNs.
SignedRankResult wilcoxon_signed_rank(std::span<const double> differences);

// x with P(Z <= x) = p for a standard normal Z; p in (0, 1). Near full double precision.
double inverse_normal_cdf(double p);

struct MedianInterval {
  double median = 0, low = 0, high = 0;
};

// A distribution-free confidence interval for the median of `values`: the order statistics k and
// n-1-k (0-based) with the largest k whose coverage 1 - 2 P(Binomial(n, 1/2) <= k) is at least
// `confidence`. The binomial is summed exactly up to n = 1000; above, the normal approximation
// with continuity correction, k = floor((n - 1 - z sqrt(n)) / 2) with z the upper (1 - confidence)/2
// quantile, which against scipy's exact k (n = 1001..5999, confidence 0.8 to 0.999) is never
// narrower and at most one order statistic wider. When even the full range falls short of
// `confidence` (tiny n: [min, max] covers only 1 - 2^(1-n)), the full range is returned. Even n: the
// median is the mean of the two middle values. Values are reordered in place; O(n) expected time.
// Empty: all zeros. No NaNs.
MedianInterval median_interval(std::span<double> values, double confidence = 0.95);

}  // namespace sudoku_bench
