#include "stats/power.h"

#include <cmath>
#include <numeric>

#include "stats/signed_rank.h"

namespace sudoku_bench {
namespace {

double chi_square_quantile(double p, double df) {
  const double z = inverse_normal_cdf(p);
  return df * std::pow(1 - 2 / (9 * df) + z * std::sqrt(2 / (9 * df)), 3);
}

}  // namespace

double spread_upper_limit(std::span<const double> logs, double confidence) {
  const double n = static_cast<double>(logs.size());
  const double mean = std::accumulate(logs.begin(), logs.end(), 0.0) / n;
  double squares = 0;
  for (const double x : logs) squares += (x - mean) * (x - mean);
  const double df = n - 1;
  return std::sqrt(squares / df) * std::sqrt(df / chi_square_quantile(1 - confidence, df));
}

int rounds_for_power(double spread, double detect, double allowed, double alpha, double power) {
  const double d = std::log1p(detect), a = std::log1p(allowed);
  const double z_power = inverse_normal_cdf(power), z_alpha = inverse_normal_cdf(1 - alpha / 2);
  const double for_p = std::pow((z_alpha + z_power) * spread / d, 2) / 0.955;
  const double for_estimate = std::pow(z_power * spread / (d - a), 2);
  return static_cast<int>(std::ceil(std::max(for_p, for_estimate)));
}

}  // namespace sudoku_bench
