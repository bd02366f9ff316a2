// Test only: with -DSUDOKU_BENCH_TEST_DELAY_NS=N (CMake option of that name), every solve() of
// every solver the harness makes (built-in strategies and plugins alike) first spins for N
// nanoseconds (a plugin given a record's own text, see text_solver.h, spins after it). It exists so that a deliberately
// slower build can prove that `sudoku-bench compare` and tools/ab catch a slowdown. Never set it for measurements.
#pragma once

#include <memory>

#include "plugin/solver_policy.h"
#include "plugin/text_solver.h"
#include "sudoku/solver.h"

#if defined(SUDOKU_BENCH_TEST_DELAY_NS) && SUDOKU_BENCH_TEST_DELAY_NS > 0
#include <chrono>
#include <string>
#include <string_view>
#endif

namespace sudoku_bench::detail {

#if defined(SUDOKU_BENCH_TEST_DELAY_NS) && SUDOKU_BENCH_TEST_DELAY_NS > 0

// Also a TextSolver, which spins only when the inner solver takes the text (else solve() spins).
class DelayedSolver final : public sudoku::Solver, public TextSolver {
 public:
  explicit DelayedSolver(std::unique_ptr<sudoku::Solver> inner)
      : inner_(std::move(inner)), inner_text_(dynamic_cast<TextSolver*>(inner_.get())) {}
  sudoku::SolveResult solve(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                            sudoku::Grid* solution) override {
    spin();
    return inner_->solve(puzzle, options, solution);
  }
  bool solve_text(std::string_view text, const sudoku::SolveOptions& options, sudoku::Grid* solution,
                  sudoku::SolveResult& result) override {
    if (!inner_text_ || !inner_text_->solve_text(text, options, solution, result)) return false;
    spin();
    return true;
  }

 private:
  static void spin() {
    // A spin, not a sleep: the thread stays busy, as slower code would keep it.
    const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(SUDOKU_BENCH_TEST_DELAY_NS);
    while (std::chrono::steady_clock::now() < until) {
    }
  }

  std::unique_ptr<sudoku::Solver> inner_;
  TextSolver* inner_text_;
};

// Forwards every virtual of sudoku::SolverFactory, and the harness's policy of the inner one, so
// that the wrapped factory answers as the inner one would.
class DelayedFactory final : public HarnessFactory {
 public:
  explicit DelayedFactory(std::unique_ptr<sudoku::SolverFactory> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return inner_->name(); }
  std::string implementation() const override { return inner_->implementation(); }
  bool supports(int box) const override { return inner_->supports(box); }
  std::unique_ptr<sudoku::Solver> make() const override { return std::make_unique<DelayedSolver>(inner_->make()); }
  bool reports_tree_size() const override { return inner_->reports_tree_size(); }
  SolverPolicy policy() const override { return policy_of(*inner_); }

 private:
  std::unique_ptr<sudoku::SolverFactory> inner_;
};

inline std::unique_ptr<sudoku::SolverFactory> with_test_delay(std::unique_ptr<sudoku::SolverFactory> factory) {
  return factory ? std::make_unique<DelayedFactory>(std::move(factory)) : nullptr;
}

#else

inline std::unique_ptr<sudoku::SolverFactory> with_test_delay(std::unique_ptr<sudoku::SolverFactory> factory) {
  return factory;
}

#endif

}  // namespace sudoku_bench::detail
