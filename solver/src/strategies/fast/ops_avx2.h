// AVX2 backend of the `fast` solver: per band, digits 1..8 in one 256-bit vector and digit 9 in a
// plain 32-bit word, whose operations run on the scalar units beside the vector ones. No
// three-input logic or mask registers, so those are spelled out; the band rule compares against
// each configuration (vector) or reads the triad table (digit 9).
// Include only from a translation unit compiled for AVX2.
#pragma once

#include <bit>
#include <cstdint>

#include "strategies/fast/layout.h"
#include "x86_intrinsics.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage: each backend's translation unit keeps its own copy

inline constexpr TriadTable kAvx2TriadTable = make_triad_table();

struct Avx2Ops {
  using W = __m256i;
  struct V {
    W lo;    // lanes 0..7 = digits 1..8
    u32 hi;  // digit 9
  };

  static W wsplat(u32 v) { return _mm256_set1_epi32(static_cast<int>(v)); }
  static u32 wlane0(W a) { return static_cast<u32>(_mm256_cvtsi256_si32(a)); }
  static V splat(u32 v) { return {wsplat(v), v}; }
  static V splat_digits(u32 v) { return splat(v); }
  static V zero() { return {_mm256_setzero_si256(), 0}; }

  static V and_(V a, V b) { return {_mm256_and_si256(a.lo, b.lo), a.hi & b.hi}; }
  static V or_(V a, V b) { return {_mm256_or_si256(a.lo, b.lo), a.hi | b.hi}; }
  static V xor_(V a, V b) { return {_mm256_xor_si256(a.lo, b.lo), a.hi ^ b.hi}; }
  static V andnot(V a, V b) { return {_mm256_andnot_si256(b.lo, a.lo), a.hi & ~b.hi}; }  // a & ~b
  static V sub(V a, V b) { return {_mm256_sub_epi32(a.lo, b.lo), a.hi - b.hi}; }
  template <int n>
  static V shl(V a) {
    return {_mm256_slli_epi32(a.lo, n), a.hi << n};
  }
  template <int n>
  static V shr(V a) {
    return {_mm256_srli_epi32(a.lo, n), a.hi >> n};
  }

  static V or3(V a, V b, V c) { return or_(or_(a, b), c); }
  static V and3(V a, V b, V c) { return and_(and_(a, b), c); }
  static V maj(V a, V b, V c) { return or_(and_(a, b), and_(c, or_(a, b))); }
  static V andn_and(V a, V b, V c) { return and_(andnot(a, b), c); }
  static V andn_or(V a, V b, V c) { return or_(andnot(a, b), c); }
  static V and_ornot(V a, V b, V c) { return andnot(a, andnot(b, c)); }
  static V or_and(V a, V b, V c) { return and_(or_(a, b), c); }
  static V select(V a, V b, V m) { return or_(and_(a, m), andnot(b, m)); }

  // Reductions over the nine digits: a shuffle tree over the eight vector lanes, then digit 9.
  // Results are in every lane.
  template <int imm>
  static W swap_pairs(W a) {
    return _mm256_shuffle_epi32(a, imm);
  }
  static W swap_halves(W a) { return _mm256_permute2x128_si256(a, a, 1); }
  static V everywhere(W a) { return {a, wlane0(a)}; }
  // Saturating "one or more / two or more" counters, merged pairwise.
  static void merge(W& o, W& t, W o2, W t2) {
    t = _mm256_or_si256(_mm256_or_si256(t, t2), _mm256_and_si256(o, o2));
    o = _mm256_or_si256(o, o2);
  }

  static void reduce_singles(V x, V r, V& once, V& twice, V& any_r) {
    W o = x.lo, h = r.lo;
    W t = _mm256_and_si256(o, swap_halves(o));  // the first merge, with nothing yet twice
    o = _mm256_or_si256(o, swap_halves(o));
    h = _mm256_or_si256(h, swap_halves(h));
    merge(o, t, swap_pairs<0x4E>(o), swap_pairs<0x4E>(t));
    h = _mm256_or_si256(h, swap_pairs<0x4E>(h));
    merge(o, t, swap_pairs<0xB1>(o), swap_pairs<0xB1>(t));
    h = _mm256_or_si256(h, swap_pairs<0xB1>(h));
    merge(o, t, wsplat(x.hi), _mm256_setzero_si256());
    once = everywhere(o), twice = everywhere(t), any_r = everywhere(_mm256_or_si256(h, wsplat(r.hi)));
  }

