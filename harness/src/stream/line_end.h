// The end of a line in a block of lines, the common 9x9 line found without a call. A memchr per
// line cost noop 9 ns a record on kaggle_first20k (perf, Intel Xeon f6 m207); a scan of 64-byte
// masks was slower still (13.7 ns a record, bench/pipeline_benchmark split/kaggle): each line's
// end depended on the last, through branches on which block held it.
#pragma once

#include <cstddef>
#include <cstring>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku_bench {

// Whether the 81 bytes at `p` hold a newline.
inline bool newline_in_81(const char* p) {
#if defined(__AVX2__)
  // Three 32-byte blocks, the last overlapping the second (bytes 49 to 80).
  const __m256i nl = _mm256_set1_epi8('\n');
  const auto at = [&](int i) {
    return _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)), nl);
  };
  const __m256i found = _mm256_or_si256(_mm256_or_si256(at(0), at(32)), at(49));
  return !_mm256_testz_si256(found, found);
#elif defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n');
  __m128i found = _mm_setzero_si128();
  for (int i = 0; i < 80; i += 16)
    found = _mm_or_si128(found, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), nl));
  return _mm_movemask_epi8(found) != 0 || p[80] == '\n';
#else
  return std::memchr(p, '\n', 81) != nullptr;
#endif
}

// The position of the newline that ends the line starting at text[pos] (pos < size), or size when
// the line runs to the end. Reads nothing at or past text[size].
inline std::size_t line_end(const char* text, std::size_t pos, std::size_t size) {
  // 81 symbols and a newline: told by its 82nd byte, then checked for an earlier newline. The
  // next line's start is then known without waiting for this one's search, as the branch holds.
  if (size - pos > 81 && text[pos + 81] == '\n' && !newline_in_81(text + pos)) return pos + 81;
  const void* nl = std::memchr(text + pos, '\n', size - pos);
  return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text) : size;
}

}  // namespace sudoku_bench
