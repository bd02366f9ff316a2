#include "stats/mann_whitney.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sudoku_bench {
namespace {

// How many orderings of n x's and m y's have each value of U (pairs with x above y): built up by
// the recurrence on the largest element, which beats every y (an x) or nothing (a y).
// Counts reach C(40, 20) ~ 1.4e11, well inside a double's exact integers.
std::vector<double> u_distribution(std::size_t n, std::size_t m) {
  // ways[i][j] holds the distribution for i x's and j y's, as a vector indexed by U.
  std::vector<std::vector<std::vector<double>>> ways(n + 1, std::vector<std::vector<double>>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) {
    for (std::size_t j = 0; j <= m; ++j) {
      std::vector<double>& w = ways[i][j];
      w.assign(i * j + 1, 0.0);
      if (i == 0 || j == 0) {
        w[0] = 1;
        continue;
      }
      const std::vector<double>& last_x = ways[i - 1][j];  // U grows by j
      const std::vector<double>& last_y = ways[i][j - 1];
      for (std::size_t u = 0; u < last_x.size(); ++u) w[u + j] += last_x[u];
      for (std::size_t u = 0; u < last_y.size(); ++u) w[u] += last_y[u];
    }
  }
  return ways[n][m];
}

double normal_upper_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

}  // namespace

UTestResult mann_whitney_u(std::span<const double> x, std::span<const double> y, UTestMethod method) {
  UTestResult result;
  const std::size_t n = x.size(), m = y.size();
  if (n == 0 || m == 0) return result;

  // Midranks of the pooled sample; tie groups feed the variance correction.
  std::vector<std::pair<double, bool>> pooled;  // value, from x
  for (double v : x) pooled.emplace_back(v, true);
  for (double v : y) pooled.emplace_back(v, false);
  std::sort(pooled.begin(), pooled.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  double rank_sum_x = 0, tie_term = 0;
  bool ties = false;
  for (std::size_t i = 0; i < pooled.size();) {
    std::size_t j = i;
    while (j < pooled.size() && pooled[j].first == pooled[i].first) ++j;
    const double t = static_cast<double>(j - i);
    const double midrank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k)
      if (pooled[k].second) rank_sum_x += midrank;
    tie_term += t * t * t - t;
    ties |= j - i > 1;
    i = j;
  }
  const double nd = static_cast<double>(n), md = static_cast<double>(m);
  result.u = rank_sum_x - nd * (nd + 1) / 2;
  const double u_high = std::max(result.u, nd * md - result.u);

  if (method == UTestMethod::automatic)
    method = !ties && n <= kExactMaxSample && m <= kExactMaxSample ? UTestMethod::exact : UTestMethod::normal;
  if (method == UTestMethod::exact) {
    result.exact = true;
    const std::vector<double> ways = u_distribution(n, m);
    double total = 0, upper = 0;
    for (std::size_t u = 0; u < ways.size(); ++u) {
      total += ways[u];
      if (static_cast<double>(u) >= u_high - 1e-9) upper += ways[u];  // midranks make U a multiple of 1/2
    }
    result.p_value = std::min(1.0, 2 * upper / total);
    return result;
  }
  const double all = nd + md;
  const double variance = nd * md / 12 * ((all + 1) - tie_term / (all * (all - 1)));
  if (variance <= 0) return result;  // every value the same: no evidence either way
  const double z = (u_high - nd * md / 2 - 0.5) / std::sqrt(variance);
  result.p_value = std::clamp(2 * normal_upper_tail(z), 0.0, 1.0);
  return result;
}

double smallest_p_value(std::size_t n, std::size_t m) {
  if (n == 0 || m == 0) return 1;
  double orderings = 1;  // C(n+m, n), built up as a running product that stays integral
  for (std::size_t k = 1; k <= n; ++k) orderings = orderings * static_cast<double>(m + k) / static_cast<double>(k);
  return std::min(1.0, 2 / orderings);
}

}  // namespace sudoku_bench
