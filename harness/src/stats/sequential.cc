#include "stats/sequential.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "stats/shift_interval.h"
#include "stats/signed_rank.h"

namespace sudoku_bench {
namespace {

// The smallest two-sided p the signed-rank test gives n differences (all of one sign, no ties):
// a look whose level lies below it could never stop, so it must not be charged for trying.
double smallest_signed_rank_p(int n) {
  if (n <= 0) return 1;
  if (static_cast<std::size_t>(n) <= kSignedRankExactMax) return std::ldexp(1.0, 1 - n);
  const double nd = n, mean = nd * (nd + 1) / 4, sd = std::sqrt(nd * (nd + 1) * (2 * nd + 1) / 24);
  return std::erfc((mean - 0.5) / sd / std::numbers::sqrt2);
}

// Tukey's interval exists at one-sided level `tail` once even T+ = 0 (probability 2^-n) is that
// rare (shift_interval.cc's lower_critical_t): below, there is no bound to stop on.
bool has_interval(int n, double tail) { return n > 0 && (n > 1000 || std::ldexp(1.0, -n) <= tail); }

}  // namespace

double pocock_spent(double total, double t) {
  return total * std::log1p((std::numbers::e - 1) * std::clamp(t, 0.0, 1.0));
}

SequentialDesign sequential_design(int first, int max_rounds, double alpha, double beta) {
  SequentialDesign design;
  std::vector<int> rounds;
  for (int n = first; n < max_rounds; n = std::max(n + 1, static_cast<int>(std::lround(n * 1.5)))) rounds.push_back(n);
  while (rounds.size() > 1 && rounds.back() * 1.25 > max_rounds) rounds.pop_back();
  const int last = std::max(first, max_rounds);
  for (const int n : rounds) {
    const double t = static_cast<double>(n) / last;
    SequentialLook look;
    look.rounds = n;
    // What the spending function allows by now, less what earlier looks could really spend: a look
    // that cannot reach its level hands it on instead of wasting it.
    const double a = pocock_spent(alpha, t) - design.alpha_spent, b = pocock_spent(beta, t) - design.beta_spent;
    if (smallest_signed_rank_p(n) < a) {
      look.alpha = a;
      design.alpha_spent += a;
    }
    if (has_interval(n, b)) {
      look.beta = b;
      design.beta_spent += b;
    }
    design.looks.push_back(look);
  }
  design.looks.push_back({last, alpha, 0, true});
  return design;
}

SequentialDecision sequential_decision(const SequentialLook& look, std::span<const double> log_ratios,
                                       double max_slowdown) {
  SequentialDecision d;
  if (log_ratios.empty()) return d;
  d.p_value = wilcoxon_signed_rank(log_ratios).p_value;
  const double threshold = std::log1p(max_slowdown);
  if (look.last) {
    d.estimate = std::expm1(paired_shift_interval(log_ratios, 0.5).estimate);
    d.call = SequentialCall::decide;
    return d;
  }
  // SLOWER once the interval at the look's alpha lies above the threshold, "not slower" once the one
  // at its beta lies below: a point estimate past the threshold would be a new chance at every look
  // for a change just under it.
  const ShiftInterval s = paired_shift_interval(log_ratios, look.beta > 0 ? 1 - 2 * look.beta : 0.5);
  d.estimate = std::expm1(s.estimate);
  if (look.beta > 0 && s.high) d.upper = std::expm1(*s.high);
  if (look.alpha > 0 && d.p_value < look.alpha) {
    const ShiftInterval a = paired_shift_interval(log_ratios, 1 - look.alpha);
    if (a.low) d.lower = std::expm1(*a.low);
    if (a.low && *a.low > threshold) d.call = SequentialCall::slower;
  }
  if (d.call == SequentialCall::go_on && d.upper && *s.high < threshold) d.call = SequentialCall::not_slower;
  return d;
}

}  // namespace sudoku_bench
