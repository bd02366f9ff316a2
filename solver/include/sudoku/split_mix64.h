// The deterministic random stream the library's randomized orderings, generators and symmetries
// draw from, public so that drivers (the harness's hunt) draw from the same one: its sequence is
// fixed by its seed alone, on every platform, which std's distributions do not promise.
#pragma once

#include <cstdint>

namespace sudoku {

// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit word of state, every seed usable.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed = 0) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }

  // Uniform enough in [0, n) for n up to a few thousand: the modulo bias is below 2^-50.
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

  // Fisher-Yates shuffle of `count` items.
  template <typename T>
  void shuffle(T* items, int count) {
    for (int i = count - 1; i > 0; --i) {
      const int j = static_cast<int>(below(static_cast<std::uint32_t>(i + 1)));
      const T t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  }

 private:
  std::uint64_t state_;
};

}  // namespace sudoku
