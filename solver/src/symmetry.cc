#include "sudoku/symmetry.h"

#if defined(__AVX512VBMI__) && defined(__AVX512BW__) && defined(__AVX512F__)
#include "x86_intrinsics.h"
#define SUDOKU_SYMMETRY_VBMI 1
#else
#define SUDOKU_SYMMETRY_VBMI 0
#endif

#include <algorithm>
#include <bit>
#include <utility>

#include "for_box.h"
#include "random.h"

namespace sudoku {
namespace {

using detail::for_box;
using detail::SplitMix64;

// 0..Count-1 shuffled with SplitMix64::shuffle's draws (so the same symmetries), handed out as
// put(i, item). With Count a template argument the loop unrolls and each modulo by a constant
// becomes a multiply. Where the items fit one 64-bit word, W bits each, the swaps happen in a
// register: through memory, each swap's load waits on stores whose addresses come from draws just
// made. The items go straight to put, not into a returned byte array, whose byte-wise stores a
// wider reload could not forward from.
template <int Count, typename Put>
void shuffle_indices(SplitMix64& random, Put&& put) {
  constexpr int W = std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(Count - 1))));
  if constexpr (Count * W <= 64) {
    constexpr std::uint64_t M = (std::uint64_t{1} << W) - 1;
    std::uint64_t packed = 0;
    for (int i = 0; i < Count; ++i) packed |= static_cast<std::uint64_t>(i) << (W * i);
#pragma GCC unroll 64
    for (int i = Count - 1; i > 0; --i) {
      const int j = static_cast<int>(random.below(static_cast<std::uint32_t>(i + 1)));
      const std::uint64_t d = ((packed >> (W * i)) ^ (packed >> (W * j))) & M;
      packed ^= (d << (W * i)) | (d << (W * j));
    }
#pragma GCC unroll 64
    for (int i = 0; i < Count; ++i) put(i, static_cast<unsigned>((packed >> (W * i)) & M));
  } else {
    std::array<std::uint8_t, Count> items{};
    for (int i = 0; i < Count; ++i) items[i] = static_cast<std::uint8_t>(i);
    random.shuffle(items.data(), Count);
    for (int i = 0; i < Count; ++i) put(i, items[i]);
  }
}

// Rows (or columns) permuted within each band, and the bands permuted.
template <int Box>
void line_permutation(SplitMix64& random, std::array<std::uint8_t, kMaxSide>& lines) {
  std::array<unsigned, Box> bands{};
  shuffle_indices<Box>(random, [&](int i, unsigned band) { bands[i] = band; });
#pragma GCC unroll 8
  for (int b = 0; b < Box; ++b) {
    shuffle_indices<Box>(
        random, [&](int i, unsigned line) { lines[b * Box + i] = static_cast<std::uint8_t>(bands[b] * Box + line); });
  }
}

template <int Box>
void random_symmetry_sized(std::uint64_t seed, Symmetry& s) {
  SplitMix64 random(seed);
  shuffle_indices<Box * Box>(random, [&](int i, unsigned d) { s.digit[i + 1] = static_cast<std::uint8_t>(d + 1); });
  line_permutation<Box>(random, s.row);
  line_permutation<Box>(random, s.col);
  s.transpose = random.next() & 1;
}

// The cell loops of apply and undo with the side known, per size. They read the symmetry's
// tables from local copies: a store into a Grid's bytes may alias anything, so with the tables
// read through `s` every store would make the compiler load them again.
template <int N>
struct Tables {
  std::array<std::uint8_t, N + 1> digit;
  std::array<std::uint8_t, N> row, col;
  explicit Tables(const Symmetry& s) {
    std::copy_n(s.digit.begin(), N + 1, digit.begin());
    std::copy_n(s.row.begin(), N, row.begin());
    std::copy_n(s.col.begin(), N, col.begin());
  }
};

