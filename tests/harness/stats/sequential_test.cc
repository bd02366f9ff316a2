// ab's sequential rule (stats/sequential.h): its looks and what each may spend, its call on given
// series of log ratios, and its error rates against the fixed design's on simulated rounds. Nothing
// here is timed: the "rounds" are numbers drawn from a seeded generator, the same on every machine.
#include "stats/sequential.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "stats/power.h"
#include "stats/shift_interval.h"
#include "stats/signed_rank.h"

namespace {

using namespace sudoku_bench;

std::vector<int> rounds_of(const SequentialDesign& d) {
  std::vector<int> r;
  for (const SequentialLook& l : d.looks) r.push_back(l.rounds);
  return r;
}

TEST(SequentialDesignTest, LooksGrowByHalfUpToTheLast) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  // 180 is left out: within 1.25 times of 200, the last step would be worth no look.
  EXPECT_EQ(rounds_of(d), (std::vector<int>{10, 15, 23, 35, 53, 80, 120, 200}));
  EXPECT_TRUE(d.looks.back().last);
  EXPECT_EQ(d.looks.back().alpha, 0.05);  // the last look decides as the fixed design does
  for (std::size_t k = 0; k + 1 < d.looks.size(); ++k) EXPECT_FALSE(d.looks[k].last);
  EXPECT_EQ(rounds_of(sequential_design(10, 10, 0.05, 0.05)), std::vector<int>{10});
  EXPECT_EQ(rounds_of(sequential_design(12, 8, 0.05, 0.05)), std::vector<int>{12});  // the first look is the pilot
  EXPECT_EQ(rounds_of(sequential_design(6, 30, 0.05, 0.05)), (std::vector<int>{6, 9, 14, 21, 30}));
  EXPECT_EQ(rounds_of(sequential_design(6, 7, 0.05, 0.05)), (std::vector<int>{6, 7}));  // the first stays
}

TEST(SequentialDesignTest, PocockSpendingSpendsItAllByTheEnd) {
  EXPECT_DOUBLE_EQ(pocock_spent(0.05, 0), 0);
  EXPECT_DOUBLE_EQ(pocock_spent(0.05, 1), 0.05);
  EXPECT_NEAR(pocock_spent(0.05, 0.05), 0.05 * std::log(1 + (std::numbers::e - 1) * 0.05), 1e-15);
  EXPECT_LT(pocock_spent(0.05, 0.3), pocock_spent(0.05, 0.31));
  EXPECT_GT(pocock_spent(0.05, 0.5), 0.025);  // Pocock-type: more than half by half-way
}

// The bookkeeping: each look spends what the function allows by then less what was spent, the
// sums are the bounds the header promises, and none passes the function.
TEST(SequentialDesignTest, WhatTheLooksSpendAddsUp) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  double alpha = 0, beta = 0;
  for (std::size_t k = 0; k + 1 < d.looks.size(); ++k) {
    const SequentialLook& l = d.looks[k];
    alpha += l.alpha;
    beta += l.beta;
    EXPECT_NEAR(alpha, pocock_spent(0.05, l.rounds / 200.0), 1e-15) << l.rounds;
    EXPECT_NEAR(beta, pocock_spent(0.05, l.rounds / 200.0), 1e-15) << l.rounds;
    std::vector<double> all_slower(static_cast<std::size_t>(l.rounds));
    std::iota(all_slower.begin(), all_slower.end(), 1.0);
    EXPECT_GT(l.alpha, wilcoxon_signed_rank(all_slower).p_value) << l.rounds;  // the test can reach it
  }
  EXPECT_NEAR(d.alpha_spent, alpha, 1e-15);
  EXPECT_NEAR(d.beta_spent, beta, 1e-15);
  EXPECT_NEAR(d.alpha_spent, pocock_spent(0.05, 0.6), 1e-15);  // by the look at 120 of 200
  EXPECT_NEAR(d.looks[0].alpha, 0.004121, 1e-6);
}

// 6 rounds cannot reach p < 0.031 nor 8 rounds p < 0.0078: such a look spends nothing on SLOWER,
// and the first look that can reach its level gets what they left.
TEST(SequentialDesignTest, ALookThatCannotReachItsLevelHandsItOn) {
  const SequentialDesign d = sequential_design(6, 200, 0.05, 0.05);
  ASSERT_EQ(rounds_of(d), (std::vector<int>{6, 9, 14, 21, 32, 48, 72, 108, 200}));
  EXPECT_EQ(d.looks[0].alpha, 0);  // min p 2^-5 = 0.031 > 0.0025
  EXPECT_EQ(d.looks[1].alpha, 0);  // min p 2^-8 = 0.0039 > 0.0037
  EXPECT_NEAR(d.looks[2].alpha, pocock_spent(0.05, 14 / 200.0), 1e-15);
  // An interval at one-sided 0.0025 needs 2^-n <= 0.0025: 9 rounds, not 6.
  EXPECT_EQ(d.looks[0].beta, 0);
  EXPECT_NEAR(d.looks[1].beta, pocock_spent(0.05, 9 / 200.0), 1e-15);
}

