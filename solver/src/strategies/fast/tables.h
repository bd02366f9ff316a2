// Constant tables of the SIMD backends, computed at compile time (plain data, so one definition
// serves translation units built for any instruction set).
#pragma once

#include <cstdint>

#include "strategies/fast/layout.h"

namespace sudoku::detail::fast {

// gf2p8affineqb(x = bytes 1 << j, A) sets bit k of byte j to bit j of A's byte 7 - k: an 8x8 bit
// transpose with the byte order of A reversed.
inline constexpr std::uint64_t kUnitMatrix = 0x8040201008040201ull;

// Byte tables for loading and storing bands with the transpose above.
struct Avx512Tables {
  // Spread a band's 27 cell bytes to its bit layout, bytes reversed within each qword: byte
  // 8q + 7 - k comes from the cell at band bit 8q + k (guards and bits 30, 31 are masked out).
  alignas(64) std::uint8_t load_index[64];
  // vpshufb tables, value -> one-hot byte: digits 1..8 as bits 0..7; digit 9 as bit 0 and any
  // digit as bit 1 of the second.
  alignas(64) std::uint8_t onehot_low[64];
  alignas(64) std::uint8_t onehot_high[64];
  // Transposed bytes -> lanes: digit d < 8 (lane d) takes byte d of qwords 0..3 of the first
  // source, digit 9 (lane 8) byte 0 and lane 9 (the givens) byte 1 of the second.
  alignas(64) std::uint8_t gather_index[64];
  // Digit lanes -> matrices for the store transpose: qword q, byte 7 - i <- byte q of digit i's
  // lane; for digit 9 alone, byte 7 <- byte q of its lane. Index 63 reads a zero pad lane.
  alignas(64) std::uint8_t store_index[64];
  alignas(64) std::uint8_t store_index9[64];
};

static constexpr std::uint64_t load_keep_mask() {
  std::uint64_t keep = 0;
  for (int j = 0; j < 64; ++j) {
    const int bit = (j & ~7) + 7 - (j & 7);
    if (bit < 30 && bit % 10 != 9) keep |= std::uint64_t{1} << j;
  }
  return keep;
}
inline constexpr std::uint64_t kLoadKeep = load_keep_mask();

static constexpr Avx512Tables make_avx512_tables() {
  Avx512Tables t{};
  for (int j = 0; j < 64; ++j) {
    const int bit = (j & ~7) + 7 - (j & 7);
    t.load_index[j] = bit < 32 ? kCellOfBit.cell[bit] : 0;
    const int v = j & 15;
    t.onehot_low[j] = static_cast<std::uint8_t>(v >= 1 && v <= 8 ? 1 << (v - 1) : 0);
    t.onehot_high[j] = static_cast<std::uint8_t>((v == 9 ? 1 : 0) | (v >= 1 && v <= 9 ? 2 : 0));
    // lane d holds digit d, lane 9 the givens
    const int lane = j / 4, q = j % 4;
    t.gather_index[j] = static_cast<std::uint8_t>(lane < 8    ? 8 * q + lane
                                                  : lane == 8 ? 64 + 8 * q
                                                  : lane == 9 ? 65 + 8 * q
                                                              : 0);
    const int qq = j / 8, i = 7 - j % 8;
    t.store_index[j] = static_cast<std::uint8_t>(qq < 4 ? 4 * i + qq : 63);
    t.store_index9[j] = static_cast<std::uint8_t>(qq < 4 && i == 0 ? 4 * 8 + qq : 63);
  }
  return t;
}
inline constexpr Avx512Tables kAvx512Tables = make_avx512_tables();

// gf2p8affineqb(x, A): bit k of the result is the parity of x & A.byte[7 - k]. These map a
// one-hot byte (bit i = digit i + 1) to the digit's value, and bit 0 (digit 9) to 9.
static constexpr std::uint64_t value_matrix(bool nine) {
  std::uint64_t m = 0;
  for (int k = 0; k < 8; ++k) {
    std::uint64_t row = 0;
    if (nine) {
      if ((9 >> k) & 1) row = 1;
    } else {
      for (int i = 0; i < 8; ++i)
        if (((i + 1) >> k) & 1) row |= 1u << i;
    }
    m |= row << (8 * (7 - k));
  }
  return m;
}
inline constexpr std::uint64_t kToValue = value_matrix(false);
inline constexpr std::uint64_t kToNine = value_matrix(true);

}  // namespace sudoku::detail::fast
