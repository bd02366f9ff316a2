// A small deterministic PRNG for the randomized orderings and the generator. Its sequence is fixed
// by its seed alone, so a randomized solve gives the same tree on every thread and every run.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "sudoku/grid.h"
#include "sudoku/split_mix64.h"

namespace sudoku::detail {

using SplitMix64 = sudoku::SplitMix64;

// Folds `value` into `seed`; used to derive independent streams (per puzzle, per attempt).
constexpr std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t value) {
  std::uint64_t z = seed ^ (value + 0x9e3779b97f4a7c15 + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

// Bit j: byte j of the `len` (at most 64) bytes at `c` is not 0.
inline std::uint64_t nonzero_bytes(const std::uint8_t* c, int len) {
  static_assert(std::endian::native == std::endian::little, "byte j of a loaded word is bits 8j..8j+7");
  std::uint64_t bits = 0;
  int j = 0;
  for (; j + 8 <= len; j += 8) {
    std::uint64_t w;
    std::memcpy(&w, c + j, 8);
    const std::uint64_t high = (((w & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F) | w) & 0x8080808080808080;
    bits |= (((high >> 7) * 0x0102040810204080) >> 56) << j;  // each byte's flag to one bit
  }
  for (; j < len; ++j) bits |= std::uint64_t{c[j] != 0} << j;
  return bits;
}

// FNV-1a over the size and the cells. Every record run under a seed is hashed, so the value is
// computed in fewer steps: a blank cell (0) only multiplies by the prime, and a run of blanks is
// one multiply by a power of it.
inline std::uint64_t hash_grid(const Grid& grid) {
  constexpr std::uint64_t kPrime = 0x100000001b3;
  // powers 0..64: a gap within a 64-cell chunk plus the filled cell after it
  static constexpr std::array<std::uint64_t, 65> kPowers = [] {
    std::array<std::uint64_t, 65> p{};
    p[0] = 1;
    for (int i = 1; i <= 64; ++i) p[i] = p[i - 1] * kPrime;
    return p;
  }();
  // u is the hash before its last multiply, so a filled cell after g blanks costs one multiply
  std::uint64_t u = 0xcbf29ce484222325 ^ static_cast<std::uint8_t>(grid.box);
  const int n = grid.cell_count();
  for (int base = 0; base < n; base += 64) {
    const int len = n - base < 64 ? n - base : 64;
    const std::uint8_t* const c = grid.cells.data() + base;
    int next = 0;  // the first cell of this chunk not hashed yet
    for (std::uint64_t filled = nonzero_bytes(c, len); filled; filled &= filled - 1) {
      const int i = std::countr_zero(filled);
      u = (u * kPowers[i - next + 1]) ^ c[i];
      next = i + 1;
    }
    u *= kPowers[len - next];
  }
  return u * kPrime;
}

}  // namespace sudoku::detail
