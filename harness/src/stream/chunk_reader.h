// Reads an input into chunks, knowing bytes and lines only. Formats whose records are lines go out
// as byte ranges of a mapped file, cut anywhere and not looked at, or as blocks of whole lines read
// through zlib (gzip, standard input): the serial reader does no work per line, the parallel stage
// finds the lines (split_records). Formats whose records span lines (grid) have every line read
// here one by one and handed to the format's LineAssembler, as the first chunk of every input is,
// which decides the format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "stream/chunk.h"
#include "stream/input.h"
#include "stream/record_format.h"

namespace sudoku_bench {

struct ChunkSize {
  std::size_t bytes = 64 * 1024;  // a mapped range: this many bytes; a block read: its whole lines within them
  std::size_t records = 256;      // records assembled line by line: at most this many

  bool operator==(const ChunkSize&) const = default;
};

// The buffer of lines read one by one (the first chunk, and grids). A reader is made for every
// reading of the input, and each fills its buffer whole: at 256 KiB, the kernel copying it was 2.5%
// of noop's time on kaggle_first20k read again and again, where the first chunk (256 lines of 82
// bytes) needs 21 KB (perf, Intel Xeon f6 m207).
inline constexpr std::size_t kLineBufferBytes = 32 * 1024;

class ChunkReader {
 public:
  explicit ChunkReader(InputFile& input, InputFormat format = InputFormat::automatic,
                       std::size_t buffer_bytes = kLineBufferBytes);

  // Fills `chunk` (resetting it first); false once the input is exhausted and the chunk is empty.
  // A read error is not thrown: the chunk carries it (Chunk::read_error) after the bytes before it.
  bool next(Chunk& chunk, const ChunkSize& size);

  // Chunks of a mapped file after the first are ranges of `bytes` cut anywhere: once the first is
  // read, chunk i starts at a known byte and the reader can jump there. The chunks of one reading
  // (the first included), counted right after the first was read; 0 when it cannot jump (gzip,
  // standard input, grids) or at any other time.
  std::uint64_t jumpable_chunks(std::size_t bytes) const;
  // Passes over the next `chunks` chunks of `bytes` without reading them (jumpable_chunks() > 0):
  // where they began, and whether that starts a line, for LineNumbers.
  struct Skipped {
    const char* from = nullptr;
    bool starts_line = false;
  };
  Skipped skip(std::uint64_t chunks, std::size_t bytes);

 private:
  bool next_block(Chunk& chunk, std::size_t bytes);
  bool next_mapped_block(Chunk& chunk, std::size_t bytes);
  bool next_records(Chunk& chunk, std::size_t max_records);
  // Appends to `chunk` the rest of a line longer than a block, keeping at most kMaxRecordBytes.
  void finish_long_line(Chunk& chunk, std::size_t start);
  // Up to `n` bytes into `to`; 0 at the end or after a read error (kept in error_).
  std::size_t read(char* to, std::size_t n);

  void add_line(Chunk& chunk, std::string_view line, std::uint64_t full_length);
  // The next line without its terminator, possibly cut to kMaxRecordBytes; false at the end.
  bool next_line(std::string_view& line, std::uint64_t& full_length);
  bool fill();

  InputFile& input_;
  std::unique_ptr<char[]> buffer_;  // lines read one by one; not zeroed: a small file touches a page or two
  std::size_t capacity_;
  std::size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  std::string error_;           // a read error, handed on with the chunk that ends before it
  std::uint64_t line_ = 0;      // lines read one by one
  std::uint64_t consumed_ = 0;  // bytes handed out, terminators included
  std::string long_line_;       // the kept prefix of a line longer than the buffer
  std::string carry_;           // a block's unfinished last line, for the next block
  InputFormat format_;
  std::unique_ptr<LineAssembler> assembler_;  // the format's; null until the format is known
  bool started_ = false;                      // the first chunk was read
  bool mapped_started_ = false;               // a range of the mapped file was handed out
};

}  // namespace sudoku_bench
