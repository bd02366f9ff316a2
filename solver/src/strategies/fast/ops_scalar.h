// Portable backend of the `fast` solver: nine 32-bit words per band, one per digit, in plain C++.
// Same state and rules as the SIMD backends; the band rule uses a 512-entry table (layout.h)
// instead of mask registers.
#pragma once

#include <bit>
#include <cstdint>

#include "strategies/fast/layout.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage: each backend's translation unit keeps its own copy

inline constexpr TriadTable kTriadTable = make_triad_table();

struct ScalarOps {
  struct V {
    u32 l[9];
  };

  template <class F>
  static V map(F f) {
    V r;
    for (int d = 0; d < 9; ++d) r.l[d] = f(d);
    return r;
  }

  static V splat(u32 v) {
    return map([v](int) { return v; });
  }
  static V splat_digits(u32 v) { return splat(v); }
  static V zero() { return splat(0); }

  static V and_(V a, V b) {
    return map([&](int d) { return a.l[d] & b.l[d]; });
  }
  static V or_(V a, V b) {
    return map([&](int d) { return a.l[d] | b.l[d]; });
  }
  static V xor_(V a, V b) {
    return map([&](int d) { return a.l[d] ^ b.l[d]; });
  }
  static V andnot(V a, V b) {
    return map([&](int d) { return a.l[d] & ~b.l[d]; });
  }
  static V sub(V a, V b) {
    return map([&](int d) { return a.l[d] - b.l[d]; });
  }
  template <int n>
  static V shl(V a) {
    return map([&](int d) { return a.l[d] << n; });
  }
  template <int n>
  static V shr(V a) {
    return map([&](int d) { return a.l[d] >> n; });
  }

  template <class F>
  static V map3(V a, V b, V c, F f) {
    return map([&](int d) { return f(a.l[d], b.l[d], c.l[d]); });
  }
  static V or3(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return x | y | z; });
  }
  static V and3(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return x & y & z; });
  }
  static V maj(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return (x & y) | (x & z) | (y & z); });
  }
  static V andn_and(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return x & ~y & z; });
  }
  static V andn_or(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return (x & ~y) | z; });
  }
  static V and_ornot(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return x & (~y | z); });
  }
  static V or_and(V a, V b, V c) {
    return map3(a, b, c, [](u32 x, u32 y, u32 z) { return (x | y) & z; });
  }
  static V select(V a, V b, V m) {
    return map3(a, b, m, [](u32 x, u32 y, u32 z) { return (x & z) | (y & ~z); });
  }

  static void reduce_singles(V x, V r, V& once, V& twice, V& any_r) {
    u32 o = 0, t = 0, h = 0;
    for (int d = 0; d < 9; ++d) {
      t |= o & x.l[d];
      o |= x.l[d];
      h |= r.l[d];
    }
    once = splat(o), twice = splat(t), any_r = splat(h);
  }

  static void reduce_counts(V x, V& twice, V& thrice) {
    u32 o = 0, t = 0, h = 0;
    for (int d = 0; d < 9; ++d) {
      h |= t & x.l[d];
      t |= o & x.l[d];
      o |= x.l[d];
    }
    twice = splat(t), thrice = splat(h);
  }

  static V band_triads(V x, bool& dead) {
    V r;
    for (int d = 0; d < 9; ++d) {
      const u32 keep = kTriadTable.allowed[triad_index(x.l[d])];
      dead |= keep == 0;
      r.l[d] = x.l[d] & keep;
    }
    return r;
  }

  static void count_to4(V x, V& ge3, V& ge4) {
    // carry-save adders over the nine words: the count is s + 2 (c + cc) + 4 c4
    const auto add3 = [](u32 a, u32 b, u32 c, u32& sum, u32& carry) {
      sum = a ^ b ^ c;
      carry = (a & b) | (c & (a | b));
    };
    u32 s1, c1, s2, c2, s3, c3, s, c, cc, c4;
    add3(x.l[0], x.l[1], x.l[2], s1, c1);
    add3(x.l[3], x.l[4], x.l[5], s2, c2);
    add3(x.l[6], x.l[7], x.l[8], s3, c3);
    add3(s1, s2, s3, s, c);
    add3(c1, c2, c3, cc, c4);
    const u32 four = c4 | (c & cc);
    ge3 = splat(four | (s & (c | cc))), ge4 = splat(four);
  }

  static V band_configs(V x) {
    return map([&](int d) {
      const u32 t = (x.l[d] | x.l[d] >> 1 | x.l[d] >> 2) & kTriads;
      u32 configs = 0;
      for (int i = 0; i < 6; ++i) configs |= static_cast<u32>((t & perm_bases(i)) == perm_bases(i)) << i;
      return configs;
    });
  }
  static u32 lanes_equal(V a, u32 v) {
    u32 m = 0;
    for (int d = 0; d < 9; ++d) m |= static_cast<u32>(a.l[d] == v) << d;
    return m;
  }
  static u32 lanes_at_least(V a, u32 v) {
    u32 m = 0;
    for (int d = 0; d < 9; ++d) m |= static_cast<u32>(a.l[d] >= v) << d;
    return m;
  }
  static u32 lane(V a, int d) { return a.l[d]; }

  static V popcount(V a) {
    return map([&](int d) { return static_cast<u32>(std::popcount(a.l[d])); });
  }
  static u32 sum_lanes(V a) {
    u32 t = 0;
    for (int d = 0; d < 9; ++d) t += a.l[d];
    return t;
  }

  static bool any(V a) {
    u32 m = 0;
    for (int d = 0; d < 9; ++d) m |= a.l[d];
    return m != 0;
  }
  static u32 digits_with(V a, u32 bits) {
    u32 m = 0;
    for (int d = 0; d < 9; ++d) m |= static_cast<u32>((a.l[d] & bits) != 0) << d;
    return m;
  }
  static u32 lane0(V a) { return a.l[0]; }

  static V assign(V x, int d, u32 bit) {
    for (int e = 0; e < 9; ++e) x.l[e] &= ~bit;
    x.l[d] |= bit;
    return x;
  }
  static V restrict_lane(V x, int d, u32 bits) {
    x.l[d] &= bits;
    return x;
  }

  static bool load_band(const std::uint8_t* cells, V& digits, V& givens) {
    digits = zero();
    u32 g = 0;
    for (int i = 0; i < 27; ++i) {
      const int v = cells[i];
      if (v > 9) return false;
      if (v == 0) continue;
      const u32 bit = 1u << (i / 9 * 10 + i % 9);
      digits.l[v - 1] |= bit;
      g |= bit;
    }
    givens = splat(g);
    return true;
  }

  static void store_band(V x, std::uint8_t* cells) { store_digit_words(x.l, cells); }
};

}  // namespace
}  // namespace sudoku::detail::fast
