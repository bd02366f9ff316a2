#include "stats/shift_interval.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace sudoku_bench {
namespace {

constexpr std::size_t kExactMax = 50;

// The largest c with P(U <= c) <= tail under the null hypothesis, for samples of n and m values;
// -1 when even U = 0 is more likely than that. Exact: counts of rank arrangements by U.
long lower_critical_u(std::size_t n, std::size_t m, double tail) {
  if (n <= kExactMax && m <= kExactMax) {
    // ways[i][u]: arrangements of i values of the first sample among the smallest i + j with U = u,
    // built up one j (second-sample value) at a time.
    const std::size_t top = n * m;
    std::vector<std::vector<double>> ways(n + 1, std::vector<double>(top + 1, 0));
    for (std::size_t i = 0; i <= n; ++i) ways[i][0] = 1;  // j = 0: U = 0
    for (std::size_t j = 1; j <= m; ++j)
      for (std::size_t i = 1; i <= n; ++i)
        // The largest value is the first sample's (it beats the j second-sample values) or not.
        for (std::size_t u = top; u + 1 > 0; --u) ways[i][u] = (u >= j ? ways[i - 1][u - j] : 0) + ways[i][u];
    double total = 0;
    for (const double w : ways[n]) total += w;
    double below = 0;
    long c = -1;
    for (std::size_t u = 0; u <= top; ++u) {
      below += ways[n][u];
      if (below / total > tail) break;
      c = static_cast<long>(u);
    }
    return c;
  }
  const double nm = static_cast<double>(n * m);
  const double sd = std::sqrt(nm * static_cast<double>(n + m + 1) / 12);
  // The normal quantile by bisection on erfc: no table needed.
  double lo = 0, hi = 10;
  for (int k = 0; k < 100; ++k) {
    const double z = (lo + hi) / 2;
    (0.5 * std::erfc(z / std::sqrt(2.0)) > tail ? lo : hi) = z;
  }
  return static_cast<long>(std::floor(nm / 2 - lo * sd - 0.5));
}

}  // namespace

ShiftInterval shift_interval(std::span<const double> x, std::span<const double> y, double confidence) {
  if (x.empty() || y.empty() || !(confidence > 0 && confidence < 1))
    throw std::invalid_argument("shift_interval: empty sample or confidence outside (0, 1)");
  std::vector<double> d;
  d.reserve(x.size() * y.size());
  for (const double a : x)
    for (const double b : y) d.push_back(b - a);
  std::sort(d.begin(), d.end());
  ShiftInterval s;
  const std::size_t k = d.size();
  s.estimate = k % 2 ? d[k / 2] : (d[k / 2 - 1] + d[k / 2]) / 2;
  const long c = lower_critical_u(x.size(), y.size(), (1 - confidence) / 2);
  if (c >= 0) {
    s.low = d[static_cast<std::size_t>(c)];
    s.high = d[k - 1 - static_cast<std::size_t>(c)];
  }
  return s;
}

}  // namespace sudoku_bench
