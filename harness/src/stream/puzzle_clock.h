// The clock that times each puzzle. A steady_clock read costs 40 ns on a KVM guest (kvm-clock
// through the vDSO), 13% of an easy puzzle for the fastest solver; the CPU's time-stamp counter
// costs about a third of that. Where the TSC is invariant (one constant rate on every core, through
// sleep states and frequency changes), puzzles are timed in TSC ticks and converted to nanoseconds
// with a rate measured against steady_clock; elsewhere steady_clock itself is the clock.
#pragma once

#include <time.h>

#include <chrono>
#include <cstdint>
#include <string_view>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define SUDOKU_BENCH_HAS_TSC 1
#else
#define SUDOKU_BENCH_HAS_TSC 0
#endif

namespace sudoku_bench {

class PuzzleClock {
 public:
  // steady_clock, in nanoseconds: the fallback, and what the calibration is checked against.
  static PuzzleClock steady() { return PuzzleClock(false, 1.0); }

  // The clock for a pass about to start: the TSC where it is invariant, its rate measured against
  // steady_clock over everything since the process first asked (at least `span`: the first call
  // waits out the rest, later ones only get more precise). steady_clock where there is no
  // invariant TSC or SUDOKU_BENCH_LATENCY_CLOCK=steady_clock asks for it.
  static PuzzleClock for_pass(std::chrono::nanoseconds span = std::chrono::milliseconds(10));

  // Ticks: compare two readings from the same clock, then convert their difference with ns().
  std::uint64_t now() const {
#if SUDOKU_BENCH_HAS_TSC
    if (tsc_) return __rdtsc();
#endif
    return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  }

  std::uint64_t ns(std::uint64_t ticks) const {
    if (!tsc_) return ticks;
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(ticks) * ns_per_tick_q32_) >> 32);
  }

  // What one read of this clock costs here, in nanoseconds: the median of a few batches of
  // back-to-back reads, measured once per process and kind of clock. Timing a puzzle takes one
  // read (step_chunk), so on easy puzzles this is what timing costs a solver (the report warns
  // past 3%).
  double read_ns() const;

  bool is_tsc() const { return tsc_; }
  std::string_view name() const { return tsc_ ? "tsc" : "steady_clock"; }
  double ticks_per_ns() const { return 4294967296.0 / static_cast<double>(ns_per_tick_q32_); }

 private:
  PuzzleClock(bool tsc, double ticks_per_ns);

  bool tsc_;
  std::uint64_t ns_per_tick_q32_;  // nanoseconds per tick in 32.32 fixed point
};

// The CPU time of a POSIX clock in seconds: CLOCK_PROCESS_CPUTIME_ID (every thread of the process),
// CLOCK_THREAD_CPUTIME_ID (the calling thread).
double cpu_clock_seconds(clockid_t clock);

namespace detail {
// Whether CPUID says the TSC is invariant (leaf 0x80000007, EDX bit 8).
bool has_invariant_tsc();
}  // namespace detail

}  // namespace sudoku_bench
