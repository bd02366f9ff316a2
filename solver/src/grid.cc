#include "sudoku/grid.h"

#include <array>
#include <bit>
#include <cstring>
#include <type_traits>

namespace sudoku {

void write_symbols(const Grid& grid, char* out) {
  const int n = grid.cell_count();
  for (int i = 0; i < n; ++i) out[i] = symbol_for(grid.cells[i]);
}

void copy_grid(const Grid& from, Grid& to) {
  to.box = from.box;
  std::memcpy(to.cells.data(), from.cells.data(), static_cast<std::size_t>(from.cell_count()));
}

std::string to_string(const Grid& grid) {
  std::string s(static_cast<std::size_t>(grid.cell_count()), '.');
  write_symbols(grid, s.data());
  return s;
}

namespace {

// Judged on every answer a benchmark times, so kept to one pass with nothing serial in it, at
// sizes known at compile time (fully unrolled): a row's and a box segment's digits gather in
// registers, and no cell waits on the one before. Every unit has n cells with values in 1..n, so
// it is right iff its digits fill 1..n.
template <int B>
bool is_solution_sized(const Grid& puzzle, const Grid& solution) {
  constexpr int n = B * B;
  // Bit v stands for digit v, so 49x49 needs bits 1..49; smaller sizes keep 32-bit words.
  using Bits = std::conditional_t<(n < 32), std::uint32_t, std::uint64_t>;
  constexpr Bits full = static_cast<Bits>(((Bits{1} << n) - 1) << 1);
  std::array<Bits, n> cols{}, boxes{};
  Bits bad = 0;
  for (int r = 0; r < n; ++r) {
    Bits row = 0;
    for (int stack = 0; stack < B; ++stack) {
      Bits segment = 0;
      for (int c = stack * B; c < stack * B + B; ++c) {
        const unsigned v = solution.cells[static_cast<std::size_t>(r * n + c)];
        const unsigned given = puzzle.cells[static_cast<std::size_t>(r * n + c)];
        bad |= static_cast<Bits>(v - 1 >= static_cast<unsigned>(n)) | static_cast<Bits>(given != 0 && given != v);
        const Bits bit = Bits{1} << (v & (sizeof(Bits) * 8 - 1));
        segment |= bit;
        cols[static_cast<std::size_t>(c)] |= bit;
      }
      row |= segment;
      boxes[static_cast<std::size_t>(r / B * B + stack)] |= segment;
    }
    bad |= static_cast<Bits>(row != full);
  }
  for (int u = 0; u < n; ++u)
    bad |= static_cast<Bits>(cols[static_cast<std::size_t>(u)] != full) |
           static_cast<Bits>(boxes[static_cast<std::size_t>(u)] != full);
  return bad == 0;
}

}  // namespace

bool is_solution_of(const Grid& puzzle, const Grid& solution) {
  if (puzzle.box != solution.box) return false;
  switch (puzzle.box) {
    case 2:
      return is_solution_sized<2>(puzzle, solution);
    case 3:
      return is_solution_sized<3>(puzzle, solution);
    case 4:
      return is_solution_sized<4>(puzzle, solution);
    case 5:
      return is_solution_sized<5>(puzzle, solution);
    case 6:
      return is_solution_sized<6>(puzzle, solution);
    case 7:
      return is_solution_sized<7>(puzzle, solution);
    default:
      return false;
  }
}

std::string solution_error(const Grid& puzzle, const Grid& solution) {
  if (is_solution_of(puzzle, solution)) return {};
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
  const std::uint64_t full = ((std::uint64_t{1} << n) - 1) << 1;
  for (int u = 0; u < n; ++u) {
    std::uint64_t row = 0, col = 0, box = 0;
    for (int k = 0; k < n; ++k) {
      const int r = (u / b) * b + k / b, c = (u % b) * b + k % b;
      row |= std::uint64_t{1} << solution.cells[u * n + k];
      col |= std::uint64_t{1} << solution.cells[k * n + u];
      box |= std::uint64_t{1} << solution.cells[r * n + c];
    }
    if (row == full && col == full && box == full) continue;
    const std::uint64_t mask = row != full ? row : col != full ? col : box;
    const char* unit = row != full ? "row " : col != full ? "column " : "box ";
    const int missing = std::countr_zero(~mask & full);
    return "the solution's " + std::string(unit) + std::to_string(u + 1) + " lacks a " +
           std::string(1, symbol_for(missing)) + " (a digit repeats)";
  }
  return "the solution is not one";  // unreachable: is_solution_of and the search above agree
}

}  // namespace sudoku
