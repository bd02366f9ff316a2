#include "sudoku/symmetry.h"

#include <utility>

#include "random.h"

namespace sudoku {
namespace {

using detail::SplitMix64;

// Rows (or columns) permuted within each band, and the bands permuted.
std::array<std::uint8_t, kMaxSide> line_permutation(int box, SplitMix64& random) {
  std::array<std::uint8_t, kMaxBox> bands{};
  for (int i = 0; i < box; ++i) bands[i] = static_cast<std::uint8_t>(i);
  random.shuffle(bands.data(), box);
  std::array<std::uint8_t, kMaxSide> lines{};
  for (int b = 0; b < box; ++b) {
    std::array<std::uint8_t, kMaxBox> within{};
    for (int i = 0; i < box; ++i) within[i] = static_cast<std::uint8_t>(i);
    random.shuffle(within.data(), box);
    for (int i = 0; i < box; ++i) lines[b * box + i] = static_cast<std::uint8_t>(bands[b] * box + within[i]);
  }
  return lines;
}

}  // namespace

Symmetry random_symmetry(int box, std::uint64_t seed) {
  SplitMix64 random(seed);
  Symmetry s;
  const int side = box * box;
  std::array<std::uint8_t, kMaxSide> digits{};
  for (int i = 0; i < side; ++i) digits[i] = static_cast<std::uint8_t>(i + 1);
  random.shuffle(digits.data(), side);
  for (int d = 1; d <= side; ++d) s.digit[d] = digits[d - 1];
  s.row = line_permutation(box, random);
  s.col = line_permutation(box, random);
  s.transpose = random.next() & 1;
  return s;
}

std::uint64_t puzzle_seed(std::uint64_t seed, const Grid& puzzle) {
  return detail::mix_seed(seed, detail::hash_grid(puzzle));
}

Grid apply(const Symmetry& s, const Grid& grid) {
  Grid out;
  apply(s, grid, out);
  return out;
}

Grid undo(const Symmetry& s, const Grid& grid) {
  Grid out;
  undo(s, grid, out);
  return out;
}

void apply(const Symmetry& s, const Grid& grid, Grid& out) {
  out.box = grid.box;
  const int n = grid.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int to = s.transpose ? c * n + r : r * n + c;
      out.cells[to] = s.digit[grid.cells[s.row[r] * n + s.col[c]]];
    }
}

void undo(const Symmetry& s, const Grid& grid, Grid& out) {
  std::array<std::uint8_t, kMaxSide + 1> old_digit{};
  for (int d = 0; d <= grid.side(); ++d) old_digit[s.digit[d]] = static_cast<std::uint8_t>(d);
  out.box = grid.box;
  const int n = grid.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int from = s.transpose ? c * n + r : r * n + c;
      out.cells[s.row[r] * n + s.col[c]] = old_digit[grid.cells[from]];
    }
}

}  // namespace sudoku
