// Arbitrary bytes as a puzzle for every built-in strategy: no crash, limits respected, every
// solution valid, and strategies that finish agree on the count.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "sudoku/symmetry.h"

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

struct Strategy {
  std::unique_ptr<sudoku::SolverFactory> factory;
  std::unique_ptr<sudoku::Solver> solver;
};

std::vector<Strategy> make_all() {
  std::vector<Strategy> all;
  for (const auto& info : sudoku::strategy_list()) {
    std::string error;
    auto factory = sudoku::make_solver_factory(info.name, error);
    if (!factory) continue;  // a strategy that needs options
    auto solver = factory->make();
    all.push_back({std::move(factory), std::move(solver)});
  }
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::vector<Strategy> strategies = make_all();  // one thread; solvers keep only scratch
  sudoku::Grid puzzle;
  if (!sudoku::parse_record(std::string_view(reinterpret_cast<const char*>(data), size), puzzle)) return 0;
  sudoku::SolveOptions options;
  options.max_solutions = 3;
  options.max_nodes = puzzle.box <= 3 ? 5000 : 500;
  std::int64_t agreed = -1;
  for (Strategy& s : strategies) {
    if (!s.factory->supports(puzzle.box)) continue;
    for (const std::uint64_t seed : {std::uint64_t{0}, sudoku::puzzle_seed(1, puzzle)}) {
      const sudoku::Symmetry symmetry = sudoku::random_symmetry(puzzle.box, seed);
      const sudoku::Grid asked = seed ? sudoku::apply(symmetry, puzzle) : puzzle;
      sudoku::Grid solution;
      const sudoku::SolveResult r = s.solver->solve(asked, options, &solution);
      check(r.solutions <= options.max_solutions, "count within the limit");
      if (s.factory->reports_tree_size()) {  // cadical counts no nodes (its limit bounds decisions)
        check(r.nodes >= 1 && r.nodes <= options.max_nodes, "nodes within the limit");
        check(r.guesses < r.nodes, "fewer guesses than nodes");
      }
      if (r.solutions > 0) check(sudoku::is_solution_of(asked, solution), "solution valid and keeps the givens");
      if (r.aborted) continue;
      if (agreed < 0) agreed = static_cast<std::int64_t>(r.solutions);
      check(agreed == static_cast<std::int64_t>(r.solutions), "strategies and symmetries agree on the count");
    }
  }
  return 0;
}
