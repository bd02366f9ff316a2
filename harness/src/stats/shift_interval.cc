#include "stats/shift_interval.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace sudoku_bench {
namespace {

constexpr std::size_t kExactMax = 50;

// z with P(Z > z) = tail for a standard normal Z, by bisection on erfc: no table needed.
double upper_normal_quantile(double tail) {
  double lo = 0, hi = 10;
  for (int k = 0; k < 100; ++k) {
    const double z = (lo + hi) / 2;
    (0.5 * std::erfc(z / std::sqrt(2.0)) > tail ? lo : hi) = z;
  }
  return lo;
}

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
  return static_cast<long>(std::floor(nm / 2 - upper_normal_quantile(tail) * sd - 0.5));
}

// The largest c with P(T+ <= c) <= tail for the signed-rank statistic of n differences under the
// null hypothesis (each rank's sign a fair coin); -1 when even T+ = 0 is more likely than that.
long lower_critical_t(std::size_t n, double tail) {
  const std::size_t top = n * (n + 1) / 2;
  if (n <= kPairedExactMax) {
    // p[t]: P(T+ = t) over the ranks 1..r added so far; 2^-200 is still a normal double.
    std::vector<double> p(top + 1, 0);
    p[0] = 1;
    for (std::size_t r = 1; r <= n; ++r)
      for (std::size_t t = r * (r + 1) / 2; t + 1 > 0; --t) p[t] = 0.5 * (p[t] + (t >= r ? p[t - r] : 0));
    double below = 0;
    long c = -1;
    for (std::size_t t = 0; t <= top; ++t) {
      below += p[t];
      if (below > tail) break;
      c = static_cast<long>(t);
    }
    return c;
  }
  const double nn = static_cast<double>(n);
  const double sd = std::sqrt(nn * (nn + 1) * (2 * nn + 1) / 24);
  return static_cast<long>(std::floor(static_cast<double>(top) / 2 - upper_normal_quantile(tail) * sd - 0.5));
}

double middle(const std::vector<double>& sorted) {
  const std::size_t k = sorted.size();
  return k % 2 ? sorted[k / 2] : (sorted[k / 2 - 1] + sorted[k / 2]) / 2;
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
  s.estimate = middle(d);
  const long c = lower_critical_u(x.size(), y.size(), (1 - confidence) / 2);
  if (c >= 0) {
    s.low = d[static_cast<std::size_t>(c)];
    s.high = d[k - 1 - static_cast<std::size_t>(c)];
  }
  return s;
}

ShiftInterval paired_shift_interval(std::span<const double> differences, double confidence) {
  if (differences.empty() || !(confidence > 0 && confidence < 1))
    throw std::invalid_argument("paired_shift_interval: no differences or confidence outside (0, 1)");
  std::vector<double> walsh;
  walsh.reserve(differences.size() * (differences.size() + 1) / 2);
  for (std::size_t i = 0; i < differences.size(); ++i)
    for (std::size_t j = i; j < differences.size(); ++j) walsh.push_back((differences[i] + differences[j]) / 2);
  std::sort(walsh.begin(), walsh.end());
  ShiftInterval s;
  s.estimate = middle(walsh);
  const long c = lower_critical_t(differences.size(), (1 - confidence) / 2);
  if (c >= 0) {
    s.low = walsh[static_cast<std::size_t>(c)];
    s.high = walsh[walsh.size() - 1 - static_cast<std::size_t>(c)];
  }
  return s;
}

}  // namespace sudoku_bench
