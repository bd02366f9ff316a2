// The one interface between solvers and whatever drives them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "sudoku/grid.h"

namespace sudoku {

struct SolveOptions {
  // Counting stops at this many solutions; 2 is a uniqueness check. Must be at least 1.
  std::uint64_t max_solutions = 2;
  // A search that would visit more nodes than this stops and reports `aborted`. 0: no limit.
  std::uint64_t max_nodes = 0;
  // Likewise for time spent in one solve() call, checked every few hundred nodes. 0: no limit.
  std::chrono::nanoseconds time_limit{0};
  // A request to stop from outside (the harness sets it on SIGINT or SIGTERM): a search that sees
  // it set stops and reports `aborted`. Read every 256 nodes, like the clock, so a search stops
  // within 256 nodes of its setting. Null: never asked. Not owned; it must outlive the solve() call.
  const std::atomic<bool>* stop = nullptr;
  // 0: each strategy's fixed variable and value orders. Otherwise strategies with random orders
  // use it; results must depend only on (seed, puzzle), never on threads or call history.
  std::uint64_t seed = 0;

  bool operator==(const SolveOptions&) const = default;
};

// Every strategy counts the same way, so that tree sizes compare across strategies:
// - nodes: search states examined, the root included; 1 when propagation alone decides the puzzle.
// - guesses: children entered while the branch cell still had another untried candidate, i.e. the
//   decisions that could have been wrong. Entering the last candidate of a cell is forced, not a guess.
struct SolveResult {
  std::uint64_t solutions = 0;  // 0..max_solutions; max_solutions means "that many or more"
  std::uint64_t nodes = 0;
  std::uint64_t guesses = 0;
  bool aborted = false;  // a limit or the stop flag stopped the search; `solutions` is then a lower bound
};

enum class Status { none, unique, multiple, aborted };

constexpr Status status_of(const SolveResult& r) {
  if (r.aborted) return Status::aborted;
  return r.solutions == 0 ? Status::none : r.solutions == 1 ? Status::unique : Status::multiple;
}

// A solver instance is used by one thread at a time and keeps its working memory between calls,
// so solve() allocates nothing and shares nothing.
class Solver {
 public:
  virtual ~Solver() = default;
  // Writes the first solution found to `solution` when it is not null and one is found.
  virtual SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) = 0;
};

// A configured strategy: makes one Solver per thread. It says what the solver is and does; what a
// harness does with its answers (whether to judge them, what recounts them) is the harness's to say.
class SolverFactory {
 public:
  virtual ~SolverFactory() = default;
  virtual std::string name() const = 0;
  // What runs: a strategy that picks its code by the CPU at run time names the pick ("fast" runs
  // "fast:avx512" on a CPU with AVX-512), so that results say what produced them.
  virtual std::string implementation() const { return name(); }
  virtual bool supports(int box) const = 0;
  virtual std::unique_ptr<Solver> make() const = 0;
  // False for solvers that report guesses but not tree sizes (external plugins): their
  // SolveResult::nodes is 0 and reports show no tree size rather than an invented one.
  virtual bool reports_tree_size() const { return true; }
};

}  // namespace sudoku
