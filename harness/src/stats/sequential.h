// When `sudoku-bench ab` may stop: a group-sequential rule on the rounds' log ratios NEW / BASE.
// A fixed count sized by a pilot spends as long on a 15% slowdown, which 10 rounds settle, as on an
// unchanged solver near the noise; looking at the rounds a few times, at levels that share out the
// error rates, stops each as soon as its answer is clear. The design and its error rates, measured
// against the fixed count's, are in docs/regressions.md ("How many rounds").
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// The rule's short name, as the `ab` JSON block's "rule" records it.
inline constexpr std::string_view kSequentialRule = "group-sequential-pocock";

// Lan and DeMets' Pocock-type spending function: the share of `total` that may be spent by the
// information fraction t in [0, 1], total * ln(1 + (e - 1) t). Spends early, where a large change is
// settled, more than O'Brien-Fleming's, which would need p < 1e-8 at 10 of 200 rounds.
double pocock_spent(double total, double t);

struct SequentialLook {
  int rounds = 0;
  // SLOWER here needs the two-sided signed-rank p below this, and Tukey's interval at 1 - alpha
  // above the threshold (0: the test cannot reach what this look may spend, so it spends nothing
  // and leaves it to the next). At the last look, the fixed design's alpha: it decides as a fixed
  // count does.
  double alpha = 0;
  // "Not slower" here needs the upper end of Tukey's interval at one-sided level `beta` below the
  // threshold (0: too few rounds for an interval that sure). Unused at the last look.
  double beta = 0;
  bool last = false;
};

struct SequentialDesign {
  std::vector<SequentialLook> looks;
  // What the looks before the last spend, together. They bound the early stops' errors:
  // P(SLOWER early | a change at the threshold or below) <= alpha_spent / 2 (one side of a
  // two-sided interval), and
  // P("not slower" early | a change at the threshold or above) <= beta_spent.
  double alpha_spent = 0, beta_spent = 0;
};

// Looks after `first` rounds, then each about 1.5 times the one before, up to `max_rounds` (the
// last look; one other than the first within 1.25 times of it is left out, so that the last step is
// worth a look).
// `alpha`: the two-sided level of the fixed design (--alpha); `beta`: 1 - --power. t for the
// spending function is rounds / max_rounds.
SequentialDesign sequential_design(int first, int max_rounds, double alpha, double beta);

enum class SequentialCall {
  go_on,       // neither answer is clear yet
  slower,      // p below the look's alpha, and the interval at that level above the threshold
  not_slower,  // the upper bound at the look's beta below the threshold
  decide,      // the last look: judged as the fixed design judges
};

struct SequentialDecision {
  SequentialCall call = SequentialCall::go_on;
  double p_value = 1;   // signed-rank, two-sided
  double estimate = 0;  // Hodges-Lehmann, as a relative change (0.031: 3.1% slower)
  // The lower bound at the look's alpha (two-sided), where p is below it, and the upper bound at its
  // beta (one-sided), relative; none at the last look, or with too few rounds for them.
  std::optional<double> lower, upper;
};

// The call at `look` on the rounds' log ratios so far (log(NEW / BASE) of the gated time per
// puzzle); `max_slowdown` as a fraction (0.02). Deterministic: the same ratios give the same call.
SequentialDecision sequential_decision(const SequentialLook& look, std::span<const double> log_ratios,
                                       double max_slowdown);

}  // namespace sudoku_bench
