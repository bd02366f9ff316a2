// The Mann-Whitney U test (Wilcoxon rank-sum test), two-sided: could two samples of repeated
// measurements come from one distribution? It assumes nothing about the shape of the noise, which
// on a shared machine is anything but normal.
#pragma once

#include <cstddef>
#include <span>

namespace sudoku_bench {

enum class UTestMethod {
  automatic,  // exact when both samples have at most kExactMaxSample values and nothing ties, else normal
  exact,      // the exact null distribution; ties get midranks but the distribution ignores them
  normal,     // normal approximation with tie correction and continuity correction
};

inline constexpr std::size_t kExactMaxSample = 20;

struct UTestResult {
  double u = 0;        // U of the first sample: pairs (x, y) with x > y, ties counting 1/2
  double p_value = 1;  // two-sided; 1 when a sample is empty or every value is the same
  bool exact = false;  // which method produced p_value
};

// Agrees with scipy.stats.mannwhitneyu(x, y, alternative="two-sided") for the same method
// (scipy's default continuity correction included).
UTestResult mann_whitney_u(std::span<const double> x, std::span<const double> y,
                           UTestMethod method = UTestMethod::automatic);

// The smallest two-sided p-value the exact test can give for sample sizes n and m: 2 / C(n+m, n),
// capped at 1. Below alpha nothing can be significant, whatever the data.
double smallest_p_value(std::size_t n, std::size_t m);

}  // namespace sudoku_bench
