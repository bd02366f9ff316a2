// AVX-512 backend of the `fast` solver: the AVX2 backend's layout (per band, digits 1..8 in one
// 256-bit vector, digit 9 in a plain word) with AVX-512's additions at 256 bits: three-input logic
// (vpternlogd), compares into mask registers, per-lane popcount, masked moves and byte permutes.
// 256 bits, not 512: nine digit words fill 9 of a 512-bit vector's 16 lanes, and the Zen 4 cores
// this was measured on run each 512-bit operation as two 256-bit halves, so a 512-bit board did
// nearly twice the vector work for the same bits (results/README.md, "fast at 256 bits").
// Needs AVX512F/BW/VL, VBMI, VBMI2, VPOPCNTDQ, GFNI and BMI2. Include only from a translation unit
// compiled for them.
#pragma once

#include <bit>
#include <cstdint>

#include "strategies/fast/layout.h"
#include "strategies/fast/ops_avx2.h"
#include "strategies/fast/tables.h"
#include "x86_intrinsics.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage: each backend's translation unit keeps its own copy

// What is not overridden here is the AVX2 backend's code, which this translation unit's flags let
// the compiler fold into three-input logic.
struct Avx512Ops : Avx2Ops {
  // At triad bits: the triad has no cell left (nor of its three cells, one vpternlogd).
  static W empty_triads(W x) {
    return _mm256_ternarylogic_epi32(x, _mm256_srli_epi32(x, 1), _mm256_srli_epi32(x, 2), 0x01);
  }

  // Keeps the triads of x on a configuration made only of non-empty triads; `dead` when a digit
  // is left with none.
  static V band_triads(V x, bool& dead) {
    const W empty = empty_triads(x.lo);
    W keep = _mm256_setzero_si256();
    for (int i = 0; i < 6; ++i) {
      const __mmask8 fits = _mm256_testn_epi32_mask(empty, wsplat(perm_bases(i)));
      keep = _mm256_mask_or_epi32(keep, fits, keep, wsplat(perm_cells(i)));
    }
    const u32 keep9 = kAvx2TriadTable.allowed[_pext_u32(x.hi | x.hi >> 1 | x.hi >> 2, kTriads)];
    dead |= (_mm256_testn_epi32_mask(keep, keep) != 0) | (keep9 == 0);
    return {_mm256_and_si256(x.lo, keep), x.hi & keep9};
  }

  static V band_configs(V x) {
    const W empty = empty_triads(x.lo);
    W configs = _mm256_setzero_si256();
    for (int i = 0; i < 6; ++i)
      configs = _mm256_mask_or_epi32(configs, _mm256_testn_epi32_mask(empty, wsplat(perm_bases(i))), configs,
                                     wsplat(1u << i));
    return {configs, kAvx2TriadTable.configs[_pext_u32(x.hi | x.hi >> 1 | x.hi >> 2, kTriads)]};
  }
  static u32 lanes_equal(V a, u32 v) {
    return _mm256_cmpeq_epi32_mask(a.lo, wsplat(v)) | static_cast<u32>(a.hi == v) << 8;
  }
  static u32 lanes_at_least(V a, u32 v) {
    return _mm256_cmpge_epu32_mask(a.lo, wsplat(v)) | static_cast<u32>(a.hi >= v) << 8;
  }

  static V popcount(V a) { return {_mm256_popcnt_epi32(a.lo), static_cast<u32>(std::popcount(a.hi))}; }
  static bool any(V a) { return _mm256_test_epi32_mask(a.lo, a.lo) != 0 || a.hi != 0; }
  static u32 digits_with(V a, u32 bits) {
    return _mm256_test_epi32_mask(a.lo, wsplat(bits)) | static_cast<u32>((a.hi & bits) != 0) << 8;
  }
  static V assign(V x, int d, u32 bit) {
    const W b = wsplat(bit), cleared = _mm256_andnot_si256(b, x.lo);
    return {_mm256_mask_or_epi32(cleared, static_cast<__mmask8>(1u << d), cleared, b),
            (x.hi & ~bit) | (d == 8 ? bit : 0)};
  }
  static V restrict_lane(V x, int d, u32 bits) {
    return {_mm256_mask_and_epi32(x.lo, static_cast<__mmask8>(1u << d), x.lo, wsplat(bits)),
            d == 8 ? x.hi & bits : x.hi};
  }

