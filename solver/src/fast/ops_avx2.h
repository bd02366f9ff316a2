// AVX2 backend of the `fast` solver: per band, digits 1..8 in one 256-bit vector and digit 9 in
// lane 0 of a second one (its other lanes stay 0). No three-input logic or mask registers, so
// those are spelled out; the band rule compares against each configuration.
// Include only from a translation unit compiled for AVX2 and BMI2.
#pragma once

#include <immintrin.h>

#include <bit>
#include <cstdint>

#include "fast/layout.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage: each backend's translation unit keeps its own copy

struct Avx2Ops {
  struct V {
    __m256i lo, hi;  // lanes 0..7 = digits 1..8; hi lane 0 = digit 9
  };

  using W = __m256i;
  template <class F>
  static V map2(V a, V b, F f) { return {f(a.lo, b.lo), f(a.hi, b.hi)}; }

  static W wsplat(u32 v) { return _mm256_set1_epi32(static_cast<int>(v)); }
  static V splat(u32 v) { return {wsplat(v), wsplat(v)}; }
  static V splat_digits(u32 v) { return {wsplat(v), _mm256_setr_epi32(static_cast<int>(v), 0, 0, 0, 0, 0, 0, 0)}; }
  static V zero() { return {_mm256_setzero_si256(), _mm256_setzero_si256()}; }

  static V and_(V a, V b) { return map2(a, b, [](W x, W y) { return _mm256_and_si256(x, y); }); }
  static V or_(V a, V b) { return map2(a, b, [](W x, W y) { return _mm256_or_si256(x, y); }); }
  static V xor_(V a, V b) { return map2(a, b, [](W x, W y) { return _mm256_xor_si256(x, y); }); }
  static V andnot(V a, V b) { return map2(a, b, [](W x, W y) { return _mm256_andnot_si256(y, x); }); }
  static V sub(V a, V b) { return map2(a, b, [](W x, W y) { return _mm256_sub_epi32(x, y); }); }
  template <int n>
  static V shl(V a) { return {_mm256_slli_epi32(a.lo, n), _mm256_slli_epi32(a.hi, n)}; }
  template <int n>
  static V shr(V a) { return {_mm256_srli_epi32(a.lo, n), _mm256_srli_epi32(a.hi, n)}; }

  static V or3(V a, V b, V c) { return or_(or_(a, b), c); }
  static V and3(V a, V b, V c) { return and_(and_(a, b), c); }
  static V maj(V a, V b, V c) { return or_(and_(a, b), and_(c, or_(a, b))); }
  static V nor3(V a, V b, V c) { return xor_(or3(a, b, c), splat(~0u)); }
  static V andn_and(V a, V b, V c) { return and_(andnot(a, b), c); }
  static V andn_or(V a, V b, V c) { return or_(andnot(a, b), c); }
  static V and_ornot(V a, V b, V c) { return andnot(a, andnot(b, c)); }
  static V or_and(V a, V b, V c) { return and_(or_(a, b), c); }
  static V select(V a, V b, V m) { return or_(and_(a, m), andnot(b, m)); }

  // Reductions over the nine digits: a tree over the eight lanes of `lo`, then digit 9 from `hi`;
  // results end up in every lane of both halves.
  template <int imm>
  static W swap_pairs(W a) { return _mm256_shuffle_epi32(a, imm); }
  static W swap_halves(W a) { return _mm256_permute2x128_si256(a, a, 1); }
  static W lane0_everywhere(W a) { return _mm256_broadcastd_epi32(_mm256_castsi256_si128(a)); }
  // Saturating "one or more / two or more" counters, merged pairwise.
  static void merge(W& o, W& t, W o2, W t2) {
    t = _mm256_or_si256(_mm256_or_si256(t, t2), _mm256_and_si256(o, o2));
    o = _mm256_or_si256(o, o2);
  }

  static void reduce_singles(V x, V r, V& once, V& twice, V& any_r) {
    W o = x.lo, t = _mm256_setzero_si256(), h = r.lo;
    merge(o, t, swap_halves(o), swap_halves(t));
    h = _mm256_or_si256(h, swap_halves(h));
    merge(o, t, swap_pairs<0x4E>(o), swap_pairs<0x4E>(t));
    h = _mm256_or_si256(h, swap_pairs<0x4E>(h));
    merge(o, t, swap_pairs<0xB1>(o), swap_pairs<0xB1>(t));
    h = _mm256_or_si256(h, swap_pairs<0xB1>(h));
    merge(o, t, lane0_everywhere(x.hi), _mm256_setzero_si256());
    h = _mm256_or_si256(h, lane0_everywhere(r.hi));
    once = {o, o}, twice = {t, t}, any_r = {h, h};
  }