  static void reduce_counts(V x, V& twice, V& thrice) {
    W o = x.lo, t = _mm256_setzero_si256(), h = _mm256_setzero_si256();
    auto merge3 = [&](W o2, W t2, W h2) {
      h = _mm256_or_si256(_mm256_or_si256(h, h2), _mm256_or_si256(_mm256_and_si256(t, o2), _mm256_and_si256(o, t2)));
      t = _mm256_or_si256(_mm256_or_si256(t, t2), _mm256_and_si256(o, o2));
      o = _mm256_or_si256(o, o2);
    };
    merge3(swap_halves(o), swap_halves(t), swap_halves(h));
    merge3(swap_pairs<0x4E>(o), swap_pairs<0x4E>(t), swap_pairs<0x4E>(h));
    merge3(swap_pairs<0xB1>(o), swap_pairs<0xB1>(t), swap_pairs<0xB1>(h));
    merge3(wsplat(x.hi), _mm256_setzero_si256(), _mm256_setzero_si256());
    twice = everywhere(t), thrice = everywhere(h);
  }

  // Per cell: three or more digits, four or more. A binary counter (two bits and a flag for four
  // or more) merged across lanes: fewer operations than unary counters to four, and the minirow
  // rules run it four times per call.
  static void count_to4(V x, V& ge3, V& ge4) {
    const W z = _mm256_setzero_si256();
    W s0 = x.lo, s1 = z, big = z;
    const auto merge = [&](W t0, W t1, W tbig) {
      const W k = _mm256_and_si256(s0, t0);
      s0 = _mm256_xor_si256(s0, t0);
      const W carry = _mm256_or_si256(_mm256_and_si256(s1, t1), _mm256_and_si256(k, _mm256_or_si256(s1, t1)));
      big = _mm256_or_si256(_mm256_or_si256(big, tbig), carry);
      s1 = _mm256_xor_si256(_mm256_xor_si256(s1, t1), k);
    };
    merge(swap_halves(s0), z, z);
    merge(swap_pairs<0x4E>(s0), swap_pairs<0x4E>(s1), swap_pairs<0x4E>(big));
    merge(swap_pairs<0xB1>(s0), swap_pairs<0xB1>(s1), swap_pairs<0xB1>(big));
    merge(wsplat(x.hi), z, z);  // digit 9
    ge4 = everywhere(big);
    ge3 = everywhere(_mm256_or_si256(big, _mm256_and_si256(s0, s1)));
  }

  // Lanes (all ones) where no bit of `a` meets `bits`.
  static W none_of(W a, W bits) { return _mm256_cmpeq_epi32(_mm256_and_si256(a, bits), _mm256_setzero_si256()); }
  static u32 lane_bits(W lanes) { return static_cast<u32>(_mm256_movemask_ps(_mm256_castsi256_ps(lanes))); }
  static W not_empty(W x) {  // at triad bits: the triad has a cell left
    return _mm256_or_si256(_mm256_or_si256(x, _mm256_srli_epi32(x, 1)), _mm256_srli_epi32(x, 2));
  }

  static V band_triads(V x, bool& dead) {
    const W t = not_empty(x.lo);
    W keep = _mm256_setzero_si256();
    for (int i = 0; i < 6; ++i) {
      const W base = wsplat(perm_bases(i));
      const W fits = _mm256_cmpeq_epi32(_mm256_and_si256(t, base), base);
      keep = _mm256_or_si256(keep, _mm256_and_si256(fits, wsplat(perm_cells(i))));
    }
    const u32 keep9 = kAvx2TriadTable.allowed[triad_index(x.hi)];
    dead |= (lane_bits(_mm256_cmpeq_epi32(keep, _mm256_setzero_si256())) != 0) | (keep9 == 0);
    return {_mm256_and_si256(x.lo, keep), x.hi & keep9};
  }

