// Finds a block's newlines 64 bytes at a time: each 64 bytes compared once into a bit mask, then
// each line's end read off it with a count of trailing zeros. A memchr per line cost noop 9 ns a
// record on kaggle_first20k (its call and set-up for 82 bytes; perf, Intel Xeon f6 m207).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sudoku_bench {

class NewlineFinder {
 public:
  // Reads text[0, size) and nothing past it.
  NewlineFinder(const char* text, std::size_t size) : text_(text), size_(size) {}

  // The position of the first newline at or after `pos` (pos < size), or size when there is none.
  std::size_t next(std::size_t pos) {
    for (;;) {
      const std::size_t block = pos & ~std::size_t{63};
      if (block != block_) load(block);
      const std::uint64_t ahead = mask_ >> (pos & 63);
      if (ahead) return pos + static_cast<std::size_t>(__builtin_ctzll(ahead));
      pos = block + 64;
      if (pos >= size_) return size_;
    }
  }

 private:
  void load(std::size_t block) {
    block_ = block;
    const char* p = text_ + block;
    if (block + 64 > size_) {  // the last bytes: none past size_ may be read
      mask_ = 0;
      for (std::size_t i = 0; i < size_ - block; ++i) mask_ |= std::uint64_t{p[i] == '\n'} << i;
      return;
    }
#if defined(__AVX512BW__)
    mask_ = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p), _mm512_set1_epi8('\n'));
#elif defined(__x86_64__)
    const __m128i nl = _mm_set1_epi8('\n');
    mask_ = 0;
    for (int i = 0; i < 4; ++i) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
      const auto bits = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, nl)));
      mask_ |= std::uint64_t{bits} << (16 * i);
    }
#else
    mask_ = 0;
    for (std::size_t i = 0; i < 64; ++i) mask_ |= std::uint64_t{p[i] == '\n'} << i;
#endif
  }

  const char* text_;
  std::size_t size_;
  std::size_t block_ = ~std::size_t{0};  // the block mask_ describes: text_[block_, block_ + 64)
  std::uint64_t mask_ = 0;
};

}  // namespace sudoku_bench
