// A plugin that behaves the way tdoku's does, to test that the harness measures such a solver right
// without tdoku's code: it reads byte 81 (a puzzle character there would mean a 729-character
// pencilmark puzzle, which it does not take: it answers 0), keeps its working state in globals (the
// puzzle, the grid it parses, the count and the solution: not reentrant), and writes a solution
// only when asked for exactly one. The search itself is the built-in `fast` strategy, its answer
// checked against the global grid. Calls that race mix up the globals and give wrong answers (most
// calls that overlap another); every buffer is fixed, so they cannot crash.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "sudoku_bench/plugin_abi.h"

namespace {

char g_puzzle[81];
sudoku::Grid g_grid, g_found;
std::size_t g_count, g_guesses;

sudoku::Solver& search() {
  static thread_local const std::unique_ptr<sudoku::Solver> solver = [] {
    std::string error;
    return sudoku::make_solver_factory("fast", error)->make();
  }();
  return *solver;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) size_t tdoku_like(const char* puzzle, size_t limit, uint32_t,
                                                                    char* solution, size_t* guesses) {
  *guesses = 0;
  if (static_cast<unsigned char>(puzzle[81]) >= '.') return 0;  // "pencilmarks": not taken here
  for (int i = 0; i < 81; ++i) g_puzzle[i] = puzzle[i];
  if (!sudoku::parse_record(std::string_view(g_puzzle, 81), g_grid) || limit == 0) return 0;
  sudoku::SolveOptions options;
  options.max_solutions = limit;
  const sudoku::SolveResult r = search().solve(g_grid, options, &g_found);
  g_count = r.solutions;
  // Its answer read back against its state, as a solver that keeps the puzzle in globals does: a
  // call that raced with another sees the other's givens, for the whole of its search.
  if (g_count > 0 && !sudoku::is_solution_of(g_grid, g_found)) g_count = 0;
  g_guesses = r.guesses;
  *guesses = g_guesses;
  if (limit == 1 && g_count > 0) sudoku::write_symbols(g_found, solution);
  return g_count;
}