  // One band (27 cells, row-major, values 0..9) as digit masks: digit d's lane gets the cells
  // holding d + 1, `givens` (every lane) the filled cells. False if a value is above 9. The bytes
  // are spread to the guard layout, coded one-hot and bit-transposed eight cells by eight digits at
  // a time, in a 512-bit vector whose lanes 0..9 are digits 1..9 and the givens.
  static bool load_band(const std::uint8_t* cells, V& digits, V& givens) {
    // 32 bytes read whole and masked to the 27: a masked byte load is much slower here (the
    // grid's cell array runs far past the last band, so the extra bytes are there to read)
    const __m256i raw = _mm256_maskz_mov_epi8(0x7FFFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cells)));
    if (_mm256_cmpgt_epu8_mask(raw, _mm256_set1_epi8(9))) return false;
    const Z spread =
        _mm512_maskz_permutexvar_epi8(kLoadKeep, zload(kAvx512Tables.load_index), _mm512_castsi256_si512(raw));
    const Z onehot = _mm512_shuffle_epi8(zload(kAvx512Tables.onehot_low), spread);  // 1..8 -> bits 0..7
    const Z extra = _mm512_shuffle_epi8(zload(kAvx512Tables.onehot_high), spread);  // bit 0: 9, bit 1: any
    const Z unit = _mm512_set1_epi64(static_cast<long long>(kUnitMatrix));
    // qword q, byte j: the digit-(j+1) bits of band bits 8q..8q+7
    const Z low = _mm512_gf2p8affine_epi64_epi8(unit, onehot, 0);
    const Z high = _mm512_gf2p8affine_epi64_epi8(unit, extra, 0);
    const Z lanes = _mm512_maskz_permutex2var_epi8(0xFFFFFFFFFFull, low, zload(kAvx512Tables.gather_index), high);
    const __m128i upper = _mm512_extracti32x4_epi32(lanes, 2);  // lanes 8 (digit 9) and 9 (givens)
    digits = {_mm512_castsi512_si256(lanes), static_cast<u32>(_mm_cvtsi128_si32(upper))};
    givens = splat(static_cast<u32>(_mm_extract_epi32(upper, 1)));
    return true;
  }

  // Writes one solved band (every cell exactly one digit) as its 27 values.
  static void store_band(V x, std::uint8_t* cells) {
    // lanes 0..8: digits 1..9; the rest 0, which index 63 of the store tables reads as "nothing"
    const Z lanes = _mm512_mask_set1_epi32(_mm512_zextsi256_si512(x.lo), 0x100, static_cast<int>(x.hi));
    const Z unit = _mm512_set1_epi64(static_cast<long long>(kUnitMatrix));
    const Z low = _mm512_permutexvar_epi8(zload(kAvx512Tables.store_index), lanes);
    const Z high = _mm512_permutexvar_epi8(zload(kAvx512Tables.store_index9), lanes);
    // byte at band bit p: bit i set when digit i + 1 is there (digit 9 as bit 0 of the second)
    const Z onehot = _mm512_gf2p8affine_epi64_epi8(unit, low, 0);
    const Z nine = _mm512_gf2p8affine_epi64_epi8(unit, high, 0);
    // one-hot to value is linear over GF(2)
    const Z value = _mm512_or_si512(_mm512_gf2p8affine_epi64_epi8(onehot, splat64(kToValue), 0),
                                    _mm512_gf2p8affine_epi64_epi8(nine, splat64(kToNine), 0));
    const Z packed = _mm512_maskz_compress_epi8(static_cast<__mmask64>(kCells), value);
    _mm256_mask_storeu_epi8(cells, 0x7FFFFFF, _mm512_castsi512_si256(packed));
  }

 private:
  using Z = __m512i;
  static Z zload(const void* p) { return _mm512_load_si512(p); }
  static Z splat64(std::uint64_t v) { return _mm512_set1_epi64(static_cast<long long>(v)); }
};

}  // namespace
}  // namespace sudoku::detail::fast
