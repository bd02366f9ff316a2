// Plugins that answer wrongly on purpose, one symbol each, and one that answers rightly: what the
// harness must catch (wrong_answers_test.cc). Each asks the bitmask strategy for the truth first.
#include <cstring>
#include <memory>
#include <string>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "sudoku_bench/plugin_abi.h"

namespace {

sudoku::Solver& thread_solver() {
  static thread_local const std::unique_ptr<sudoku::Solver> solver __attribute__((tls_model("initial-exec"))) = [] {
    std::string error;
    return sudoku::make_solver_factory("bitmask", error)->make();
  }();
  return *solver;
}

// The truth: the count up to `limit`, and the first solution written to `solution` when there is one.
size_t truth(const char* puzzle, size_t limit, char* solution, size_t* guesses, sudoku::Grid& grid) {
  sudoku::Grid found;
  *guesses = 0;
  if (!sudoku::parse_record(std::string_view(puzzle, 81), grid) || limit == 0) return 0;
  sudoku::SolveOptions options;
  options.max_solutions = limit;
  const sudoku::SolveResult r = thread_solver().solve(grid, options, &found);
  *guesses = r.guesses;
  if (r.solutions > 0 && solution) sudoku::write_symbols(found, solution);
  return r.solutions;
}

}  // namespace

#define WRONG_PLUGIN extern "C" __attribute__((visibility("default"))) size_t

// Right: what bitmask says.
WRONG_PLUGIN right(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

// Claims the solutions it finds but never writes one, at any limit.
WRONG_PLUGIN claims_without_writing(const char* puzzle, size_t limit, uint32_t, char*, size_t* guesses) {
  sudoku::Grid grid;
  return truth(puzzle, limit, nullptr, guesses, grid);
}

// Writes a solution with a digit repeated in a row: the first blank cell takes its row neighbour's value.
WRONG_PLUGIN breaks_a_unit(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  const size_t n = truth(puzzle, limit, solution, guesses, grid);
  if (n == 0) return n;
  for (int i = 0; i < 81; ++i) {
    if (grid.cells[static_cast<size_t>(i)] != 0) continue;
    const int neighbour = i % 9 == 0 ? i + 1 : i - 1;
    solution[i] = solution[neighbour];
    break;
  }
  return n;
}

// Says 2 (at limit 2 or more) where there is exactly one solution; writes that solution.
WRONG_PLUGIN two_for_unique(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  const size_t n = truth(puzzle, limit, solution, guesses, grid);
  return n == 1 && limit >= 2 ? 2 : n;
}

// Right, the way tdoku is: writes a solution only when asked for exactly one (the harness asks again).
WRONG_PLUGIN writes_only_at_limit_1(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  return truth(puzzle, limit, limit == 1 ? solution : nullptr, guesses, grid);
}
