// The project's bitmask strategy behind the plugin interface (sudoku_bench/plugin_abi.h), as an
// example of wrapping a solver for --solver plugin:PATH.so.
#include <cstring>
#include <memory>
#include <string>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "sudoku_bench/plugin_abi.h"

namespace {

// Reentrant the simple way: each calling thread gets its own solver. initial-exec puts the
// pointer in static TLS: no lazily allocated per-thread block on first use (which LeakSanitizer's
// scan of dlopen'ed modules' TLS also trips over).
sudoku::Solver& thread_solver() {
  static thread_local const std::unique_ptr<sudoku::Solver> solver __attribute__((tls_model("initial-exec"))) = [] {
    std::string error;
    return sudoku::make_solver_factory("bitmask", error)->make();
  }();
  return *solver;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) size_t solve(const char* puzzle, size_t limit, uint32_t /*flags*/,
                                                               char* solution, size_t* guesses) {
  sudoku::Grid grid, found;
  if (!sudoku::parse_record(std::string_view(puzzle, 81), grid) || limit == 0) {
    *guesses = 0;
    return 0;
  }
  sudoku::SolveOptions options;
  options.max_solutions = limit;
  const sudoku::SolveResult r = thread_solver().solve(grid, options, &found);
  *guesses = r.guesses;
  if (r.solutions > 0) sudoku::write_symbols(found, solution);
  return r.solutions;
}
