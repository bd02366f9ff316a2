// Units, peers and candidate-mask types for each box size, computed at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

namespace sudoku::detail {

template <int B>
struct Geometry {
  static constexpr int kBox = B;
  static constexpr int kSide = B * B;
  static constexpr int kCells = kSide * kSide;
  static constexpr int kUnits = 3 * kSide;  // rows, then columns, then boxes
  static constexpr int kPeers = 3 * kSide - 2 * B - 1;

  using Mask =
      std::conditional_t<(kSide <= 16), std::uint16_t, std::conditional_t<(kSide <= 32), std::uint32_t, std::uint64_t>>;
  static constexpr Mask kAll = static_cast<Mask>((std::uint64_t{1} << kSide) - 1);

  std::array<std::array<std::uint16_t, kSide>, kUnits> unit_cells{};
  std::array<std::array<std::uint16_t, 3>, kCells> cell_units{};
  std::array<std::array<std::uint16_t, kPeers>, kCells> peers{};

  static constexpr int row_of(int cell) { return cell / kSide; }
  static constexpr int col_of(int cell) { return cell % kSide; }
  static constexpr int box_of(int cell) { return (row_of(cell) / B) * B + col_of(cell) / B; }
};

template <int B>
constexpr Geometry<B> make_geometry() {
  using G = Geometry<B>;
  G g;
  for (int i = 0; i < G::kSide; ++i) {
    for (int k = 0; k < G::kSide; ++k) {
      g.unit_cells[i][k] = static_cast<std::uint16_t>(i * G::kSide + k);
      g.unit_cells[G::kSide + i][k] = static_cast<std::uint16_t>(k * G::kSide + i);
      const int r = (i / B) * B + k / B, c = (i % B) * B + k % B;
      g.unit_cells[2 * G::kSide + i][k] = static_cast<std::uint16_t>(r * G::kSide + c);
    }
  }
  for (int cell = 0; cell < G::kCells; ++cell) {
    g.cell_units[cell] = {static_cast<std::uint16_t>(G::row_of(cell)),
                          static_cast<std::uint16_t>(G::kSide + G::col_of(cell)),
                          static_cast<std::uint16_t>(2 * G::kSide + G::box_of(cell))};
    // Peers in ascending order, row by row: the whole own row; in the other rows of the band, the
    // box's columns; in other bands, the own column. Linear, so constexpr stays cheap at 49x49.
    const int r = G::row_of(cell), c = G::col_of(cell), stack = c / B * B;
    int n = 0;
    for (int row = 0; row < G::kSide; ++row) {
      const auto add = [&](int col) { g.peers[cell][n++] = static_cast<std::uint16_t>(row * G::kSide + col); };
      if (row == r) {
        for (int col = 0; col < G::kSide; ++col)
          if (col != c) add(col);
      } else if (row / B == r / B) {
        for (int col = stack; col < stack + B; ++col) add(col);
      } else {
        add(c);
      }
    }
  }
  return g;
}

template <int B>
inline constexpr Geometry<B> kGeometry = make_geometry<B>();

// Not constexpr, so that its call is not evaluated at compile time.
template <int B>
Geometry<B> build_geometry() {
  return make_geometry<B>();
}

// 36x36 and 49x49 tables take more than GCC's constexpr operation limit to compute at compile time
// (and would cost every compile seconds): they are built once when the program starts, in a few
// milliseconds. The smaller ones stay compile-time constants, which the 9x9 code is tuned on.
template <>
inline const Geometry<6> kGeometry<6> = build_geometry<6>();
template <>
inline const Geometry<7> kGeometry<7> = build_geometry<7>();

template <typename Mask>
constexpr Mask lowest_bit(Mask m) {
  return static_cast<Mask>(m & (~m + 1));
}

template <typename Mask>
constexpr bool single_bit(Mask m) {
  return (m & (m - 1)) == 0;
}

// Candidates in a mask, counted over its whole width (a 49x49 mask has 64 bits).
template <typename Mask>
constexpr int count_bits(Mask m) {
  using Word = std::conditional_t<(sizeof(Mask) <= sizeof(unsigned)), unsigned, std::uint64_t>;
  return std::popcount(static_cast<Word>(m));
}

// 1-based digit of a one-bit mask.
template <typename Mask>
constexpr int digit_of(Mask bit) {
  return std::countr_zero(bit) + 1;
}

}  // namespace sudoku::detail