// A series of log ratios: `change` (0.15: 15% slower) with a fixed pattern of noise of `spread`.
std::vector<double> series(int n, double change, double spread) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(std::log1p(change) + spread * (std::fmod(i * 0.6180339887498949, 1.0) - 0.5));
  return v;
}

TEST(SequentialDecisionTest, AClearSlowdownIsSlowerAtTheFirstLook) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  const SequentialDecision s = sequential_decision(d.looks[0], series(10, 0.15, 0.05), 0.02);
  EXPECT_EQ(s.call, SequentialCall::slower);
  EXPECT_NEAR(s.estimate, 0.15, 0.01);
  EXPECT_LT(s.p_value, d.looks[0].alpha);
  ASSERT_TRUE(s.lower);
  EXPECT_GT(*s.lower, 0.02);
}

TEST(SequentialDecisionTest, NoChangeInLittleNoiseIsNotSlowerAtTheFirstLook) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  const SequentialDecision s = sequential_decision(d.looks[0], series(10, 0, 0.02), 0.02);
  EXPECT_EQ(s.call, SequentialCall::not_slower);
  ASSERT_TRUE(s.upper);
  EXPECT_LT(*s.upper, 0.02);
  // A faster NEW is not slower either.
  EXPECT_EQ(sequential_decision(d.looks[0], series(10, -0.1, 0.02), 0.02).call, SequentialCall::not_slower);
}

TEST(SequentialDecisionTest, WhatTheNoiseLeavesOpenGoesOn) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  // No change, but rounds that spread 10%: the upper bound is still above 2%.
  SequentialDecision s = sequential_decision(d.looks[0], series(10, 0, 0.10), 0.02);
  EXPECT_EQ(s.call, SequentialCall::go_on);
  ASSERT_TRUE(s.upper);
  EXPECT_GT(*s.upper, 0.02);
  // 3% slower, p tiny, but the interval reaches below 2%: not yet SLOWER, and not "not slower".
  s = sequential_decision(d.looks[0], series(10, 0.03, 0.04), 0.02);
  EXPECT_EQ(s.call, SequentialCall::go_on);
  EXPECT_LT(s.p_value, d.looks[0].alpha);
  // The same 3% over 53 rounds is settled.
  EXPECT_EQ(sequential_decision(d.looks[4], series(53, 0.03, 0.04), 0.02).call, SequentialCall::slower);
}

TEST(SequentialDecisionTest, OneRoundAgainstTheRestKeepsPAboveTheLevel) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  std::vector<double> v = series(10, 0.15, 0.05);
  // The two largest ratios turned into speed-ups: W+ = 55 - 10 - 9 = 36, p = 0.43.
  std::sort(v.begin(), v.end());
  v[9] = -v[9];
  v[8] = -v[8];
  const SequentialDecision s = sequential_decision(d.looks[0], v, 0.02);
  EXPECT_GT(s.p_value, d.looks[0].alpha);
  EXPECT_NE(s.call, SequentialCall::slower);
}

TEST(SequentialDecisionTest, TheLastLookLeavesItToTheFixedDesign) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  const SequentialDecision s = sequential_decision(d.looks.back(), series(200, 0.15, 0.05), 0.02);
  EXPECT_EQ(s.call, SequentialCall::decide);
  EXPECT_FALSE(s.upper);
  EXPECT_NEAR(s.estimate, 0.15, 0.01);
  EXPECT_EQ(sequential_decision(d.looks[0], {}, 0.02).call, SequentialCall::go_on);
}

TEST(SequentialDecisionTest, TheSameRatiosGiveTheSameCall) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  const std::vector<double> v = series(23, 0.01, 0.03);
  const SequentialDecision a = sequential_decision(d.looks[2], v, 0.02), b = sequential_decision(d.looks[2], v, 0.02);
  EXPECT_EQ(a.call, b.call);
  EXPECT_EQ(a.p_value, b.p_value);
  EXPECT_EQ(a.estimate, b.estimate);
  EXPECT_EQ(a.upper, b.upper);
}

// ---- error rates, simulated ----

