// Bit layout of the `fast` 9x9 solver, shared by every instruction-set backend.
//
// The board is held digit-major: for each digit, three 32-bit "band words", one per band (three
// rows of the grid). Bit 10*r + c of a band word says the digit may still go in row r (0..2) of the
// band, column c (0..8). Bits 9, 19 and 29 are guards and always 0: they stop borrows and carries
// when a word is treated as three 10-bit row fields, so that "is this row empty / a single bit?"
// costs a handful of whole-word operations. A backend keeps, per band, the nine digits' words for
// that band side by side in a vector (which lane holds which digit is the backend's business;
// spare lanes stay 0).
#pragma once

#include <bit>
#include <cstdint>

namespace sudoku::detail::fast {

using u32 = std::uint32_t;

inline constexpr u32 kRowBits = 0x1FF;
inline constexpr u32 kLow = 1u | (1u << 10) | (1u << 20);  // bit 0 of each row field
inline constexpr u32 kCells = kRowBits * kLow;             // the 27 cells of a band
inline constexpr u32 kGuards = kLow << 9;
// One bit per triad (three cells of a row inside one box), at the triad's first cell.
inline constexpr u32 kTriads = 0x49u * kLow;
// The six ways one digit can sit in the 3x3 matrix of triads of a band (row r -> box kPerm[i][r]),
// tdoku's "configurations". Stacks use the same six, with the three bands as rows and the three
// columns of the stack as boxes.
inline constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

// A configuration's triads as a band word: one bit per triad, or all three cells of each triad.
// Functions here have internal linkage (static): translation units built for different
// instruction sets must not share out-of-line copies.
static constexpr u32 perm_bases(int i) {
  u32 m = 0;
  for (int r = 0; r < 3; ++r) m |= 1u << (10 * r + 3 * kPerm[i][r]);
  return m;
}
static constexpr u32 perm_cells(int i) { return perm_bases(i) * 7; }

// Cells a digit keeps in each band when its configuration in a band (unit 0..2) or stack (unit
// 3..5) is fixed. Stack configurations 0..2 are cyclic (band b uses column k + b of the stack),
// 3..5 anticyclic (column k - b).
struct ConfigKeep {
  u32 keep[6][6][3];
};
static constexpr ConfigKeep make_config_keep() {
  ConfigKeep t{};
  for (int u = 0; u < 6; ++u)
    for (int i = 0; i < 6; ++i)
      for (int b = 0; b < 3; ++b) {
        if (u < 3) {
          t.keep[u][i][b] = b == u ? perm_cells(i) : kCells;
        } else {
          const int st = u - 3, k = i < 3 ? (i + b) % 3 : (i - 3 - b + 3) % 3;
          t.keep[u][i][b] = (kCells & ~((7u << (3 * st)) * kLow)) | (kLow << (3 * st + k));
        }
      }
  return t;
}
inline constexpr ConfigKeep kConfigKeep = make_config_keep();

// The 9 triad bits of a band word (bit 10r + 3s, set where the triad has a cell) as bit 3r + s,
// without pext (microcoded on AMD CPUs before Zen 3). Multiplying by 21 copies each row field's
// triad bits s = 0, 1, 2 (bits 0, 3, 6) to bits 4, 5, 6 of the field; multiplying by 0x4081 then
// moves rows 0, 1, 2 (bits 4, 14, 24 after the shift) to bits 14, 17, 20. No two partial products
// overlap in the bits kept, so no carry reaches them (checked below for every set of triads).
static constexpr u32 triad_index(u32 x) {
  const u32 t = (x | x >> 1 | x >> 2) & kTriads;
  const u32 rows = ((t * 21u) >> 4) & (7u * kLow);
  return ((rows * 0x4081u) >> 14) & 0x1FF;
}
static constexpr bool triad_index_is_exact() {
  for (u32 set = 0; set < 512; ++set) {
    u32 first = 0;  // the first cell of each triad in the set
    for (int i = 0; i < 9; ++i)
      if ((set >> i) & 1) first |= 1u << (10 * (i / 3) + 3 * (i % 3));
    if (triad_index(first) != set || triad_index(first << 2) != set || triad_index(first * 7) != set) return false;
  }
  return true;
}
static_assert(triad_index_is_exact());

// The cell (0..26, row-major within the band) at each band bit; guards and bits 30, 31 map to 0.
struct CellOfBit {
  std::uint8_t cell[32];
};
static constexpr CellOfBit make_cell_of_bit() {
  CellOfBit t{};
  for (int bit = 0; bit < 30; ++bit)
    t.cell[bit] = static_cast<std::uint8_t>(bit % 10 == 9 ? 0 : bit / 10 * 9 + bit % 10);
  return t;
}
inline constexpr CellOfBit kCellOfBit = make_cell_of_bit();

// Writes a solved band's 27 cells from its nine digit words (words[d]: the cells of digit d + 1).
static void store_digit_words(const u32* words, std::uint8_t* cells) {
  for (int d = 0; d < 9; ++d)
    for (u32 m = words[d]; m; m &= m - 1)
      cells[kCellOfBit.cell[std::countr_zero(m)]] = static_cast<std::uint8_t>(d + 1);
}

// For each 9-bit set of non-empty triads (bit 3*r + s), the cells of every configuration that
// fits inside it, and those configurations (bit i): the band rule and the band's configurations
// as tables, where a digit's word is a plain integer (the scalar backend, and digit 9 in the
// vector ones).
struct TriadTable {
  u32 allowed[512];
  std::uint8_t configs[512];
};
static constexpr TriadTable make_triad_table() {
  TriadTable t{};
  for (int set = 0; set < 512; ++set) {
    u32 m = 0, c = 0;
    for (int i = 0; i < 6; ++i) {
      bool fits = true;
      for (int r = 0; r < 3; ++r) fits = fits && ((set >> (3 * r + kPerm[i][r])) & 1);
      if (fits) m |= perm_cells(i), c |= 1u << i;
    }
    t.allowed[set] = m;
    t.configs[set] = static_cast<std::uint8_t>(c);
  }
  return t;
}

}  // namespace sudoku::detail::fast
