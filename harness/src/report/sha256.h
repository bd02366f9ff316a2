// SHA-256 (FIPS 180-4) of a file, to say which solver library or program a report measured: a
// path names a file only until it is rebuilt, its hash names the code.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sudoku_bench {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, std::size_t size);
  // The digest as 64 lower-case hex digits; the object is spent afterwards.
  std::string hex();

 private:
  void block(const unsigned char* p);
  std::uint32_t h_[8];
  unsigned char buffer_[64];
  std::size_t buffered_ = 0;
  std::uint64_t length_ = 0;  // bytes
};

std::string sha256_hex(std::string_view bytes);

}  // namespace sudoku_bench
