// AVX-512 backend of the `fast` solver: one 512-bit vector per band. Digits 3g..3g+2 sit in lanes
// 4g..4g+2 (lane_of), three to a 128-bit lane, so that the first level of every reduction over
// digits is an in-lane shuffle and only the second crosses 128-bit lanes.
// Needs AVX512F/BW/VL, VBMI, VBMI2, VPOPCNTDQ, GFNI and BMI2. Include only from a translation unit
// compiled for them.
#pragma once

// GCC 12 warns inside its own AVX-512 headers ("__Y is used uninitialized", GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif

#include <cstdint>

#include "strategies/fast/layout.h"
#include "strategies/fast/tables.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage: each backend's translation unit keeps its own copy

struct Avx512Ops {
  using V = __m512i;
  static constexpr __mmask16 kDigitLanes = 0x777;
  static constexpr int lane_of(int d) { return 4 * (d / 3) + d % 3; }
  // Lane masks to digit bits.
  static u32 to_digits(__mmask16 lanes) { return _pext_u32(lanes, kDigitLanes); }

  static V splat(u32 v) { return _mm512_set1_epi32(static_cast<int>(v)); }
  static V splat_digits(u32 v) { return _mm512_maskz_set1_epi32(kDigitLanes, static_cast<int>(v)); }
  static V zero() { return _mm512_setzero_si512(); }
  static V load(const void* p) { return _mm512_load_si512(p); }

  static V and_(V a, V b) { return _mm512_and_si512(a, b); }
  static V or_(V a, V b) { return _mm512_or_si512(a, b); }
  static V xor_(V a, V b) { return _mm512_xor_si512(a, b); }
  static V andnot(V a, V b) { return _mm512_andnot_si512(b, a); }  // a & ~b
  static V sub(V a, V b) { return _mm512_sub_epi32(a, b); }
  template <int n>
  static V shl(V a) {
    return _mm512_slli_epi32(a, n);
  }
  template <int n>
  static V shr(V a) {
    return _mm512_srli_epi32(a, n);
  }

  // Three-input functions, one vpternlogd each; immediates are truth tables over the operand
  // patterns a = 0xF0, b = 0xCC, c = 0xAA.
  static constexpr int a_ = 0xF0, b_ = 0xCC, c_ = 0xAA;
  template <int imm>
  static V tern(V a, V b, V c) {
    return _mm512_ternarylogic_epi32(a, b, c, imm & 0xFF);
  }
  static V or3(V a, V b, V c) { return tern<a_ | b_ | c_>(a, b, c); }
  static V and3(V a, V b, V c) { return tern<a_ & b_ & c_>(a, b, c); }
  static V xor3(V a, V b, V c) { return tern<a_ ^ b_ ^ c_>(a, b, c); }
  static V maj(V a, V b, V c) { return tern<(a_ & b_) | (a_ & c_) | (b_ & c_)>(a, b, c); }
  static V nor3(V a, V b, V c) { return tern<~(a_ | b_ | c_)>(a, b, c); }
  static V andn_and(V a, V b, V c) { return tern<a_ & ~b_ & c_>(a, b, c); }         // a & ~b & c
  static V andn_or(V a, V b, V c) { return tern<(a_ & ~b_) | c_>(a, b, c); }        // (a & ~b) | c
  static V and_ornot(V a, V b, V c) { return tern<a_&(~b_ | c_)>(a, b, c); }        // a & (~b | c)
  static V or_and(V a, V b, V c) { return tern<(a_ | b_) & c_>(a, b, c); }          // (a | b) & c
  static V and_or(V a, V b, V c) { return tern<a_&(b_ | c_)>(a, b, c); }            // a & (b | c)
  static V select(V a, V b, V m) { return tern<(a_ & c_) | (b_ & ~c_)>(a, b, m); }  // m ? a : b

  // Within each group of three digits (in-lane), or between the three groups (across 128-bit
  // lanes): position j reads position j + k mod 3; pad positions read themselves.
  template <int k>
  static V inner(V a) {
    return _mm512_shuffle_epi32(a, static_cast<_MM_PERM_ENUM>(k == 1 ? 0xC9 : 0xD2));
  }
  template <int k>
  static V outer(V a) {
    return _mm512_shuffle_i32x4(a, a, k == 1 ? 0xC9 : 0xD2);
  }