#if SUDOKU_SYMMETRY_VBMI
// 9x9 with byte permutes, where the build allows them: out[q] = map[in[first[u(q)] + second[v(q)]]]
// for all 81 cells at once, (u, v) being q's (row, column), or (column, row) with `swap`; `first`
// holds row (or column) starts, multiples of 9. Instead of 81 pairs of dependent byte loads. Reads
// `in` 64 bytes at a time: a Grid's cells run far past the 81 (kMaxCells).
void permute81(const std::uint8_t* in, std::uint8_t* out, __m512i first, __m512i second, bool swap, __m512i map) {
  alignas(64) static constexpr auto kCoords = [] {
    std::array<std::uint8_t, 256> t{};  // row of q at q, column of q at 128 + q (0 past 80)
    for (int q = 0; q < 81; ++q) {
      t[q] = static_cast<std::uint8_t>(q / 9);
      t[128 + q] = static_cast<std::uint8_t>(q % 9);
    }
    return t;
  }();
  const std::uint8_t* const u = kCoords.data() + (swap ? 128 : 0);
  const std::uint8_t* const v = kCoords.data() + (swap ? 0 : 128);
  const __m512i a = _mm512_loadu_si512(in), b = _mm512_maskz_loadu_epi8(0x1FFFF, in + 64);
  __m512i part[2];
  for (int h = 0; h < 2; ++h) {
    const __m512i idx = _mm512_add_epi8(_mm512_permutexvar_epi8(_mm512_load_si512(u + 64 * h), first),
                                        _mm512_permutexvar_epi8(_mm512_load_si512(v + 64 * h), second));
    part[h] = _mm512_permutexvar_epi8(_mm512_permutex2var_epi8(a, idx, b), map);
  }
  _mm512_storeu_si512(out, part[0]);
  _mm512_mask_storeu_epi8(out + 64, 0x1FFFF, part[1]);
}

__m512i load9(const std::uint8_t* p) { return _mm512_maskz_loadu_epi8(0x1FF, p); }
__m512i times9(__m512i x) { return _mm512_add_epi8(_mm512_slli_epi16(x, 3), x); }  // bytes below 9: no carries
#endif

template <int N>
void apply_sized(const Symmetry& s, const Grid& grid, Grid& out) {
#if SUDOKU_SYMMETRY_VBMI
  if constexpr (N == 9) {
    // cell (r, c) comes from (row[r], col[c]); transposed, cell (c, r) does
    permute81(grid.cells.data(), out.cells.data(), times9(load9(s.row.data())), load9(s.col.data()), s.transpose,
              _mm512_maskz_loadu_epi8(0x3FF, s.digit.data()));
    return;
  }
#endif
  const Tables<N> t(s);
  const std::uint8_t* const in = grid.cells.data();
  std::uint8_t* const to = out.cells.data();
  for (int r = 0; r < N; ++r) {
    const std::uint8_t* const from = in + t.row[r] * N;
    std::array<std::uint8_t, N> line;
    for (int c = 0; c < N; ++c) line[c] = t.digit[from[t.col[c]]];
    if (s.transpose) {
      for (int c = 0; c < N; ++c) to[c * N + r] = line[c];
    } else {
      std::copy_n(line.begin(), N, to + r * N);
    }
  }
}

template <int N>
void undo_sized(const Symmetry& s, const Grid& grid, Grid& out) {
  const Tables<N> t(s);
  std::array<std::uint8_t, kMaxSide + 1> old_digit{};
  for (int d = 0; d <= N; ++d) old_digit[t.digit[d]] = static_cast<std::uint8_t>(d);
#if SUDOKU_SYMMETRY_VBMI
  if constexpr (N == 9) {
    // old cell (R, C) is new cell (r, c) with row[r] = R and col[c] = C; transposed, (c, r)
    std::array<std::uint8_t, 16> old_row{}, old_col{};
    for (int i = 0; i < 9; ++i) {
      old_row[t.row[i]] = static_cast<std::uint8_t>(i);
      old_col[t.col[i]] = static_cast<std::uint8_t>(i);
    }
    const __m512i r = load9(old_row.data()), c = load9(old_col.data()),
                  map = _mm512_maskz_loadu_epi8(0x3FF, old_digit.data());
    if (s.transpose)
      permute81(grid.cells.data(), out.cells.data(), times9(c), r, true, map);
    else
      permute81(grid.cells.data(), out.cells.data(), times9(r), c, false, map);
    return;
  }
#endif
  const std::uint8_t* const in = grid.cells.data();
  for (int r = 0; r < N; ++r) {
    std::array<std::uint8_t, N> line;
    if (s.transpose) {
      for (int c = 0; c < N; ++c) line[c] = old_digit[in[c * N + r]];
    } else {
      for (int c = 0; c < N; ++c) line[c] = old_digit[in[r * N + c]];
    }
    std::uint8_t* const to = out.cells.data() + t.row[r] * N;
    for (int c = 0; c < N; ++c) to[t.col[c]] = line[c];
  }
}

}  // namespace

Symmetry random_symmetry(int box, std::uint64_t seed) {
  Symmetry s;
  for_box(box, [&]<int Box>() { random_symmetry_sized<Box>(seed, s); });
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
