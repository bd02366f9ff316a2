#include "sudoku/grid.h"

#include <array>
#include <bit>
#include <cstring>
#include <type_traits>

#include "for_box.h"

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

// Judged on every answer a benchmark times. Range and givens are checked in one byte-wise pass
// the compiler vectorizes; then, with each unit holding n in-range values, a unit is right iff its
// digits fill 1..n. The loops inside a band unroll (the size is a template argument) so that every
// column's and box's mask has a constant index and lives in a register, not in memory.
template <int B>
bool is_solution_sized(const Grid& puzzle, const Grid& solution) {
  constexpr int n = B * B;
  const std::uint8_t* const given = puzzle.cells.data();
  const std::uint8_t* const cell = solution.cells.data();
  // Blocks of 16 bytes, lane by lane, so that the compiler keeps them in vector registers.
  constexpr int cells = n * n, lanes = 16;
  std::array<std::uint8_t, lanes> out_of_place{};
  const auto check = [&](int i, int lane) {
    const std::uint8_t v = cell[i], g = given[i];
    // v - 1 wraps for 0, so one unsigned compare rejects both blanks and values over n.
    out_of_place[static_cast<std::size_t>(lane)] |= static_cast<std::uint8_t>(
        static_cast<std::uint8_t>(static_cast<std::uint8_t>(v - 1) >= n) | ((g != 0) & (g != v)));
  };
  for (int i = 0; i + lanes <= cells; i += lanes)
    for (int lane = 0; lane < lanes; ++lane) check(i + lane, lane);
  for (int i = cells / lanes * lanes; i < cells; ++i) check(i, 0);
  std::uint8_t any = 0;
  for (const std::uint8_t lane : out_of_place) any |= lane;
  if (any) return false;
  // Bit v stands for digit v, so 49x49 needs bits 1..49; smaller sizes keep 32-bit words.
  using Bits = std::conditional_t<(n < 32), std::uint32_t, std::uint64_t>;
  constexpr Bits full = static_cast<Bits>(((Bits{1} << n) - 1) << 1);
  std::array<Bits, n> cols{};
  Bits bad = 0;
  for (int band = 0; band < B; ++band) {
    std::array<Bits, B> boxes{};
#pragma GCC unroll 8
    for (int k = 0; k < B; ++k) {
      const std::uint8_t* const row = cell + (band * B + k) * n;
      Bits whole = 0;
#pragma GCC unroll 8
      for (int stack = 0; stack < B; ++stack) {
        Bits segment = 0;
#pragma GCC unroll 8
        for (int j = 0; j < B; ++j) {
          const Bits bit = Bits{1} << row[stack * B + j];
          segment |= bit;
          cols[static_cast<std::size_t>(stack * B + j)] |= bit;
        }
        whole |= segment;
        boxes[static_cast<std::size_t>(stack)] |= segment;
      }
      bad |= static_cast<Bits>(whole != full);
    }
    for (int stack = 0; stack < B; ++stack) bad |= static_cast<Bits>(boxes[static_cast<std::size_t>(stack)] != full);
  }
  for (int c = 0; c < n; ++c) bad |= static_cast<Bits>(cols[static_cast<std::size_t>(c)] != full);
  return bad == 0;
}

}  // namespace

bool is_solution_of(const Grid& puzzle, const Grid& solution) {
  if (puzzle.box != solution.box) return false;
  bool right = false;
  detail::for_box(puzzle.box, [&]<int B>() { right = is_solution_sized<B>(puzzle, solution); });
  return right;
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