  // Over the nine digits, per cell: `once` = some digit, `twice` = two or more; `any_r` = union of r.
  // Results land in every digit lane. Two rounds of three-way merges, since 9 = 3 * 3.
  static void reduce_singles(V x, V r, V& once, V& twice, V& any_r) {
    const V x1 = inner<1>(x), x2 = inner<2>(x);
    const V o = or3(x, x1, x2), t = maj(x, x1, x2);
    const V r3 = or3(r, inner<1>(r), inner<2>(r));
    const V o1 = outer<1>(o), o2 = outer<2>(o);
    once = or3(o, o1, o2);
    twice = or_(maj(o, o1, o2), or3(t, outer<1>(t), outer<2>(t)));
    any_r = or3(r3, outer<1>(r3), outer<2>(r3));
  }

  // Per cell, in every digit lane: two or more digits (`twice`), three or more (`thrice`).
  static void reduce_counts(V x, V& twice, V& thrice) {
    const V x1 = inner<1>(x), x2 = inner<2>(x);
    const V o = or3(x, x1, x2), t = maj(x, x1, x2), h = and3(x, x1, x2);
    const V o1 = outer<1>(o), o2 = outer<2>(o), t1 = outer<1>(t), t2 = outer<2>(t);
    twice = or_(maj(o, o1, o2), or3(t, t1, t2));
    // three: one group of three has all three, every group has one, or one has two and another one
    const V h3 = or3(or3(h, outer<1>(h), outer<2>(h)), and3(o, o1, o2), and_or(t, o1, o2));
    thrice = or3(h3, and_or(t1, o, o2), and_or(t2, o, o1));
  }

  // Keeps the triads of x that lie on a configuration made only of non-empty triads (layout.h);
  // sets `dead` when a digit lane is left with no configuration.
  static V band_triads(V x, bool& dead) {
    const V empty = nor3(x, shr<1>(x), shr<2>(x));  // at triad bits: no cell left in the triad
    V keep = zero();
    for (int i = 0; i < 6; ++i) {
      const __mmask16 fits = _mm512_testn_epi32_mask(empty, splat(perm_bases(i)));
      keep = _mm512_mask_or_epi32(keep, fits, keep, splat(perm_cells(i)));
    }
    dead |= _mm512_mask_testn_epi32_mask(kDigitLanes, keep, keep) != 0;
    return and_(x, keep);
  }

  // Per cell (bit), in every digit lane: three or more digits have the bit, four or more.
  static void count_to4(V x, V& ge3, V& ge4) {
    const V x1 = inner<1>(x), x2 = inner<2>(x);
    const V s = xor3(x, x1, x2), c = maj(x, x1, x2);  // each lane: 2c + s of its three
    const V s1 = outer<1>(s), s2 = outer<2>(s), c1 = outer<1>(c), c2 = outer<2>(c);
    const V ss = xor3(s, s1, s2), sc = maj(s, s1, s2), cs = xor3(c, c1, c2), cc = maj(c, c1, c2);
    // total = 4 cc + 2 (cs + sc) + ss
    ge4 = tern<c_ | (a_ & b_)>(cs, sc, cc);
    ge3 = or_(ge4, or_and(cs, sc, ss));
  }

  // For each configuration i, the digits (bit d) that can still take it in this band.
  static void band_configs(V x, u32 (&digits)[6]) {
    const V empty = nor3(x, shr<1>(x), shr<2>(x));
    for (int i = 0; i < 6; ++i)
      digits[i] = to_digits(_mm512_mask_testn_epi32_mask(kDigitLanes, empty, splat(perm_bases(i))));
  }

  static V popcount(V a) { return _mm512_popcnt_epi32(a); }
  // Sum of the digit lanes (lanes past them are 0).
  static u32 sum_lanes(V a) { return static_cast<u32>(_mm512_reduce_add_epi32(a)); }

