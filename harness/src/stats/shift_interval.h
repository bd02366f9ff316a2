// How much one sample is shifted from another, with a confidence interval that assumes nothing
// about the noise's shape: the Hodges-Lehmann estimate (the median of every difference y - x) and
// Moses' interval, the differences the Mann-Whitney U test's null distribution does not rule out.
// On logarithms of repeated timings it gives the ratio of two builds' speeds with its interval.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace sudoku_bench {

struct ShiftInterval {
  double estimate = 0;
  // Empty when the samples are too small for the confidence asked (3 against 3 cannot give 95%):
  // then no interval is honest.
  std::optional<double> low, high;
};

// `confidence` in (0, 1), e.g. 0.95. Both samples non-empty. Exact U quantiles up to 50 values
// each, the normal approximation beyond.
ShiftInterval shift_interval(std::span<const double> x, std::span<const double> y, double confidence);

// The paired counterpart, for differences d_i = y_i - x_i of matched measurements (round i of two
// builds run in turns): the Hodges-Lehmann estimate of their centre (the median of the n(n+1)/2
// Walsh averages (d_i + d_j) / 2, i <= j) and Tukey's interval, the Walsh averages the Wilcoxon
// signed-rank test's null distribution does not rule out (as R's wilcox.test(d, conf.int = TRUE)).
// Exact signed-rank quantiles up to kPairedExactMax differences, the normal approximation beyond.
// O(n^2) memory: meant for repetitions, not for per-puzzle differences (median_interval, in
// signed_rank.h, is for those). Empty interval when n is too small for `confidence` (6 pairs
// reach 95%: 2 / 2^6 < 0.05).
inline constexpr std::size_t kPairedExactMax = 200;
ShiftInterval paired_shift_interval(std::span<const double> differences, double confidence);

}  // namespace sudoku_bench
