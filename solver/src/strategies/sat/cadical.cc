// The SAT reference for large grids (sat/cadical_count): a yardstick a large-grid strategy must
// beat, not a contender. It builds a CaDiCaL solver, and so allocates, for every puzzle, and
// reports neither a tree size nor guesses; --node-limit bounds its decisions for each solution.
#include "strategies/sat/cadical.h"

#include <chrono>

#include "strategies/sat/cadical_count.h"

namespace sudoku::detail {
namespace {

class CadicalSolver : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    SatLimits limits;
    limits.decisions_per_call = options.max_nodes;
    if (options.time_limit.count() > 0) limits.deadline = std::chrono::steady_clock::now() + options.time_limit;
    SolveResult result = count_.count(puzzle, options, solution, limits);
    result.nodes = result.guesses = 0;  // a yardstick's tree is not compared (reports_tree_size)
    return result;
  }

 private:
  CadicalCount count_;
};

class CadicalFactory : public SolverFactory {
 public:
  std::string name() const override { return "cadical"; }
  bool supports(int box) const override { return box >= kMinBox && box <= kMaxBox; }
  std::unique_ptr<Solver> make() const override { return std::make_unique<CadicalSolver>(); }
  bool reports_tree_size() const override { return false; }
};

}  // namespace

std::unique_ptr<SolverFactory> make_cadical_factory() { return std::make_unique<CadicalFactory>(); }

}  // namespace sudoku::detail
