// A Solver that serves every box size with one engine per size, each made on first use
// (once per thread and size, never per puzzle).
#pragma once

#include <memory>
#include <string>
#include <tuple>
#include <utility>

#include "sudoku/solver.h"

namespace sudoku::detail {

// Engine<B> needs a constructor from Config and `SolveResult solve(const Grid&, const SolveOptions&, Grid*)`.
template <template <int> class Engine, typename Config, int... Boxes>
class PerSizeSolver final : public Solver {
 public:
  explicit PerSizeSolver(Config config) : config_(config) {}

  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    // Callers check supports() first: a size no engine serves comes back as an empty result.
    SolveResult result;
    if (!((Boxes <= kInlineBoxes && solve_as<Boxes>(puzzle, options, solution, result)) || ...))
      solve_larger(puzzle, options, solution, result);
    return result;
  }

  static constexpr bool supports(int box) { return ((box == Boxes) || ...); }

 private:
  // Six sizes in one chain of comparisons become a jump table, which cost every 9x9 solve six
  // instructions more (the instruction gates saw it): sizes up to 25x25 keep the chain they had,
  // and larger ones are looked for out of line once those failed.
  static constexpr int kInlineBoxes = 5;

  template <int B>
  bool solve_as(const Grid& puzzle, const SolveOptions& options, Grid* solution, SolveResult& result) {
    if (puzzle.box != B) return false;
    result = engine<B>().solve(puzzle, options, solution);
    return true;
  }

  [[gnu::noinline]] void solve_larger(const Grid& puzzle, const SolveOptions& options, Grid* solution,
                                      SolveResult& result) {
    static_cast<void>(((Boxes > kInlineBoxes && solve_as<Boxes>(puzzle, options, solution, result)) || ...));
  }

  template <int B>
  Engine<B>& engine() {
    auto& slot = std::get<std::unique_ptr<Engine<B>>>(engines_);
    if (!slot) slot = std::make_unique<Engine<B>>(config_);
    return *slot;
  }

  Config config_;
  std::tuple<std::unique_ptr<Engine<Boxes>>...> engines_;
};

// Makes `Solver`s (PerSizeSolver instantiations) under one name, each with the same config.
template <typename Solver, typename Config>
class PerSizeFactory final : public SolverFactory {
 public:
  PerSizeFactory(std::string name, Config config) : name_(std::move(name)), config_(std::move(config)) {}
  std::string name() const override { return name_; }
  bool supports(int box) const override { return Solver::supports(box); }
  std::unique_ptr<sudoku::Solver> make() const override { return std::make_unique<Solver>(config_); }

 private:
  std::string name_;
  Config config_;
};

}  // namespace sudoku::detail
