#include "sudoku/grid.h"

#include <bit>

namespace sudoku {

void write_symbols(const Grid& grid, char* out) {
  const int n = grid.cell_count();
  for (int i = 0; i < n; ++i) out[i] = symbol_for(grid.cells[i]);
}

std::string to_string(const Grid& grid) {
  std::string s(static_cast<std::size_t>(grid.cell_count()), '.');
  write_symbols(grid, s.data());
  return s;
}

std::string solution_error(const Grid& puzzle, const Grid& solution) {
  if (puzzle.box < kMinBox || puzzle.box > kMaxBox) return "the puzzle has no supported size";
  if (puzzle.box != solution.box) return "the solution is not the puzzle's size";
  const int b = puzzle.box, n = puzzle.side();
  const auto at = [n](int i) { return "row " + std::to_string(i / n + 1) + ", column " + std::to_string(i % n + 1); };
  for (int i = 0; i < puzzle.cell_count(); ++i) {
    const int v = solution.cells[i];
    if (v < 1 || v > n) return "the solution leaves " + at(i) + " blank";
    if (puzzle.cells[i] != 0 && puzzle.cells[i] != v)
      return "the solution changes the given " + std::string(1, symbol_for(puzzle.cells[i])) + " at " + at(i);
  }
  // Each unit holds n cells with values in 1..n: it is complete iff no value repeats.
  const std::uint32_t full = ((1u << n) - 1) << 1;
  for (int u = 0; u < n; ++u) {
    std::uint32_t row = 0, col = 0, box = 0;
    for (int k = 0; k < n; ++k) {
      const int r = (u / b) * b + k / b, c = (u % b) * b + k % b;
      row |= 1u << solution.cells[u * n + k];
      col |= 1u << solution.cells[k * n + u];
      box |= 1u << solution.cells[r * n + c];
    }
    if (row == full && col == full && box == full) continue;
    const std::uint32_t mask = row != full ? row : col != full ? col : box;
    const char* unit = row != full ? "row " : col != full ? "column " : "box ";
    const int missing = std::countr_zero(~mask & full);
    return "the solution's " + std::string(unit) + std::to_string(u + 1) + " lacks a " +
           std::string(1, symbol_for(missing)) + " (a digit repeats)";
  }
  return {};
}

bool is_solution_of(const Grid& puzzle, const Grid& solution) { return solution_error(puzzle, solution).empty(); }

}  // namespace sudoku
