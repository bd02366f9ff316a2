#include "stats/outliers.h"

#include <cmath>

#include "stats/median.h"

namespace sudoku_bench {

std::vector<bool> mad_outliers(std::span<const double> values) {
  std::vector<bool> out(values.size(), false);
  if (values.size() < 3) return out;
  const double m = median({values.begin(), values.end()});
  std::vector<double> deviations;
  for (const double v : values) deviations.push_back(std::abs(v - m));
  const double mad = median(deviations);
  if (!(mad > 0)) return out;
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = 0.6745 * std::abs(values[i] - m) / mad > kOutlierScore;
  return out;
}

}  // namespace sudoku_bench
