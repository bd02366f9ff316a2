// Large random grids are heavy tailed for propagation search and not for clause learning, while
// clause learning pays milliseconds to encode what propagation search solves in a fraction of one
// (results/README, "Issue 29, line by line"). So: `bitmask` first, for a node budget that the easy
// bands hardly ever exceed, then, if it has not finished, CaDiCaL counts afresh (sat/cadical_count)
// with what is left of the time and node limits. Nothing of the first part carries over: its
// solutions are found again, so the count is exact without sharing them, and CaDiCaL gets the
// very formula `cadical` builds. A smaller one (singles placed first) was tried: 1.3x faster to
// build on easy puzzles, but its search took other paths, and on 36x36 at 45% givens its median
// came out 1.35x CaDiCaL's by chance of the paths; with the same formula the second part is
// `cadical` plus the budget, never more (results/README, "The portfolio against both"). The tree
// size is the first part's nodes plus CaDiCaL's conflicts (its API counts no decisions), guesses
// likewise. The first part allocates nothing; the second builds a CaDiCaL solver, only for the
// puzzles that reach it.
//
//   portfolio[:nodes=N]   the first part's node budget (default: by size, kDefaultBudget)
#include "strategies/portfolio.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <optional>

#include "strategies/bitmask.h"
#include "strategies/sat/cadical_count.h"

namespace sudoku::detail {
namespace {

// The first part's node budget per box size (index: box). 9x9 and smaller: bitmask finishes
// every published puzzle within it, so the portfolio is bitmask there. From 16x16 up: a fraction
// of what CaDiCaL spends on a typical puzzle of the easy bands (about 1.3 ms at 36x36, 5 ms at
// 49x49), yet past the nodes bitmask needs for half of the 60% band at 49x49, where 50 nodes were
// too few (results/README, "The portfolio against both").
constexpr std::uint64_t kDefaultBudget[kMaxBox + 1] = {0, 0, 1'000'000, 1'000'000, 1'000, 200, 50, 100};

class PortfolioSolver : public Solver {
 public:
  explicit PortfolioSolver(std::uint64_t budget) : budget_(budget), search_(make_bitmask_factory()->make()) {}

  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    const auto began = std::chrono::steady_clock::now();
    const std::uint64_t budget = budget_ ? budget_ : kDefaultBudget[puzzle.box];
    SolveOptions first = options;
    first.max_nodes = options.max_nodes ? std::min(options.max_nodes, budget) : budget;
    const SolveResult searched = search_->solve(puzzle, first, solution);
    // Finished, or stopped by the clock, the flag or the caller's own node limit: the answer.
    if (!searched.aborted || searched.nodes < first.max_nodes || first.max_nodes == options.max_nodes) return searched;
    SatLimits limits;
    if (options.max_nodes) limits.conflicts = options.max_nodes - searched.nodes;
    if (options.time_limit.count() > 0) limits.deadline = began + options.time_limit;
    SolveResult counted = sat_.count(puzzle, options, solution, limits);
    counted.nodes += searched.nodes;
    counted.guesses += searched.guesses;
    return counted;
  }

 private:
  std::uint64_t budget_;  // 0: by size
  std::unique_ptr<Solver> search_;
  CadicalCount sat_;
};

class PortfolioFactory : public SolverFactory {
 public:
  explicit PortfolioFactory(std::uint64_t budget) : budget_(budget) {}
  std::string name() const override {
    return budget_ ? "portfolio:nodes=" + std::to_string(budget_) : std::string("portfolio");
  }
  bool supports(int box) const override { return box >= kMinBox && box <= kMaxBox; }
  std::unique_ptr<Solver> make() const override { return std::make_unique<PortfolioSolver>(budget_); }

 private:
  std::uint64_t budget_;
};

}  // namespace

std::unique_ptr<SolverFactory> make_portfolio_factory(const std::string_view* options, std::string& error) {
  if (!options) return std::make_unique<PortfolioFactory>(0);
  constexpr std::string_view kKey = "nodes=";
  const std::string_view text = *options;
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  const auto parsed = text.starts_with(kKey) ? std::from_chars(text.data() + kKey.size(), end, n)
                                             : std::from_chars_result{text.data(), std::errc::invalid_argument};
  if (parsed.ec != std::errc{} || parsed.ptr != end || n == 0) {
    error = "option '" + std::string(text) + "': expected nodes=N, N a positive integer (the first part's budget)";
    return nullptr;
  }
  return std::make_unique<PortfolioFactory>(n);
}

}  // namespace sudoku::detail
