// Plugins that answer wrongly or fail on purpose, one symbol each, and one that answers rightly:
// what the harness must catch (wrong_answers_test.cc, plugin_faults_test.cc, check-plugin's tests).
// Each asks the example plugin (the bitmask strategy), built in beside them, for the truth first: the
// library exports its `solve` too.
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "sudoku/parse.h"
#include "sudoku_bench/plugin_abi.h"

// The example plugin's entry point (harness/plugin_example/bitmask_plugin.cc, built into this
// library too): what bitmask says, behind the plugin interface.
extern "C" size_t solve(const char* puzzle, size_t limit, uint32_t flags, char* solution, size_t* guesses);

namespace {

// The truth: the count up to `limit`, and the first solution written to `solution` when there is one.
size_t truth(const char* puzzle, size_t limit, char* solution, size_t* guesses, sudoku::Grid& grid) {
  sudoku::parse_record(std::string_view(puzzle, 81), grid);
  char found[82];
  const size_t n = solve(puzzle, limit, 0, found, guesses);
  if (n > 0 && solution) std::memcpy(solution, found, 81);
  return n;
}

}  // namespace

#define WRONG_PLUGIN extern "C" __attribute__((visibility("default"))) size_t

// Right: what bitmask says.
WRONG_PLUGIN right(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

// Counts right but never writes a solution, at any limit (as fast_solv_9r2 and zerodoku do in
// tdoku's benchmark): its counts alone can be judged.
WRONG_PLUGIN claims_without_writing(const char* puzzle, size_t limit, uint32_t, char*, size_t* guesses) {
  sudoku::Grid grid;
  return truth(puzzle, limit, nullptr, guesses, grid);
}

// Counts only, and wrongly: says 2 (at limit 2 or more) where there is exactly one solution.
WRONG_PLUGIN miscounts_without_writing(const char* puzzle, size_t limit, uint32_t, char*, size_t* guesses) {
  sudoku::Grid grid;
  const size_t n = truth(puzzle, limit, nullptr, guesses, grid);
  return n == 1 && limit >= 2 ? 2 : n;
}

// Says it found solutions where it finds none at limit 1, and writes none.
WRONG_PLUGIN claims_what_it_cannot_find(const char* puzzle, size_t limit, uint32_t, char*, size_t* guesses) {
  sudoku::Grid grid;
  return limit >= 2 ? truth(puzzle, limit, nullptr, guesses, grid) : 0;
}

// Writes the puzzle back, blanks as '.', as its solution: written, so judged, even where the first
// cell is blank.
WRONG_PLUGIN writes_the_puzzle(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  const size_t n = truth(puzzle, limit, nullptr, guesses, grid);
  if (n > 0) std::memcpy(solution, puzzle, 81);
  return n;
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

// For check-plugin (and the fault tests): one fault each, otherwise right.

// Writes a valid grid that is not a solution of the puzzle: digits 1 and 2 swapped everywhere.
WRONG_PLUGIN changes_givens(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  const size_t n = truth(puzzle, limit, solution, guesses, grid);
  if (n == 0) return n;
  for (int i = 0; i < 81; ++i) solution[i] = solution[i] == '1' ? '2' : solution[i] == '2' ? '1' : solution[i];
  return n;
}

// Counts past the limit it was given (to 3 at most).
WRONG_PLUGIN ignores_limit(const char* puzzle, size_t, uint32_t, char* solution, size_t* guesses) {
  sudoku::Grid grid;
  return truth(puzzle, 3, solution, guesses, grid);
}

// Reads 16 bytes past the puzzle's 81 characters and its NUL.
WRONG_PLUGIN reads_past_the_nul(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  volatile char sink = 0;
  for (int i = 82; i < 98; ++i) sink = static_cast<char>(sink + puzzle[i]);
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

namespace {

// The puzzle the fault plugins fail on: its first row given as 987654321.
bool poisoned(const char* puzzle) { return std::strncmp(puzzle, "987654321", 9) == 0; }

}  // namespace

WRONG_PLUGIN segfaults_on_poison(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  if (poisoned(puzzle)) *static_cast<volatile int*>(nullptr) = 1;
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

WRONG_PLUGIN aborts_on_poison(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  if (poisoned(puzzle)) std::abort();
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

WRONG_PLUGIN throws_on_poison(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  if (poisoned(puzzle)) throw std::runtime_error("poisoned puzzle");
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

WRONG_PLUGIN divides_by_zero_on_poison(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  // Both volatile: GCC rewrites 1 / x without a division.
  volatile int zero = poisoned(puzzle) ? 0 : 1, dividend = 7;
  volatile int quotient = dividend / zero;
  (void)quotient;
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

// Never returns on the poison (a sleep in the loop, so that a sanitizer runtime delivers signals).
WRONG_PLUGIN hangs_on_poison(const char* puzzle, size_t limit, uint32_t, char* solution, size_t* guesses) {
  while (poisoned(puzzle)) usleep(1000);
  sudoku::Grid grid;
  return truth(puzzle, limit, solution, guesses, grid);
}

WRONG_PLUGIN crashes(const char*, size_t, uint32_t, char*, size_t*) {
  *static_cast<volatile int*>(nullptr) = 1;
  return 0;
}

WRONG_PLUGIN hangs(const char*, size_t, uint32_t, char*, size_t*) {
  for (;;) usleep(1000);
}

// Never returns, at full CPU: what a child left running after its parent's death would burn.
WRONG_PLUGIN spins(const char*, size_t, uint32_t, char*, size_t*) {
  volatile unsigned long n = 0;
  for (;;) n = n + 1;
}

// Answers 0 without reading the puzzle: what a plugin call costs the harness, its hand-off included
// (run --solver plugin:...:counts_nothing --no-verify).
WRONG_PLUGIN counts_nothing(const char*, size_t, uint32_t, char*, size_t* guesses) {
  *guesses = 0;
  return 0;
}