  // Per digit lane, bit i: configuration i fits the non-empty triads.
  static V band_configs(V x) {
    const W t = not_empty(x.lo);
    W configs = _mm256_setzero_si256();
    for (int i = 0; i < 6; ++i) {
      const W base = wsplat(perm_bases(i));
      configs = _mm256_or_si256(configs,
                                _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(t, base), base), wsplat(1u << i)));
    }
    return {configs, kAvx2TriadTable.configs[triad_index(x.hi)]};
  }
  // Digits (bit d) whose lane equals v, or is at least v.
  static u32 lanes_equal(V a, u32 v) {
    return lane_bits(_mm256_cmpeq_epi32(a.lo, wsplat(v))) | static_cast<u32>(a.hi == v) << 8;
  }
  static u32 lanes_at_least(V a, u32 v) {
    return lane_bits(_mm256_cmpeq_epi32(_mm256_max_epu32(a.lo, wsplat(v)), a.lo)) | static_cast<u32>(a.hi >= v) << 8;
  }
  static u32 lane(V a, int d) {
    const u32 vector_lane = wlane0(_mm256_permutevar8x32_epi32(a.lo, wsplat(static_cast<u32>(d))));
    return d == 8 ? a.hi : vector_lane;
  }

  // Lanes here are configuration masks (6 bits, engine.h's `choose`), so the count is byte 0's:
  // a nibble table for bits 0..3 and for bits 4..7, no sum across bytes.
  static V popcount(V a) {
    const W table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                                     2, 3, 3, 4);
    const W low = _mm256_shuffle_epi8(table, _mm256_and_si256(a.lo, wsplat(0x0F)));
    const W high = _mm256_shuffle_epi8(table, _mm256_srli_epi32(a.lo, 4));
    return {_mm256_add_epi32(low, high), static_cast<u32>(std::popcount(a.hi))};
  }
  static u32 sum_lanes(V a) {
    const __m128i h = _mm_add_epi32(_mm256_castsi256_si128(a.lo), _mm256_extracti128_si256(a.lo, 1));
    const __m128i q = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    const __m128i w = _mm_add_epi32(q, _mm_shuffle_epi32(q, 0xB1));
    return static_cast<u32>(_mm_cvtsi128_si32(w)) + a.hi;
  }

  static bool any(V a) { return !_mm256_testz_si256(a.lo, a.lo) || a.hi != 0; }
  static u32 digits_with(V a, u32 bits) {
    return (~lane_bits(none_of(a.lo, wsplat(bits))) & 0xFF) | static_cast<u32>((a.hi & bits) != 0) << 8;
  }
  static u32 lane0(V a) { return wlane0(a.lo); }

  static W lane_mask(int d) {
    return _mm256_cmpeq_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(d));
  }
  static V assign(V x, int d, u32 bit) {
    return {_mm256_or_si256(_mm256_andnot_si256(wsplat(bit), x.lo), _mm256_and_si256(lane_mask(d), wsplat(bit))),
            (x.hi & ~bit) | (d == 8 ? bit : 0)};
  }
  static V restrict_lane(V x, int d, u32 bits) {
    return {_mm256_andnot_si256(_mm256_andnot_si256(wsplat(bits), lane_mask(d)), x.lo),  // x & ~(lane d & ~bits)
            d == 8 ? x.hi & bits : x.hi};
  }

  // Cells spread to the band layout with vpshufb (each 128-bit half reads its own 16 cells), then
  // one compare and movemask per digit.
  static bool load_band(const std::uint8_t* cells, V& digits, V& givens) {
    const W raw =
        _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(cells + 15), reinterpret_cast<const __m128i*>(cells));
    const W spread = _mm256_shuffle_epi8(raw, load_index());
    const W high = _mm256_cmpeq_epi8(_mm256_max_epu8(spread, _mm256_set1_epi8(10)), spread);  // value above 9
    if (_mm256_movemask_epi8(high)) return false;
    alignas(32) u32 lanes[8];
    for (int d = 0; d < 8; ++d)
      lanes[d] =
          static_cast<u32>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(spread, _mm256_set1_epi8(static_cast<char>(d + 1)))));
    digits = {_mm256_load_si256(reinterpret_cast<const W*>(lanes)),
              static_cast<u32>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(spread, _mm256_set1_epi8(9))))};
    const u32 blank = static_cast<u32>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(spread, _mm256_setzero_si256())));
    givens = splat(~blank & kCells);
    return true;
  }

  static void store_band(V x, std::uint8_t* cells) {
    alignas(32) u32 lanes[9];
    _mm256_store_si256(reinterpret_cast<W*>(lanes), x.lo);
    lanes[8] = x.hi;
    store_digit_words(lanes, cells);
  }

 private:
  // Byte p of the band layout <- cell p / 10 * 9 + p % 10 of the band; the upper half reads from
  // cells 15..30. Guards and bits 30, 31 read nothing (0x80 gives 0).
  static W load_index() {
    alignas(32) static constexpr std::uint8_t idx[32] = {
        0, 1, 2, 3,    4, 5, 6, 7, 8, 0x80, 9, 10, 11, 12,   13,   14,     // bits 0..15
        0, 1, 2, 0x80, 3, 4, 5, 6, 7, 8,    9, 10, 11, 0x80, 0x80, 0x80};  // bits 16..31, from cell 15
    return _mm256_load_si256(reinterpret_cast<const W*>(idx));
  }
};

}  // namespace
}  // namespace sudoku::detail::fast
