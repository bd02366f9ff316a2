// A small deterministic PRNG for the randomized orderings and the generator. Its sequence is fixed
// by its seed alone, so a randomized solve gives the same tree on every thread and every run.
#pragma once

#include <cstdint>

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

// FNV-1a over the size and the cells.
inline std::uint64_t hash_grid(const Grid& grid) {
  std::uint64_t h = 0xcbf29ce484222325;
  auto add = [&h](std::uint8_t byte) { h = (h ^ byte) * 0x100000001b3; };
  add(static_cast<std::uint8_t>(grid.box));
  for (int i = 0; i < grid.cell_count(); ++i) add(grid.cells[i]);
  return h;
}

}  // namespace sudoku::detail
