// Which repetitions of one measurement stand apart from the others.
#pragma once

#include <span>
#include <vector>

namespace sudoku_bench {

// Iglewicz and Hoaglin's modified z-score, the rule hyperfine applies: a value is an outlier when
// 0.6745 |x - median| / MAD exceeds this, MAD being the median absolute deviation. Robust: one
// wild value moves neither the median nor the MAD much, unlike a mean and standard deviation.
inline constexpr double kOutlierScore = 3.5;

// One flag per value. Fewer than 3 values, or a MAD of 0 (most values equal), flag nothing.
std::vector<bool> mad_outliers(std::span<const double> values);

}  // namespace sudoku_bench
