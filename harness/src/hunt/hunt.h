// The hunt for the puzzles that make a solver work hardest: Norvig's random puzzles, or a local
// search (hill climbing) over givens, one thread per worker. Knows nothing of files or the
// command line: cli/hunt_command.cc reads and writes, hunt/hunt_report.h formats.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sudoku/grid.h"
#include "sudoku/solver.h"
#include "sys/thread_count.h"

namespace sudoku_bench {

enum class HuntMethod { random, climb };
// What "hardest" means: the search tree's size (machine-independent, reproducible) or the time.
enum class HuntMeasure { nodes, time };

struct HuntOptions {
  HuntMethod method = HuntMethod::random;
  HuntMeasure by = HuntMeasure::nodes;
  int box = 3;
  std::uint64_t seed = 1;
  ThreadCount threads;                    // the command resolves "all CPUs" (run/hunt_run.cc)
  std::uint64_t evaluations = 0;          // stop after this many solves; 0: no bound
  double seconds = 0;                     // stop after this long; 0: no bound
  std::uint64_t node_limit = 10'000'000;  // per evaluation; 0: none
  std::size_t top = 10;
  std::uint64_t restart_after = 500;  // climb: steps without a new best before a fresh start
  // Only uniquely solvable puzzles enter the top list; climb rejects moves that lose uniqueness
  // and starts only from unique puzzles.
  bool unique = false;
  std::vector<sudoku::Grid> starts;  // climb: start puzzles; empty: random ones

  bool operator==(const HuntOptions&) const = default;
};

// One evaluation: a puzzle solved at limit 2, as `run` solves it.
struct Found {
  sudoku::Grid puzzle;
  sudoku::SolveResult result;
  std::uint64_t time_ns = 0;
  std::uint64_t measure = 0;  // nodes or time_ns, by the options
};

// The best measure so far rose to `measure` after `evaluations` (all workers together, about) and
// `seconds`.
struct Improvement {
  double seconds = 0;
  std::uint64_t evaluations = 0;
  std::uint64_t measure = 0;
};

// Count classes, indexing HuntResult's arrays.
enum CountClass { kNone = 0, kUnique = 1, kMultiple = 2, kAborted = 3 };

struct HuntResult {
  std::vector<Found> top;                       // best first: measure descending, ties by puzzle text ascending
  std::array<std::optional<Found>, 3> largest;  // the largest of each of kNone, kUnique, kMultiple
  std::array<std::uint64_t, 4> counts{};        // evaluations per CountClass
  std::uint64_t evaluations = 0;
  double seconds = 0;
  int threads = 0;
  std::vector<Improvement> improvements;  // each rise of the best, in time order, thinned to ~20
};

struct HuntTick {
  std::uint64_t evaluations = 0;
  std::uint64_t best = 0;
  double seconds = 0;
};

// Runs the hunt on one solver per worker. `interrupt` is polled every few milliseconds by the
// calling thread, which also calls `tick` (may be empty) then; setting it, or reaching
// options.seconds, stops the hunt: the evaluations in flight stop within 256 nodes and are not
// counted (a partial tree measures nothing). Throws std::invalid_argument for a size the solver or the
// generator does not take.
// `finds`, when given, is called by the calling thread too, at most every kFindsEverySeconds, with
// what the workers have found so far (the supervisor keeps it: a solver that ends the process
// loses none of it); the workers then take a lock of their own per evaluation.
inline constexpr double kFindsEverySeconds = 0.1;
HuntResult hunt(const sudoku::SolverFactory& factory, const HuntOptions& options, const std::atomic<bool>& interrupt,
                const std::function<void(const HuntTick&)>& tick,
                const std::function<void(const HuntResult&)>& finds = {});

// Whether `a` ranks before `b`: larger measure, then smaller puzzle text (so ties break the same
// way on every run).
bool ranks_before(const Found& a, const Found& b);

}  // namespace sudoku_bench
