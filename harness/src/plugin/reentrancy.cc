#include "plugin/reentrancy.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "plugin/call_guard.h"
#include "sudoku/grid.h"
#include "sudoku/random_puzzle.h"
#include "sudoku/split_mix64.h"

namespace sudoku_bench::plugin {
namespace {

constexpr int kPuzzles = 256;
constexpr int kRounds = 3;

struct Answer {
  std::size_t count = 0;
  std::array<char, 81> solution{};
  bool operator==(const Answer&) const = default;
};

// Random puzzles of 17 to 24 decided cells: most have many solutions and need a search, so a
// solver's working state is busy for most of each call.
std::vector<std::array<char, 82>> probe_puzzles() {
  std::vector<std::array<char, 82>> puzzles(kPuzzles);
  for (int i = 0; i < kPuzzles; ++i) {
    sudoku::RandomPuzzleOptions options;
    options.min_decided = 17 + i % 8;
    const sudoku::Grid grid = sudoku::random_puzzle(options, 0x5eed0000u + static_cast<std::uint64_t>(i));
    sudoku::write_symbols(grid, puzzles[static_cast<std::size_t>(i)].data());
    puzzles[static_cast<std::size_t>(i)][81] = '\0';
  }
  return puzzles;
}

Answer solve(CallGuard& guard, sudoku_bench_solve_fn fn, const std::array<char, 82>& puzzle) {
  Answer a;
  std::array<char, 128> in{}, out{};
  std::memcpy(in.data(), puzzle.data(), 82);
  std::size_t guesses = 0;
  a.count = guard.call(in.data(), [&] { return fn(in.data(), 2, 0, out.data(), &guesses); });
  std::memcpy(a.solution.data(), out.data(), 81);
  return a;
}

}  // namespace

ReentrancyCheck check_reentrancy(sudoku_bench_solve_fn fn, const std::string& solver) {
  const auto puzzles = probe_puzzles();
  std::vector<Answer> alone(puzzles.size());
  ReentrancyCheck result;
  try {
    CallGuard guard(solver);
    for (std::size_t i = 0; i < puzzles.size(); ++i) alone[i] = solve(guard, fn, puzzles[i]);
  } catch (const SolverFault& e) {
    result.reentrant = false;
    result.why_not = std::string("at 1 thread it ") + e.cause();
    return result;
  }
  std::mutex mutex;
  for (int threads = 2; threads <= 4 && result.reentrant; ++threads) {
    std::atomic<bool> differs{false};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        std::vector<std::size_t> order(puzzles.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        sudoku::SplitMix64 random(static_cast<std::uint64_t>(threads * 16 + t));
        random.shuffle(order.data(), static_cast<int>(order.size()));
        try {
          CallGuard guard(solver);
          for (int round = 0; round < kRounds && !differs.load(std::memory_order_relaxed); ++round) {
            for (const std::size_t i : order) {
              if (solve(guard, fn, puzzles[i]) == alone[i]) continue;
              const std::lock_guard lock(mutex);
              if (!differs.exchange(true))
                result.why_not = "at " + std::to_string(threads) +
                                 " threads at once its answers differ from one thread's (puzzle " +
                                 std::string(puzzles[i].data()) + ")";
              return;
            }
          }
        } catch (const SolverFault& e) {
          const std::lock_guard lock(mutex);
          if (!differs.exchange(true)) result.why_not = "at " + std::to_string(threads) + " threads at once it " + e.cause();
        }
      });
    }
    for (std::thread& w : workers) w.join();
    result.reentrant = !differs.load();
  }
  return result;
}

}  // namespace sudoku_bench::plugin
