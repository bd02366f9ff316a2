#include "stats/signed_rank.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

namespace sudoku_bench {
namespace {

// How many of the 2^n sign assignments give each rank sum W+ = s: each rank r is either in the
// positive set or not, so adding ranks one at a time is a 0/1 knapsack count. Counts stay below
// 2^25, exact in a double.
std::vector<double> rank_sum_distribution(std::size_t n) {
  std::vector<double> ways(n * (n + 1) / 2 + 1, 0.0);
  ways[0] = 1;
  for (std::size_t r = 1; r <= n; ++r) {
    // Downwards, so that each rank joins a subset at most once.
    for (std::size_t s = r * (r + 1) / 2; s >= r; --s) ways[s] += ways[s - r];
  }
  return ways;
}

// The largest k with P(Binomial(n, 1/2) <= k) <= tail, or 0 when none qualifies (the full range is
// then the widest interval there is). Never past the middle, so that low <= high.
std::size_t order_statistic_index(std::size_t n, double tail) {
  const std::size_t middle = (n - 1) / 2;
  if (tail >= 0.5) return middle;
  if (!(tail > 0)) return 0;
  if (n <= 1000) {
    // 2^-1000 is still a normal double, so the terms can be walked up from C(n, 0) 2^-n directly.
    double term = std::ldexp(1.0, -static_cast<int>(n)), cumulative = term;
    if (cumulative > tail) return 0;
    std::size_t k = 0;
    while (k < middle) {
      term = term * static_cast<double>(n - k) / static_cast<double>(k + 1);
      if (cumulative + term > tail) break;
      cumulative += term;
      ++k;
    }
    return k;
  }
  // P(B <= k) ~ Phi((k + 1/2 - n/2) / (sqrt(n)/2)), the 1/2 being the continuity correction.
  const double nd = static_cast<double>(n);
  const double z = -inverse_normal_cdf(tail);
  const double k = std::floor((nd - 1 - z * std::sqrt(nd)) / 2);
  if (k <= 0) return 0;
  return std::min(static_cast<std::size_t>(k), middle);
}

}  // namespace

// Acklam's rational approximation (relative error ~1e-9), then one Halley step against std::erfc,
// which brings it to near full double precision even far out in the tails where confidences such
// as 0.999999 live. p must lie in (0, 1).
double inverse_normal_cdf(double p) {
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                 1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                 6.680131188771972e+01, -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                 -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                 3.754408661907416e+00};
  constexpr double p_low = 0.02425;
  double x;
  if (p < p_low) {
    const double q = std::sqrt(-2 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - p_low) {
    const double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const double q = std::sqrt(-2 * std::log1p(-p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const double e = 0.5 * std::erfc(-x / std::numbers::sqrt2) - p;
  const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

SignedRankResult wilcoxon_signed_rank(std::span<const double> differences) {
  SignedRankResult result;
  std::vector<double> d;
  d.reserve(differences.size());
  for (double v : differences)
    if (v != 0) d.push_back(v);
  const std::size_t n = d.size();
  result.n = n;
  if (n == 0) return result;

  // Sorting the signed values by magnitude keeps each sign beside its rank without a second array.
  std::sort(d.begin(), d.end(), [](double x, double y) { return std::fabs(x) < std::fabs(y); });
  double tie_term = 0;
  bool ties = false;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && std::fabs(d[j]) == std::fabs(d[i])) ++j;
    const double t = static_cast<double>(j - i);
    // Ranks and sums are multiples of 1/2 below n(n+1)/2 ~ 5e13 at n = 1e7: exact in a double.
    const double midrank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k)
      if (d[k] > 0) result.w_plus += midrank;
    tie_term += t * t * t - t;
    ties |= j - i > 1;
    i = j;
  }
  const double nd = static_cast<double>(n);
  const double rank_total = nd * (nd + 1) / 2;

  if (!ties && n <= kSignedRankExactMax) {
    result.exact = true;
    const std::vector<double> ways = rank_sum_distribution(n);
    // The null distribution is symmetric about rank_total / 2, so the two-sided p-value doubles
    // the tail beyond the larger of W+ and W-.
    const auto w_high = static_cast<std::size_t>(std::max(result.w_plus, rank_total - result.w_plus));
    double upper = 0;
    for (std::size_t s = w_high; s < ways.size(); ++s) upper += ways[s];
    result.p_value = std::min(1.0, 2 * upper / std::ldexp(1.0, static_cast<int>(n)));
    return result;
  }
  const double mean = rank_total / 2;
  const double variance = nd * (nd + 1) * (2 * nd + 1) / 24 - tie_term / 48;
  if (!(variance > 0)) return result;  // cannot happen with n >= 1, but a zero would divide
  const double deviation = result.w_plus - mean;
  const double correction = deviation > 0 ? 0.5 : deviation < 0 ? -0.5 : 0.0;
  result.z = (deviation - correction) / std::sqrt(variance);
  // erfc rather than 1 - Phi: the difference would round to 0 long before p does.
  result.p_value = std::min(1.0, std::erfc(std::fabs(result.z) / std::numbers::sqrt2));
  return result;
}

MedianInterval median_interval(std::span<double> values, double confidence) {
  MedianInterval result;
  const std::size_t n = values.size();
  if (n == 0) return result;

  // nth_element partitions around the middle, so the two order statistics below only need to
  // search their own half.
  const std::size_t mid = n / 2;
  const auto begin = values.begin(), end = values.end();
  std::nth_element(begin, begin + mid, end);
  const double upper_middle = values[mid];
  result.median = n % 2 ? upper_middle : std::midpoint(*std::max_element(begin, begin + mid), upper_middle);

  const std::size_t k = order_statistic_index(n, (1 - confidence) / 2), high = n - 1 - k;
  if (k == mid) {
    result.low = upper_middle;
  } else {
    std::nth_element(begin, begin + k, begin + mid);
    result.low = values[k];
  }
  if (high == mid) {
    result.high = upper_middle;
  } else {
    std::nth_element(begin + mid + 1, begin + high, end);
    result.high = values[high];
  }
  return result;
}

}  // namespace sudoku_bench
