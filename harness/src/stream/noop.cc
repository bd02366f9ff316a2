#include "stream/noop.h"

#include "plugin/solver_policy.h"

namespace sudoku_bench {
namespace {

class NoopSolver final : public sudoku::Solver {
 public:
  sudoku::SolveResult solve(const sudoku::Grid&, const sudoku::SolveOptions&, sudoku::Grid*) override {
    sudoku::SolveResult r;
    r.solutions = 1;
    r.nodes = 0;
    r.guesses = 0;
    return r;
  }
};

class NoopFactory final : public HarnessFactory {
 public:
  std::string name() const override { return kNoopSpec; }
  bool supports(int) const override { return true; }
  std::unique_ptr<sudoku::Solver> make() const override { return std::make_unique<NoopSolver>(); }
  bool reports_tree_size() const override { return false; }  // it searches no tree
  SolverPolicy policy() const override { return {.counts_solutions = false, .recounted_by = ""}; }
};

}  // namespace

std::unique_ptr<sudoku::SolverFactory> make_noop_factory() { return std::make_unique<NoopFactory>(); }

}  // namespace sudoku_bench
