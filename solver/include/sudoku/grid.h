// A Sudoku grid of any supported size, as plain values.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace sudoku {

// Sizes are named by box side: 2 (4x4), 3 (9x9), 4 (16x16), 5 (25x25), 6 (36x36), 7 (49x49).
inline constexpr int kMinBox = 2;
inline constexpr int kMaxBox = 7;
// Up to this box side letters are read in either case; above it 'a'-'n' are digits 36..49 of their
// own, as in Norvig's essay, so case must tell them from 'A'-'N'.
inline constexpr int kMaxCaseInsensitiveBox = 5;
inline constexpr int kMaxSide = kMaxBox * kMaxBox;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;

struct Grid {
  int box = 3;
  // Row-major; 0 is a blank, 1..side() a digit. Only the first cell_count() entries are used:
  // code on the per-puzzle path copies and clears that many, not the whole 2.4 KB array.
  std::array<std::uint8_t, kMaxCells> cells{};

  constexpr int side() const { return box * box; }
  constexpr int cell_count() const { return side() * side(); }

  bool operator==(const Grid&) const = default;
};

// The box size whose grid has `cells` cells, or 0 if no supported size does.
constexpr int box_for_cell_count(std::size_t cells) {
  for (int b = kMinBox; b <= kMaxBox; ++b)
    if (static_cast<std::size_t>(b * b * b * b) == cells) return b;
  return 0;
}

// '.' for a blank, '1'-'9' for 1..9, 'A'-'Z' for 10..35, then 'a'-'n' for 36..49.
constexpr char symbol_for(int value) {
  return value == 0    ? '.'
         : value <= 9  ? static_cast<char>('0' + value)
         : value <= 35 ? static_cast<char>('A' + value - 10)
                       : static_cast<char>('a' + value - 36);
}

// Copies the first cell_count() cells and the size of `from` into `to`.
void copy_grid(const Grid& from, Grid& to);

// Writes cell_count() symbols to `out` (no terminator).
void write_symbols(const Grid& grid, char* out);
std::string to_string(const Grid& grid);

// True when `solution` is complete, obeys every unit and keeps every given of `puzzle`.
bool is_solution_of(const Grid& puzzle, const Grid& solution);
// Why `solution` is not a solution of `puzzle` ("the solution leaves row 3, column 4 blank"), or
// "" when it is one. The first fault found, in that order: blanks, changed givens, units.
std::string solution_error(const Grid& puzzle, const Grid& solution);

}  // namespace sudoku
