// The example plugin (the bitmask strategy) slowed on purpose by a calibrated share: what `ab`'s
// power is measured with (tools/ab-power) and its tests use. solve_N spins N/10 percent of each
// puzzle's whole cycle (the harness's work since the last call returned, and the solve), so that CPU
// time per puzzle grows by that share whatever the harness costs; solve_0 does the same clock reads
// and spins nothing; solve_env spins the tenths of a percent SUDOKU_BENCH_SLOWED_TENTHS says (read
// once), for a recorded history of one spec; heavy_N is a slow solver slowed (below). Copy the
// library to another path to have two versions of one solver.
#include <time.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "sudoku_bench/plugin_abi.h"

extern "C" size_t solve(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses);

namespace {

using Clock = std::chrono::steady_clock;

// A pause longer than this between calls is not the harness's work per puzzle (a new pass, a turn
// of the other side): it is not slowed.
constexpr auto kLongestCycle = std::chrono::milliseconds(2);

size_t slowed(int tenths_of_percent, const char* puzzle, size_t limit, uint32_t flags, char* solution,
              size_t* guesses) {
  static thread_local Clock::time_point last_return __attribute__((tls_model("initial-exec")));
  const size_t n = solve(puzzle, limit, flags, solution, guesses);
  const Clock::time_point now = Clock::now();
  const Clock::duration cycle = now - last_return;
  Clock::time_point until = now;
  if (cycle < kLongestCycle) until += cycle * tenths_of_percent / 1000;
  Clock::time_point t = now;
  while (t < until) t = Clock::now();
  last_return = t;
  return n;
}

// A solver 20 times the bitmask strategy's cost (each puzzle solved 20 times: about 2.5 ms a puzzle
// of top95), slowed by N/10 percent of its own solving. solve_N cannot slow such a solver: its cycle
// is longer than kLongestCycle. heavy_0 against heavy_150 is ab's time to verdict for a slow solver.
// The share is of the thread's CPU time, the time ab gates on: a share of wall time grows with the
// time other processes take from the CPU, which on a shared machine made 15% measure as 28%.
constexpr int kHeavyRepeats = 20;

std::int64_t thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

size_t heavy(int tenths_of_percent, const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses) {
  const std::int64_t start = thread_cpu_ns();
  size_t n = 0;
  for (int i = 0; i < kHeavyRepeats; ++i) n = solve(puzzle, limit, flags, solution, guesses);
  const std::int64_t now = thread_cpu_ns(), until = now + (now - start) * tenths_of_percent / 1000;
  for (std::int64_t t = now; t < until;) t = thread_cpu_ns();
  return n;
}

}  // namespace

// PREFIX_N: the solver FUNCTION slowed by N tenths of a percent, exported as the plugin's symbol.
#define EXPORT_SLOWED(PREFIX, FUNCTION, N)                                                                 \
  extern "C" __attribute__((visibility("default")))                                                        \
  size_t PREFIX##_##N(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses) { \
    return FUNCTION(N, puzzle, limit, flags, solution, guesses);                                           \
  }
#define HEAVY(N) EXPORT_SLOWED(heavy, heavy, N)
#define SLOWED(N) EXPORT_SLOWED(solve, slowed, N)

HEAVY(0)
HEAVY(150)

SLOWED(0)
SLOWED(10)
SLOWED(20)
SLOWED(30)
SLOWED(50)
SLOWED(100)
SLOWED(150)

extern "C" __attribute__((visibility("default"))) size_t solve_env(const char* puzzle, size_t limit, uint32_t flags,
                                                                   char* solution, size_t* guesses) {
  static const int tenths = [] {
    const char* text = std::getenv("SUDOKU_BENCH_SLOWED_TENTHS");
    return text ? std::atoi(text) : 0;
  }();
  return slowed(tenths, puzzle, limit, flags, solution, guesses);
}
