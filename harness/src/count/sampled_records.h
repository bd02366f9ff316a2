// The records `run --measure instructions` counts of a file: read and parsed by the harness's own
// pipeline and record step, as `run` reads them, then sampled (sample.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stream/input_format.h"

namespace sudoku_bench {

struct SampledRecord {
  std::uint64_t line = 0;  // in its file, from 1
  std::string puzzle;      // its symbols, '.' for blanks: what the counting side parses again
  std::string invalid;     // why it is no puzzle; "" for a puzzle
};

struct FileSample {
  std::vector<SampledRecord> records;  // in file order
  std::uint64_t file_records = 0;      // every record of the file
};

// Reads `file` (format as `run --format-in` gives it) and keeps `sample` of its records
// (sample_indexes; 0: all). Throws IoError when it cannot be read.
FileSample read_sample(const std::string& file, InputFormat format, std::size_t sample);

}  // namespace sudoku_bench