// Normal noise from a fixed generator, by Box and Muller: std::normal_distribution's algorithm is
// the library's own, and the figures below must not move with it.
class Noise {
 public:
  explicit Noise(std::uint64_t seed) : g_(seed) {}
  double next() {
    const double u = (static_cast<double>(g_() >> 11) + 0.5) * 0x1p-53, v = static_cast<double>(g_() >> 11) * 0x1p-53;
    return std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
  }

 private:
  std::mt19937_64 g_;
};

struct Rates {
  int trials = 0, slower = 0;
  double rounds = 0;
};

// The fixed design as ab ran it before the sequential rule: a pilot of 10, then the count
// rounds_for_power asks for (up to 200), judged as compare --paired judges.
bool fixed_call(std::vector<double>& x, const auto& grow, int& rounds) {
  grow(10);
  const int wanted = rounds_for_power(spread_upper_limit(x), 0.03, 0.02, 0.05, 0.95);
  rounds = std::min(200, std::max(10, wanted));
  grow(rounds);
  const std::span<const double> f(x.data(), static_cast<std::size_t>(rounds));
  return wilcoxon_signed_rank(f).p_value < 0.05 && std::expm1(paired_shift_interval(f, 0.95).estimate) > 0.02;
}

bool sequential_call(const SequentialDesign& d, std::vector<double>& x, const auto& grow, int& rounds) {
  for (const SequentialLook& l : d.looks) {
    grow(l.rounds);
    const SequentialDecision s =
        sequential_decision(l, std::span<const double>(x.data(), static_cast<std::size_t>(l.rounds)), 0.02);
    if (s.call == SequentialCall::go_on) continue;
    rounds = l.rounds;
    return s.call == SequentialCall::slower ||
           (s.call == SequentialCall::decide && s.p_value < 0.05 && s.estimate > 0.02);
  }
  return false;
}

// Both designs on `trials` simulated checks of a true change `change` in rounds that spread `spread`.
std::pair<Rates, Rates> simulate(double change, double spread, int trials, std::uint64_t seed) {
  const SequentialDesign d = sequential_design(10, 200, 0.05, 0.05);
  Noise noise(seed);
  Rates fixed, seq;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> x;
    const auto grow = [&](int n) {
      while (static_cast<int>(x.size()) < n) x.push_back(std::log1p(change) + spread * noise.next());
    };
    int rounds = 0;
    fixed.slower += fixed_call(x, grow, rounds);
    fixed.rounds += rounds;
    x.clear();  // the sequential design on rounds of its own
    seq.slower += sequential_call(d, x, grow, rounds);
    seq.rounds += rounds;
  }
  fixed.trials = seq.trials = trials;
  fixed.rounds /= trials;
  seq.rounds /= trials;
  return {fixed, seq};
}

// The claims of docs/regressions.md, on few enough trials for a test: no more false alarms than
// the fixed design's, no less power at 3%, and far fewer rounds where the answer is clear.
TEST(SequentialErrorRatesTest, NoWorseThanTheFixedDesign) {
  const auto [fixed0, seq0] = simulate(0, 0.03, 200, 1);
  EXPECT_LE(seq0.slower, fixed0.slower);
  EXPECT_LT(seq0.rounds, fixed0.rounds);
  const auto [fixed3, seq3] = simulate(0.03, 0.03, 200, 2);
  EXPECT_GE(seq3.slower, fixed3.slower);
  EXPECT_GE(seq3.slower, 190);  // power 0.95
  const auto [fixed15, seq15] = simulate(0.15, 0.05, 100, 3);
  EXPECT_EQ(seq15.slower, 100);
  EXPECT_EQ(seq15.rounds, 10);  // every one at the first look
  EXPECT_GT(fixed15.rounds, 50);
}

// The table of docs/regressions.md ("How many rounds"), reproduced with `sudoku_harness_tests
// --gtest_also_run_disabled_tests --gtest_filter='SequentialErrorRatesTest.DISABLED_Table'`
// (three minutes on the 2-vCPU Xeon): not a test, a simulation kept runnable.
TEST(SequentialErrorRatesTest, DISABLED_Table) {
  std::printf(
      "| spread | change | fixed: called slower | rounds (mean) | sequential: called slower | rounds (mean) |\n");
  std::printf("|---:|---:|---:|---:|---:|---:|\n");
  std::uint64_t seed = 100;
  for (const double spread : {0.01, 0.03, 0.05})
    for (const double change : {0.0, 0.01, 0.015, 0.02, 0.03, 0.15}) {
      const auto [f, s] = simulate(change, spread, 1000, ++seed);
      std::printf("| %.0f%% | %+.1f%% | %.3f | %.1f | %.3f | %.1f |\n", 100 * spread, 100 * change, f.slower / 1000.0,
                  f.rounds, s.slower / 1000.0, s.rounds);
    }
}

}  // namespace
