// Records travel through the pipeline in chunks: a block of lines with their line numbers, and
// what the parallel stage found for the in-order sink.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stats/tally.h"
#include "stream/input_format.h"
#include "stream/problem.h"

namespace sudoku_bench {

// Longer lines keep only this prefix: no record is this long, and memory stays bounded.
inline constexpr std::size_t kMaxRecordBytes = 4096;

// One puzzle entry of an input: a line, or the lines of one grid joined.
struct Record {
  std::uint32_t offset = 0;       // into Chunk::text
  std::uint32_t length = 0;       // bytes kept, at most kMaxRecordBytes
  std::uint64_t line = 0;         // 1-based line number in the input
  std::uint64_t full_length = 0;  // the line's length without its terminator (> length when cut)
  std::int32_t malformed = -1;    // index into Chunk::malformed when the reader found it malformed
};

struct Chunk {
  InputFormat format = InputFormat::lines;  // never automatic once read
  std::string text;
  std::vector<Record> records;
  std::vector<std::string> malformed;  // why records the reader assembled are malformed (grids)
  // How far into the file as stored this chunk ends: exact for plain files, in zlib's steps for gzip.
  std::uint64_t input_position = 0;

  // Written by the parallel stage, read by the sink.
  Tally tally;
  std::vector<Problem> problems;  // in record order, as many as the pass keeps (see PassConfig)
  std::string out;                // what the command prints for these records, in order

  std::string_view text_of(const Record& r) const { return std::string_view(text).substr(r.offset, r.length); }
};

}  // namespace sudoku_bench
