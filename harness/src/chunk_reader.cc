#include "sudoku_bench/chunk_reader.h"

#include <algorithm>
#include <cstring>

namespace sudoku_bench {

ChunkReader::ChunkReader(InputFile& input, std::size_t buffer_bytes)
    : input_(input), buffer_(std::max(buffer_bytes, kMaxRecordBytes + 1)) {}

bool ChunkReader::fill() {
  if (eof_) return false;
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  std::size_t got = 0;
  try {
    got = input_.read(buffer_.data() + end_, buffer_.size() - end_);
  } catch (const IoError& e) {
    throw IoError(e.file(), e.reason(), line_ + 1);  // the line being read when it failed
  }
  if (got == 0) eof_ = true;
  end_ += got;
  return got > 0;
}

bool ChunkReader::next_line(std::string_view& line, std::uint64_t& full_length) {
  for (;;) {
    const char* start = buffer_.data() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    if (nl || (eof_ && begin_ < end_)) {
      // A complete line, or the last one without a terminator.
      std::size_t len = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - start) : end_ - begin_;
      begin_ += nl ? len + 1 : len;
      if (len > 0 && start[len - 1] == '\r') --len;
      line = std::string_view(start, len);
      full_length = len;
      return true;
    }
    if (eof_) return false;
    if (begin_ == 0 && end_ == buffer_.size()) break;  // a line longer than the whole buffer
    fill();
  }
  // Keep a prefix and skip the rest of the line, counting its length.
  long_line_.assign(buffer_.data(), kMaxRecordBytes);
  full_length = end_;
  char last = buffer_[end_ - 1];
  begin_ = end_ = 0;
  while (fill()) {
    const void* nl = std::memchr(buffer_.data(), '\n', end_);
    const std::size_t len = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - buffer_.data()) : end_;
    full_length += len;
    if (len > 0) last = buffer_[len - 1];
    if (nl) {
      begin_ = len + 1;
      break;
    }
    begin_ = end_ = 0;
  }
  if (last == '\r') --full_length;
  line = long_line_;
  return true;
}

bool ChunkReader::next(Chunk& chunk, std::size_t max_records) {
  chunk.text.clear();
  chunk.records.clear();
  chunk.out.clear();
  chunk.err.clear();
  chunk.tally = Tally{};
  std::string_view line;
  std::uint64_t full_length = 0;
  while (chunk.records.size() < max_records && next_line(line, full_length)) {
    ++line_;
    if (line.empty() || line.front() == '#') continue;
    if (line.size() > kMaxRecordBytes) line = line.substr(0, kMaxRecordBytes);
    chunk.records.push_back(Record{static_cast<std::uint32_t>(chunk.text.size()), static_cast<std::uint32_t>(line.size()),
                                   line_, full_length});
    chunk.text.append(line);
  }
  chunk.input_position = input_.position();
  return !chunk.records.empty();
}

}  // namespace sudoku_bench
