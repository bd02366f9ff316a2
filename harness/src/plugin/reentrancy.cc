#include "plugin/reentrancy.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "plugin/call_guard.h"
#include "plugin/isolated_run.h"
#include "sudoku/generate.h"
#include "sudoku/grid.h"
#include "sudoku/random_puzzle.h"
#include "sudoku/split_mix64.h"

namespace sudoku_bench::plugin {
namespace {

constexpr int kPuzzles = 256;
constexpr int kRounds = 3;                                // at least, per thread
constexpr auto kMinTime = std::chrono::milliseconds(30);  // at least, per thread count

struct Answer {
  std::size_t count = 0;
  std::array<char, 81> solution{};
  bool operator==(const Answer&) const = default;
};

// Unique puzzles of 40 to 47 givens (each answer a count of 1 and one solution, which a call mixed
// up with another's puzzle rarely keeps) and random ones of 17 to 24 decided cells (most with many
// solutions and a real search, so that the solver's state is busy for longer).
std::vector<std::array<char, 82>> probe_puzzles() {
  std::vector<std::array<char, 82>> puzzles(kPuzzles);
  sudoku::GenerateOptions unique;
  unique.seed = 0x5eed;
  for (int i = 0; i < kPuzzles; ++i) {
    sudoku::Grid grid;
    if (i % 2 == 0) {
      unique.min_givens = 40 + i / 2 % 8;
      grid = sudoku::PuzzleGenerator(unique).make(static_cast<std::uint64_t>(i));
    } else {
      sudoku::RandomPuzzleOptions options;
      options.min_decided = 17 + i / 2 % 8;
      grid = sudoku::random_puzzle(options, 0x5eed0000u + static_cast<std::uint64_t>(i));
    }
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

namespace {

// One of `threads` threads calling at once, the t-th: "" when its answers agree with `alone`.
std::string race(sudoku_bench_solve_fn fn, const std::string& solver, const std::vector<std::array<char, 82>>& puzzles,
                 const std::vector<Answer>& alone, int threads, int t, std::atomic<int>& ready,
                 const std::atomic<bool>& differs) {
  // All start together, and go on for a while: calls that never overlap prove nothing.
  ready.fetch_add(1);
  while (ready.load() < threads) std::this_thread::yield();
  const auto until = std::chrono::steady_clock::now() + kMinTime;
  std::vector<std::size_t> order(puzzles.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  sudoku::SplitMix64 random(static_cast<std::uint64_t>(threads * 16 + t));
  random.shuffle(order.data(), static_cast<int>(order.size()));
  std::string why;
  try {
    CallGuard guard(solver);
    for (int round = 0; (round < kRounds || std::chrono::steady_clock::now() < until) &&
                        !differs.load(std::memory_order_relaxed) && why.empty();
         ++round) {
      for (const std::size_t i : order) {
        if (solve(guard, fn, puzzles[i]) == alone[i]) continue;
        why = "at " + std::to_string(threads) + " threads at once its answers differ from one thread's (puzzle " +
              std::string(puzzles[i].data()) + ")";
        break;
      }
    }
  } catch (const SolverFault& e) {
    why = "at " + std::to_string(threads) + " threads at once it " + e.cause();
  }
  return why;
}

// In the child: the answers at one thread, then at 2 to 4 threads at once. Returns "" when they
// agree, else the first difference; progress says which phase is running.
std::string probe(sudoku_bench_solve_fn fn, const std::string& solver, const ChildReport& report) {
  const auto puzzles = probe_puzzles();
  std::vector<Answer> alone(puzzles.size());
  report.progress("1 thread");
  {
    CallGuard guard(solver);
    for (std::size_t i = 0; i < puzzles.size(); ++i) alone[i] = solve(guard, fn, puzzles[i]);
  }
  std::mutex mutex;
  std::string why_not;
  for (int threads = 2; threads <= 4 && why_not.empty(); ++threads) {
    report.progress(std::to_string(threads) + " threads at once");
    std::atomic<bool> differs{false};
    std::atomic<int> ready{0};
    std::vector<std::thread> workers;
    try {
      for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
          if (std::string why = race(fn, solver, puzzles, alone, threads, t, ready, differs); !why.empty()) {
            const std::lock_guard lock(mutex);
            if (!differs.exchange(true)) why_not = why;
          }
        });
      }
    } catch (...) {  // a thread that cannot be started (a limit): those started stop, then it is said
      differs.store(true);
      ready.store(threads);
      for (std::thread& w : workers) w.join();
      throw;
    }
    for (std::thread& w : workers) w.join();
  }
  return why_not;
}

// What the check itself could not do (start its threads, allocate): the harness's failure under a
// limit, said with the limits that may cause it, never blamed on the plugin.
std::string harness_failure(const std::exception& e) {
  std::string why = std::string("the check itself failed (") + e.what() + ")";
  const auto limit = [&](decltype(RLIMIT_AS) resource, const char* name, const char* unit, rlim_t scale) {
    rlimit r{};
    if (getrlimit(resource, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return;
    why += std::string("; ") + name + " is " + std::to_string(r.rlim_cur / scale) + unit;
  };
  limit(RLIMIT_AS, "the address-space limit (ulimit -v)", " KiB", 1024);
  if (rlimit r{}; getrlimit(RLIMIT_NPROC, &r) == 0 && r.rlim_cur < 4096)  // else no likely cause
    limit(RLIMIT_NPROC, "the process limit (ulimit -u)", "", 1);
  return why + ": a resource limit, not the plugin";
}

}  // namespace

ReentrancyCheck check_reentrancy(sudoku_bench_solve_fn fn, const std::string& solver, std::chrono::milliseconds limit) {
  // In a child process: calls that race can corrupt the plugin's state, loop for ever or crash.
  const auto attempt = [&](std::chrono::milliseconds within) {
    return run_isolated(
        [&](const ChildReport& report) {
          try {
            return "R" + probe(fn, solver, report);
          } catch (const std::system_error& e) {  // std::thread could not start one
            return "L" + harness_failure(e);
          } catch (const std::bad_alloc& e) {
            return "L" + harness_failure(e);
          }
        },
        within);
  };
  IsolatedResult r = attempt(limit);
  if (r.ending == IsolatedResult::Ending::timed_out) {
    limit *= 4;
    r = attempt(limit);
  }
  using Verdict = ReentrancyCheck::Verdict;
  ReentrancyCheck result;
  result.verdict = Verdict::not_reentrant;
  switch (r.ending) {
    case IsolatedResult::Ending::returned:
      // "R" and the finding, or what the check threw (run_isolated's "threw: ..."), whole.
      if (r.value == "R") result.verdict = Verdict::reentrant;
      if (r.value.starts_with("L")) result.verdict = Verdict::no_answer;
      result.why_not = r.value.empty()                                    ? "the check ended without a result"
                       : r.value.front() == 'R' || r.value.front() == 'L' ? r.value.substr(1)
                                                                          : r.value;
      break;
    case IsolatedResult::Ending::crashed:
      result.why_not = "at " + (r.last_step.empty() ? std::string("its start") : r.last_step) + " it crashed with " +
                       signal_description(r.signal);
      break;
    case IsolatedResult::Ending::interrupted:  // the caller sees the flag and stops; no finding
      result.verdict = Verdict::no_answer;
      result.why_not = "the check was interrupted";
      break;
    case IsolatedResult::Ending::timed_out:
      result.verdict = Verdict::no_answer;
      result.why_not = "at " + (r.last_step.empty() ? std::string("its start") : r.last_step) +
                       " the check gave no answer within " + std::to_string(limit.count()) + " ms, nor within a " +
                       "quarter of that before";
      break;
  }
  return result;
}

}  // namespace sudoku_bench::plugin
