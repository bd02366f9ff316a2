#include "stream/puzzle_clock.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#if SUDOKU_BENCH_HAS_TSC
#include <cpuid.h>
#endif

#include "stats/median.h"

namespace sudoku_bench {
namespace detail {

bool has_invariant_tsc() {
#if SUDOKU_BENCH_HAS_TSC
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_max(0x80000000u, nullptr) < 0x80000007u) return false;
  __get_cpuid(0x80000007u, &eax, &ebx, &ecx, &edx);
  return (edx >> 8) & 1u;
#else
  return false;
#endif
}

}  // namespace detail

namespace {

using Steady = std::chrono::steady_clock;

// A TSC reading and the steady_clock time it corresponds to. The steady read sits between two TSC
// reads and is paired with their midpoint, so the pair is off by at most half a steady read.
struct Anchor {
  std::uint64_t tsc = 0;
  Steady::time_point steady;
};

#if SUDOKU_BENCH_HAS_TSC
// The narrowest of a few tries, so that a thread preempted between the reads does not skew the rate.
Anchor read_anchor() {
  Anchor best;
  std::uint64_t best_width = UINT64_MAX;
  for (int i = 0; i < 8; ++i) {
    const std::uint64_t before = __rdtsc();
    const Steady::time_point steady = Steady::now();
    const std::uint64_t after = __rdtsc();
    if (after - before < best_width) {
      best_width = after - before;
      best = {before + (after - before) / 2, steady};
    }
  }
  return best;
}
#endif

bool steady_asked_for() {
  const char* v = std::getenv("SUDOKU_BENCH_LATENCY_CLOCK");
  return v && std::strcmp(v, "steady_clock") == 0;
}

// Nanoseconds per read of `clock`: batches of back-to-back reads timed by steady_clock (its two
// reads are about 1% of a batch), the median batch, so that a preempted one does not count.
// Neither read can be optimised away: rdtsc and the vDSO call both have side effects.
double measure_read_ns(const PuzzleClock& clock) {
  constexpr int kBatches = 15, kReads = 256;
  std::array<double, kBatches> per_read{};
  for (double& ns : per_read) {
    const Steady::time_point start = Steady::now();
    for (int i = 0; i < kReads; ++i) (void)clock.now();
    ns = std::chrono::duration<double, std::nano>(Steady::now() - start).count() / kReads;
  }
  return median({per_read.begin(), per_read.end()});
}

}  // namespace

double PuzzleClock::read_ns() const {
  if (tsc_) {
    static const double tsc = measure_read_ns(*this);
    return tsc;
  }
  static const double steady_clock = measure_read_ns(*this);
  return steady_clock;
}

PuzzleClock::PuzzleClock(bool tsc, double ticks_per_ns)
    : tsc_(tsc), ns_per_tick_q32_(static_cast<std::uint64_t>(std::llround(4294967296.0 / ticks_per_ns))) {}

PuzzleClock PuzzleClock::for_pass(std::chrono::nanoseconds span) {
#if SUDOKU_BENCH_HAS_TSC
  static const bool invariant = detail::has_invariant_tsc();
  if (!invariant || steady_asked_for()) return steady();
  static std::once_flag once;
  static Anchor first;
  std::call_once(once, [] { first = read_anchor(); });
  if (const auto since = Steady::now() - first.steady; since < span) std::this_thread::sleep_for(span - since);
  const Anchor now = read_anchor();
  const double ns = std::chrono::duration<double, std::nano>(now.steady - first.steady).count();
  const double ticks = static_cast<double>(now.tsc - first.tsc);
  // A TSC that did not advance, or ran backwards, is no clock: fall back rather than divide.
  if (!(ns > 0) || !(ticks > 0)) return steady();
  return PuzzleClock(true, ticks / ns);
#else
  (void)span;
  return steady();
#endif
}

double cpu_clock_seconds(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace sudoku_bench
