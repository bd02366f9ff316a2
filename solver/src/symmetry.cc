#include "sudoku/symmetry.h"

#include <utility>

#include "random.h"

namespace sudoku {
namespace {

using detail::SplitMix64;

// Fisher-Yates over `count` items, as SplitMix64::shuffle, with the count known to the compiler
// where it is a template argument: the loop unrolls and each modulo by a constant becomes a
// multiply (the same draws, so the same symmetries; the harness makes one per puzzle).
template <int Count, typename T>
void shuffle_fixed(SplitMix64& random, T* items) {
#pragma GCC unroll 64
  for (int i = Count - 1; i > 0; --i) {
    const int j = static_cast<int>(random.next() % static_cast<std::uint64_t>(i + 1));
    const T t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}

// Rows (or columns) permuted within each band, and the bands permuted.
template <int Box>
std::array<std::uint8_t, kMaxSide> line_permutation(SplitMix64& random) {
  std::array<std::uint8_t, Box> bands{};
  for (int i = 0; i < Box; ++i) bands[i] = static_cast<std::uint8_t>(i);
  shuffle_fixed<Box>(random, bands.data());
  std::array<std::uint8_t, kMaxSide> lines{};
  for (int b = 0; b < Box; ++b) {
    std::array<std::uint8_t, Box> within{};
    for (int i = 0; i < Box; ++i) within[i] = static_cast<std::uint8_t>(i);
    shuffle_fixed<Box>(random, within.data());
    for (int i = 0; i < Box; ++i) lines[b * Box + i] = static_cast<std::uint8_t>(bands[b] * Box + within[i]);
  }
  return lines;
}

template <int Box>
Symmetry random_symmetry_sized(std::uint64_t seed) {
  SplitMix64 random(seed);
  Symmetry s;
  constexpr int side = Box * Box;
  std::array<std::uint8_t, side> digits{};
  for (int i = 0; i < side; ++i) digits[i] = static_cast<std::uint8_t>(i + 1);
  shuffle_fixed<side>(random, digits.data());
  for (int d = 1; d <= side; ++d) s.digit[d] = digits[d - 1];
  s.row = line_permutation<Box>(random);
  s.col = line_permutation<Box>(random);
  s.transpose = random.next() & 1;
  return s;
}

// The cell loops of apply and undo with the side known, per size.
template <int N>
void apply_sized(const Symmetry& s, const Grid& grid, Grid& out) {
  for (int r = 0; r < N; ++r) {
    const std::uint8_t* from = grid.cells.data() + s.row[r] * N;
    for (int c = 0; c < N; ++c) out.cells[s.transpose ? c * N + r : r * N + c] = s.digit[from[s.col[c]]];
  }
}

template <int N>
void undo_sized(const Symmetry& s, const Grid& grid, Grid& out) {
  std::array<std::uint8_t, kMaxSide + 1> old_digit{};
  for (int d = 0; d <= N; ++d) old_digit[s.digit[d]] = static_cast<std::uint8_t>(d);
  for (int r = 0; r < N; ++r) {
    std::uint8_t* to = out.cells.data() + s.row[r] * N;
    for (int c = 0; c < N; ++c) to[s.col[c]] = old_digit[grid.cells[s.transpose ? c * N + r : r * N + c]];
  }
}

// Calls f.template operator()<Box>() for the grid's box size (kMinBox..kMaxBox).
template <typename F>
void for_box(int box, F&& f) {
  switch (box) {
    case 2: return f.template operator()<2>();
    case 3: return f.template operator()<3>();
    case 4: return f.template operator()<4>();
    case 5: return f.template operator()<5>();
    case 6: return f.template operator()<6>();
    case 7: return f.template operator()<7>();
    default: return;
  }
}

}  // namespace

Symmetry random_symmetry(int box, std::uint64_t seed) {
  Symmetry s;
  for_box(box, [&]<int Box>() { s = random_symmetry_sized<Box>(seed); });
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
  for_box(grid.box, [&]<int Box>() { apply_sized<Box * Box>(s, grid, out); });
}

void undo(const Symmetry& s, const Grid& grid, Grid& out) {
  out.box = grid.box;
  for_box(grid.box, [&]<int Box>() { undo_sized<Box * Box>(s, grid, out); });
}

}  // namespace sudoku
