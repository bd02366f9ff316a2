// Splits an input into chunks of records: whole lines, CR stripped, empty and '#' lines skipped;
// in grid files, the lines of each grid joined into one record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stream/chunk.h"
#include "stream/input.h"

namespace sudoku_bench {

class ChunkReader {
 public:
  explicit ChunkReader(InputFile& input, InputFormat format = InputFormat::automatic,
                       std::size_t buffer_bytes = 256 * 1024);

  // Fills `chunk` (clearing it first) with up to `max_records` records; false once the input is
  // exhausted and no record was found.
  bool next(Chunk& chunk, std::size_t max_records);

  std::uint64_t lines_read() const { return line_; }

 private:
  // A grid being assembled from its rows.
  struct GridInProgress {
    std::uint64_t first_line = 0;  // 0: none in progress
    std::size_t side = 0, rows = 0;
    std::string cells, malformed;
  };

  void add_line(Chunk& chunk, std::string_view line, std::uint64_t full_length);
  void add_grid_line(Chunk& chunk, std::string_view line);
  void finish_grid(Chunk& chunk);
  // The next line without its terminator, possibly cut to kMaxRecordBytes; false at the end.
  bool next_line(std::string_view& line, std::uint64_t& full_length);
  bool fill();

  InputFile& input_;
  std::unique_ptr<char[]> buffer_;  // not zeroed: a pass over a small file touches a page or two
  std::size_t capacity_;
  std::size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  std::uint64_t line_ = 0;
  std::uint64_t consumed_ = 0;  // bytes of the lines handed out, terminators included
  std::string long_line_;  // the kept prefix of a line longer than the buffer
  InputFormat format_;
  bool csv_header_checked_ = false;
  GridInProgress grid_;
};

}  // namespace sudoku_bench
