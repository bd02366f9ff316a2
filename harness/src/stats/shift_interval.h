// How much one sample is shifted from another, with a confidence interval that assumes nothing
// about the noise's shape: the Hodges-Lehmann estimate (the median of every difference y - x) and
// Moses' interval, the differences the Mann-Whitney U test's null distribution does not rule out.
// On logarithms of repeated timings it gives the ratio of two builds' speeds with its interval.
#pragma once

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

}  // namespace sudoku_bench
