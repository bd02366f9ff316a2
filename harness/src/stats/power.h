// How many paired rounds a check needs to see a slowdown of a given size with a given probability,
// from the spread a pilot measured: what `sudoku-bench ab` (and tools/ab through it) asks before it
// measures the rest. Its power and false alarms, measured, are in results/README.md.
#pragma once

#include <span>

namespace sudoku_bench {

// A spread measured on a few rounds is itself uncertain; taken as it is it asks for too few rounds
// about half the time (simulated, normal noise of 5%: power 0.90 where 0.95 was asked; taken at its
// 70% upper confidence limit, 0.96).
inline constexpr double kSpreadConfidence = 0.7;

// The standard deviation of the rounds' log ratios NEW / BASE, around their mean (so that a real
// slowdown does not pass for noise), at its `confidence` upper confidence limit (chi-square, by
// Wilson and Hilferty's approximation, within 0.3% of the exact quantile from 5 degrees of freedom
// up). At least 2 values.
double spread_upper_limit(std::span<const double> log_ratios, double confidence = kSpreadConfidence);

// The rounds with which a slowdown of `detect` (0.03: 3%) is flagged with probability `power`,
// given that spread: the signed-rank test must reach p < alpha (a t test's count over 0.955, the
// signed-rank test's efficiency against it) and the estimate must clear `allowed` (the
// --max-slowdown). detect > allowed >= 0.
int rounds_for_power(double spread, double detect, double allowed, double alpha, double power);

}  // namespace sudoku_bench