  static bool any(V a) { return _mm512_mask_test_epi32_mask(kDigitLanes, a, a) != 0; }
  // Digits (bit d) whose lane has some bit of `bits`.
  static u32 digits_with(V a, u32 bits) { return to_digits(_mm512_mask_test_epi32_mask(kDigitLanes, a, splat(bits))); }
  static u32 lane0(V a) { return static_cast<u32>(_mm_cvtsi128_si32(_mm512_castsi512_si128(a))); }

  // Digit d takes `bit`; every other digit loses it.
  static V assign(V x, int d, u32 bit) {
    const V b = splat(bit), cleared = andnot(x, b);
    return _mm512_mask_or_epi32(cleared, static_cast<__mmask16>(1u << lane_of(d)), cleared, b);
  }
  // Lane d keeps only `bits`.
  static V restrict_lane(V x, int d, u32 bits) {
    return _mm512_mask_and_epi32(x, static_cast<__mmask16>(1u << lane_of(d)), x, splat(bits));
  }

  // One band (27 cells, row-major, values 0..9) as digit masks: digit d's lane gets the cells
  // holding d + 1, `givens` (every lane) the filled cells. False if a value is above 9. The bytes are spread to the
  // guard layout, coded one-hot and bit-transposed eight cells by eight digits at a time.
  static bool load_band(const std::uint8_t* cells, V& digits, V& givens) {
    const __m256i raw = _mm256_maskz_loadu_epi8(0x7FFFFFF, cells);
    if (_mm256_cmpgt_epu8_mask(raw, _mm256_set1_epi8(9))) return false;
    const V spread =
        _mm512_maskz_permutexvar_epi8(kLoadKeep, load(kAvx512Tables.load_index), _mm512_castsi256_si512(raw));
    const V onehot = _mm512_shuffle_epi8(load(kAvx512Tables.onehot_low), spread);  // 1..8 -> bits 0..7
    const V extra = _mm512_shuffle_epi8(load(kAvx512Tables.onehot_high), spread);  // bit 0: 9, bit 1: any
    const V unit = _mm512_set1_epi64(static_cast<long long>(kUnitMatrix));
    // qword q, byte j: the digit-(j+1) bits of band bits 8q..8q+7
    const V low = _mm512_gf2p8affine_epi64_epi8(unit, onehot, 0);
    const V high = _mm512_gf2p8affine_epi64_epi8(unit, extra, 0);
    const V lanes = _mm512_maskz_permutex2var_epi8(0xFFFFFFFFFFFFull, low, load(kAvx512Tables.gather_index), high);
    digits = _mm512_maskz_mov_epi32(kDigitLanes, lanes);
    givens = _mm512_permutexvar_epi32(_mm512_set1_epi32(3), lanes);  // lane 3: a pad lane
    return true;
  }

  // Writes one solved band (every cell exactly one digit) as its 27 values.
  static void store_band(V x, std::uint8_t* cells) {
    const V unit = _mm512_set1_epi64(static_cast<long long>(kUnitMatrix));
    const V low = _mm512_permutexvar_epi8(load(kAvx512Tables.store_index), x);
    const V high = _mm512_permutexvar_epi8(load(kAvx512Tables.store_index9), x);
    // byte at band bit p: bit i set when digit i + 1 is there (digit 9 as bit 0 of the second)
    const V onehot = _mm512_gf2p8affine_epi64_epi8(unit, low, 0);
    const V nine = _mm512_gf2p8affine_epi64_epi8(unit, high, 0);
    // one-hot to value is linear over GF(2)
    const V value = _mm512_or_si512(_mm512_gf2p8affine_epi64_epi8(onehot, splat64(kToValue), 0),
                                    _mm512_gf2p8affine_epi64_epi8(nine, splat64(kToNine), 0));
    const V packed = _mm512_maskz_compress_epi8(static_cast<__mmask64>(kCells), value);
    _mm256_mask_storeu_epi8(cells, 0x7FFFFFF, _mm512_castsi512_si256(packed));
  }

 private:
  static V splat64(std::uint64_t v) { return _mm512_set1_epi64(static_cast<long long>(v)); }
};

}  // namespace
}  // namespace sudoku::detail::fast
