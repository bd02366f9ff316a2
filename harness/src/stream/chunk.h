// Records travel through the pipeline in chunks: a block of lines with their line numbers, and
// the results the parallel stage writes for the in-order sink.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stream/input_format.h"
#include "stats/tally.h"

namespace sudoku_bench {

// Longer lines keep only this prefix: no record is this long, and memory stays bounded.
inline constexpr std::size_t kMaxRecordBytes = 4096;

struct Record {
  std::uint32_t offset = 0;       // into Chunk::text
  std::uint32_t length = 0;       // bytes kept, at most kMaxRecordBytes
  std::uint64_t line = 0;         // 1-based line number in the input
  std::uint64_t full_length = 0;  // the line's length without its terminator (> length when cut)
  std::int32_t problem = -1;      // index into Chunk::problems when the reader found it malformed
};

struct Chunk {
  InputFormat format = InputFormat::lines;  // never automatic once read
  std::string text;
  std::vector<Record> records;
  std::vector<std::string> problems;  // why records the reader assembled are malformed (grids)
  // How far into the file as stored this chunk ends: exact for plain files, in zlib's steps for gzip.
  std::uint64_t input_position = 0;

  // Written by the parallel stage, read by the sink.
  std::string out;
  std::string err;
  Tally tally;

  std::string_view text_of(const Record& r) const { return std::string_view(text).substr(r.offset, r.length); }
};

}  // namespace sudoku_bench
