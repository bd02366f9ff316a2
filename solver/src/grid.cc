#include "sudoku/grid.h"

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

bool is_solution_of(const Grid& puzzle, const Grid& solution) {
  if (puzzle.box != solution.box || puzzle.box < kMinBox || puzzle.box > kMaxBox) return false;
  const int b = puzzle.box, n = puzzle.side();
  for (int i = 0; i < puzzle.cell_count(); ++i) {
    const int v = solution.cells[i];
    if (v < 1 || v > n) return false;
    if (puzzle.cells[i] != 0 && puzzle.cells[i] != v) return false;
  }
  // Each unit holds n cells with values in 1..n: it is complete iff no value repeats.
  for (int u = 0; u < n; ++u) {
    std::uint32_t row = 0, col = 0, box = 0;
    for (int k = 0; k < n; ++k) {
      const int r = (u / b) * b + k / b, c = (u % b) * b + k % b;
      row |= 1u << solution.cells[u * n + k];
      col |= 1u << solution.cells[k * n + u];
      box |= 1u << solution.cells[r * n + c];
    }
    const std::uint32_t full = ((1u << n) - 1) << 1;
    if (row != full || col != full || box != full) return false;
  }
  return true;
}

}  // namespace sudoku
