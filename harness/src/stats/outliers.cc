#include "stats/outliers.h"

#include <algorithm>
#include <cmath>

namespace sudoku_bench {
namespace {

double median_of(std::vector<double> v) {
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  if (v.size() % 2) return v[mid];
  const double upper = v[mid];
  return (upper + *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
}

}  // namespace

std::vector<bool> mad_outliers(std::span<const double> values) {
  std::vector<bool> out(values.size(), false);
  if (values.size() < 3) return out;
  const double m = median_of({values.begin(), values.end()});
  std::vector<double> deviations;
  for (const double v : values) deviations.push_back(std::abs(v - m));
  const double mad = median_of(deviations);
  if (!(mad > 0)) return out;
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = 0.6745 * std::abs(values[i] - m) / mad > kOutlierScore;
  return out;
}

}  // namespace sudoku_bench
