#include "stream/puzzle_clock.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <thread>

namespace sudoku_bench {
namespace {

using Steady = std::chrono::steady_clock;

// Reads the puzzle clock and steady_clock at (nearly) one instant: retries while the two reads were
// more than 50 us apart (a preempted thread), so a loaded machine cannot skew the comparison.
struct Reading {
  std::uint64_t ticks;
  Steady::time_point steady;
};

Reading read_both(const PuzzleClock& clock) {
  for (;;) {
    const Steady::time_point before = Steady::now();
    const std::uint64_t ticks = clock.now();
    const Steady::time_point after = Steady::now();
    if (after - before < std::chrono::microseconds(50)) return {ticks, before + (after - before) / 2};
  }
}

// The calibrated clock and steady_clock agree within 1% over a known sleep.
void expect_agrees_over_a_sleep(const PuzzleClock& clock) {
  const Reading start = read_both(clock);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const Reading end = read_both(clock);
  const double steady_ns = std::chrono::duration<double, std::nano>(end.steady - start.steady).count();
  const double clock_ns = static_cast<double>(clock.ns(end.ticks - start.ticks));
  ASSERT_GE(steady_ns, 200e6);
  EXPECT_NEAR(clock_ns / steady_ns, 1.0, 0.01) << clock.name() << ": " << clock_ns << " ns vs " << steady_ns;
}

TEST(PuzzleClockTest, CalibratedClockAgreesWithSteadyClockOverASleep) {
  const PuzzleClock clock = PuzzleClock::for_pass();
  expect_agrees_over_a_sleep(clock);
}

TEST(PuzzleClockTest, SteadyClockIsItsOwnNanoseconds) {
  const PuzzleClock clock = PuzzleClock::steady();
  EXPECT_FALSE(clock.is_tsc());
  EXPECT_EQ(clock.name(), "steady_clock");
  EXPECT_EQ(clock.ns(123456789), 123456789u);
  expect_agrees_over_a_sleep(clock);
}

TEST(PuzzleClockTest, UsesTheTscExactlyWhereItIsInvariant) {
  const PuzzleClock clock = PuzzleClock::for_pass();
  EXPECT_EQ(clock.is_tsc(), detail::has_invariant_tsc());
  EXPECT_EQ(clock.name(), clock.is_tsc() ? "tsc" : "steady_clock");
  if (clock.is_tsc()) {
    // Any machine this runs on ticks between 0.1 and 10 GHz.
    EXPECT_GT(clock.ticks_per_ns(), 0.1);
    EXPECT_LT(clock.ticks_per_ns(), 10.0);
    // An hour of ticks converts without overflow.
    const auto hour = static_cast<std::uint64_t>(3600e9 * clock.ticks_per_ns());
    EXPECT_NEAR(static_cast<double>(clock.ns(hour)), 3600e9, 3600e9 * 1e-6);
  }
}

// Bounds no machine misses, loaded or not: the median batch of reads, each read more than a
// cycle's worth and far less than a scheduler's slice.
TEST(PuzzleClockTest, KnowsWhatAReadCosts) {
  for (const PuzzleClock& clock : {PuzzleClock::for_pass(), PuzzleClock::steady()}) {
    const double ns = clock.read_ns();
    EXPECT_GT(ns, 0.1) << clock.name();
    EXPECT_LT(ns, 100000.0) << clock.name();
    EXPECT_EQ(clock.read_ns(), ns) << clock.name();  // measured once
  }
}

TEST(PuzzleClockTest, EnvironmentCanAskForSteadyClock) {
  ASSERT_EQ(setenv("SUDOKU_BENCH_LATENCY_CLOCK", "steady_clock", 1), 0);
  const PuzzleClock clock = PuzzleClock::for_pass();
  unsetenv("SUDOKU_BENCH_LATENCY_CLOCK");
  EXPECT_FALSE(clock.is_tsc());
}

}  // namespace
}  // namespace sudoku_bench