  static void reduce_counts(V x, V& twice, V& thrice) {
    // counters one, two, three or more, merged pairwise
    W o = x.lo, t = _mm256_setzero_si256(), h = _mm256_setzero_si256();
    auto merge3 = [&](W o2, W t2, W h2) {
      h = _mm256_or_si256(_mm256_or_si256(h, h2), _mm256_or_si256(_mm256_and_si256(t, o2), _mm256_and_si256(o, t2)));
      t = _mm256_or_si256(_mm256_or_si256(t, t2), _mm256_and_si256(o, o2));
      o = _mm256_or_si256(o, o2);
    };
    merge3(swap_halves(o), swap_halves(t), swap_halves(h));
    merge3(swap_pairs<0x4E>(o), swap_pairs<0x4E>(t), swap_pairs<0x4E>(h));
    merge3(swap_pairs<0xB1>(o), swap_pairs<0xB1>(t), swap_pairs<0xB1>(h));
    merge3(lane0_everywhere(x.hi), _mm256_setzero_si256(), _mm256_setzero_si256());
    twice = {t, t}, thrice = {h, h};
  }

  // Per cell: three or more digits, four or more (saturating counters over the nine).
  static void count_to4(V x, V& ge3, V& ge4) {
    W c1 = x.lo, c2 = _mm256_setzero_si256(), c3 = c2, c4 = c2;
    auto merge4 = [&](W d1, W d2, W d3, W d4) {
      const W n4 = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(c4, d4), _mm256_and_si256(c3, d1)),
                                   _mm256_or_si256(_mm256_and_si256(c2, d2), _mm256_and_si256(c1, d3)));
      const W n3 = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(c3, d3), _mm256_and_si256(c2, d1)), _mm256_and_si256(c1, d2));
      const W n2 = _mm256_or_si256(_mm256_or_si256(c2, d2), _mm256_and_si256(c1, d1));
      c1 = _mm256_or_si256(c1, d1), c2 = n2, c3 = n3, c4 = n4;
    };
    merge4(swap_halves(c1), swap_halves(c2), swap_halves(c3), swap_halves(c4));
    merge4(swap_pairs<0x4E>(c1), swap_pairs<0x4E>(c2), swap_pairs<0x4E>(c3), swap_pairs<0x4E>(c4));
    merge4(swap_pairs<0xB1>(c1), swap_pairs<0xB1>(c2), swap_pairs<0xB1>(c3), swap_pairs<0xB1>(c4));
    const W z = _mm256_setzero_si256();
    merge4(lane0_everywhere(x.hi), z, z, z);
    ge3 = {c3, c3}, ge4 = {c4, c4};
  }

  // Lanes (all ones) where no bit of `a` meets `bits`.
  static W none_of(W a, W bits) { return _mm256_cmpeq_epi32(_mm256_and_si256(a, bits), _mm256_setzero_si256()); }
  // Digit bits from lane masks: lanes 0..7 of lo, lane 0 of hi.
  static u32 digit_bits(W lo, W hi) {
    return static_cast<u32>(_mm256_movemask_ps(_mm256_castsi256_ps(lo))) |
           (static_cast<u32>(_mm256_movemask_ps(_mm256_castsi256_ps(hi))) & 1u) << 8;
  }

  static V band_triads(V x, bool& dead) {
    const V empty = nor3(x, shr<1>(x), shr<2>(x));
    V keep = zero();
    for (int i = 0; i < 6; ++i) {
      const W base = wsplat(perm_bases(i)), cells = wsplat(perm_cells(i));
      keep.lo = _mm256_or_si256(keep.lo, _mm256_and_si256(none_of(empty.lo, base), cells));
      keep.hi = _mm256_or_si256(keep.hi, _mm256_and_si256(none_of(empty.hi, base), cells));
    }
    const W z = _mm256_setzero_si256();
    dead |= digit_bits(_mm256_cmpeq_epi32(keep.lo, z), _mm256_cmpeq_epi32(keep.hi, z)) != 0;
    return and_(x, keep);
  }

  static void band_configs(V x, u32 (&digits)[6]) {
    const V empty = nor3(x, shr<1>(x), shr<2>(x));
    for (int i = 0; i < 6; ++i) {
      const W base = wsplat(perm_bases(i));
      digits[i] = digit_bits(none_of(empty.lo, base), none_of(empty.hi, base));
    }
  }

  static V popcount(V a) {
    alignas(32) u32 l[16];
    _mm256_store_si256(reinterpret_cast<W*>(l), a.lo);
    _mm256_store_si256(reinterpret_cast<W*>(l + 8), a.hi);
    for (int d = 0; d < 9; ++d) l[d] = static_cast<u32>(std::popcount(l[d]));
    return {_mm256_load_si256(reinterpret_cast<const W*>(l)), _mm256_setr_epi32(static_cast<int>(l[8]), 0, 0, 0, 0, 0, 0, 0)};
  }
  static u32 sum_lanes(V a) {
    const __m128i h = _mm_add_epi32(_mm256_castsi256_si128(a.lo), _mm256_extracti128_si256(a.lo, 1));
    const __m128i q = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    const __m128i w = _mm_add_epi32(q, _mm_shuffle_epi32(q, 0xB1));
    return static_cast<u32>(_mm_cvtsi128_si32(w)) + static_cast<u32>(_mm256_cvtsi256_si32(a.hi));
  }

  static bool any(V a) {
    const W z = _mm256_setzero_si256();
    return digit_bits(_mm256_cmpeq_epi32(a.lo, z), _mm256_cmpeq_epi32(a.hi, z)) != 0x1FF;
  }
  static u32 digits_with(V a, u32 bits) {
    const W b = wsplat(bits);
    return ~digit_bits(none_of(a.lo, b), none_of(a.hi, b)) & 0x1FF;
  }
  static u32 lane0(V a) { return static_cast<u32>(_mm256_cvtsi256_si32(a.lo)); }

  // All-ones in digit d's lane.
  static V lane_mask(int d) {
    const W lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return {_mm256_cmpeq_epi32(lanes, _mm256_set1_epi32(d)), _mm256_setr_epi32(d == 8 ? -1 : 0, 0, 0, 0, 0, 0, 0, 0)};
  }
  static V assign(V x, int d, u32 bit) {
    const V b = and_(splat_digits(bit), lane_mask(d));
    return or_(andnot(x, splat(bit)), b);
  }
  static V restrict_lane(V x, int d, u32 bits) {
    return andnot(x, andnot(lane_mask(d), splat(bits)));  // x & ~(lane d & ~bits)
  }

  // Cells spread to the band layout with vpshufb (each 128-bit half reads its own 16 cells), then
  // one compare and movemask per digit.
  static bool load_band(const std::uint8_t* cells, V& digits, V& givens) {
    const W raw = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(cells + 15), reinterpret_cast<const __m128i*>(cells));
    const W spread = _mm256_shuffle_epi8(raw, load_index());
    const W high = _mm256_cmpeq_epi8(_mm256_max_epu8(spread, _mm256_set1_epi8(10)), spread);  // value above 9
    if (_mm256_movemask_epi8(high)) return false;
    alignas(32) u32 lanes[16] = {};
    for (int d = 0; d < 9; ++d)
      lanes[d] = static_cast<u32>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(spread, _mm256_set1_epi8(static_cast<char>(d + 1)))));
    digits = {_mm256_load_si256(reinterpret_cast<const W*>(lanes)), _mm256_load_si256(reinterpret_cast<const W*>(lanes + 8))};
    const u32 blank = static_cast<u32>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(spread, _mm256_setzero_si256())));
    givens = splat(~blank & kCells);
    return true;
  }

  static void store_band(V x, std::uint8_t* cells) {
    alignas(32) u32 lanes[16];
    _mm256_store_si256(reinterpret_cast<W*>(lanes), x.lo);
    _mm256_store_si256(reinterpret_cast<W*>(lanes + 8), x.hi);
    for (int d = 0; d < 9; ++d)
      for (u32 m = lanes[d]; m; m &= m - 1) {
        const int bit = std::countr_zero(m);
        cells[bit / 10 * 9 + bit % 10] = static_cast<std::uint8_t>(d + 1);
      }
  }

 private:
  // Byte p of the band layout <- cell p / 10 * 9 + p % 10 of the band; the upper half reads from
  // cells 15..30. Guards and bits 30, 31 read nothing (0x80 gives 0).
  static W load_index() {
    alignas(32) static constexpr std::uint8_t idx[32] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  0x80, 9,  10, 11, 12, 13, 14,  // bits 0..15
        0,  1,  2,  0x80, 3, 4,  5,  6,  7,  8,  9,  10, 11, 0x80, 0x80, 0x80};  // bits 16..31, from cell 15
    return _mm256_load_si256(reinterpret_cast<const W*>(idx));
  }
};

}  // namespace
}  // namespace sudoku::detail::fast
