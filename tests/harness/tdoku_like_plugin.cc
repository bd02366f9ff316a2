// A plugin that behaves the way tdoku's does, to test that the harness measures such a solver right
// without tdoku's code: it reads byte 81 (a puzzle char there means a 729-character pencilmark
// puzzle, which it does not take: it answers 0), keeps all its working state in globals (not
// reentrant), and writes a solution only when asked for exactly one. Its own small solver: a
// depth-first search on the cell with the fewest candidates. Every index it uses stays in range
// whatever another thread does to the globals, so calls that race give wrong answers, not crashes.
#include <cstddef>
#include <cstdint>

#include "sudoku_bench/plugin_abi.h"

namespace {

std::uint16_t g_rows[9], g_cols[9], g_boxes[9];
std::uint8_t g_grid[81];
std::uint8_t g_first[81];
std::size_t g_count, g_limit, g_guesses;

int box_of(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

void place(int cell, int digit) {
  const auto bit = static_cast<std::uint16_t>(1u << (digit - 1));
  g_grid[cell] = static_cast<std::uint8_t>(digit);
  g_rows[cell / 9] |= bit;
  g_cols[cell % 9] |= bit;
  g_boxes[box_of(cell)] |= bit;
}

void clear(int cell, int digit) {
  const auto bit = static_cast<std::uint16_t>(~(1u << (digit - 1)));
  g_grid[cell] = 0;
  g_rows[cell / 9] &= bit;
  g_cols[cell % 9] &= bit;
  g_boxes[box_of(cell)] &= bit;
}

void search(int depth) {
  if (g_count >= g_limit || depth > 81) return;
  int best = -1, best_count = 10;
  unsigned best_mask = 0;
  for (int cell = 0; cell < 81; ++cell) {
    if (g_grid[cell] != 0) continue;
    const unsigned mask = ~static_cast<unsigned>(g_rows[cell / 9] | g_cols[cell % 9] | g_boxes[box_of(cell)]) & 0x1ffu;
    const int count = __builtin_popcount(mask);
    if (count < best_count) {
      best = cell;
      best_count = count;
      best_mask = mask;
      if (count <= 1) break;
    }
  }
  if (best < 0) {
    if (g_count == 0)
      for (int i = 0; i < 81; ++i) g_first[i] = g_grid[i];
    ++g_count;
    return;
  }
  for (unsigned mask = best_mask; mask != 0 && g_count < g_limit; mask &= mask - 1) {
    const int digit = __builtin_ctz(mask) + 1;
    if (mask != best_mask || best_count > 1) g_guesses += best_count > 1 ? 1 : 0;
    place(best, digit);
    search(depth + 1);
    clear(best, digit);
  }
}

}  // namespace

extern "C" __attribute__((visibility("default"))) size_t tdoku_like(const char* puzzle, size_t limit, uint32_t,
                                                                     char* solution, size_t* guesses) {
  *guesses = 0;
  if (static_cast<unsigned char>(puzzle[81]) >= '.') return 0;  // "pencilmarks": not taken here
  for (int i = 0; i < 9; ++i) g_rows[i] = g_cols[i] = g_boxes[i] = 0;
  for (int cell = 0; cell < 81; ++cell) {
    g_grid[cell] = 0;
    const char c = puzzle[cell];
    if (c < '1' || c > '9') continue;
    const int digit = c - '0';
    const unsigned bit = 1u << (digit - 1);
    if ((g_rows[cell / 9] | g_cols[cell % 9] | g_boxes[box_of(cell)]) & bit) return 0;  // givens in conflict
    place(cell, digit);
  }
  g_count = 0;
  g_limit = limit;
  g_guesses = 0;
  search(0);
  *guesses = g_guesses;
  if (limit == 1 && g_count > 0)
    for (int i = 0; i < 81; ++i) solution[i] = static_cast<char>('0' + g_first[i]);
  return g_count;
}
