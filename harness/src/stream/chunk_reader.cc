#include "stream/chunk_reader.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "plugin/call_guard.h"
#include "stream/line_end.h"

namespace sudoku_bench {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
// Why a report given where puzzles go is refused: read as a puzzle, it would be a row of zeros.
constexpr std::string_view kReportGiven =
    "is JSON (a report?), not puzzles: run, solve and ab read puzzle files (docs/input.md); compare, report and "
    "history read reports";

}  // namespace

ChunkReader::ChunkReader(InputFile& input, InputFormat format, std::size_t buffer_bytes)
    : input_(input),
      buffer_(std::make_unique_for_overwrite<char[]>(std::max(buffer_bytes, kMaxRecordBytes + 1))),
      capacity_(std::max(buffer_bytes, kMaxRecordBytes + 1)),
      format_(format),
      assembler_(format == InputFormat::automatic ? nullptr : record_format(format).assembler()) {}

std::size_t ChunkReader::read(char* to, std::size_t n) {
  if (eof_) return 0;
  try {
    const std::size_t got = input_.read(to, n);
    if (got == 0) eof_ = true;
    return got;
  } catch (const IoError& e) {
    // Handed on with the chunk that ends before it, so that every line before the damage is
    // counted first and the message can name the line being read.
    error_ = e.reason();
    eof_ = true;
    return 0;
  }
}

bool ChunkReader::fill() {
  if (eof_) return false;
  if (begin_ > 0) {
    std::memmove(buffer_.get(), buffer_.get() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  const std::size_t got = read(buffer_.get() + end_, capacity_ - end_);
  end_ += got;
  return got > 0;
}

bool ChunkReader::next_line(std::string_view& line, std::uint64_t& full_length) {
  for (;;) {
    const char* start = buffer_.get() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    if (nl || (eof_ && begin_ < end_)) {
      // A complete line, or the last one without a terminator.
      std::size_t len = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - start) : end_ - begin_;
      begin_ += nl ? len + 1 : len;
      consumed_ += nl ? len + 1 : len;
      if (len > 0 && start[len - 1] == '\r') --len;
      line = std::string_view(start, len);
      full_length = len;
      return true;
    }
    if (eof_) return false;
    if (begin_ == 0 && end_ == capacity_) break;  // a line longer than the whole buffer
    fill();
  }
  // Keep a prefix and skip the rest of the line, counting its length.
  long_line_.assign(buffer_.get(), kMaxRecordBytes);
  full_length = end_;
  consumed_ += end_;
  char last = buffer_[end_ - 1];
  begin_ = end_ = 0;
  // A line without end (`solve - </dev/zero`) is skipped until a stop request, which ends the
  // reading here as between records: no solver is running to be blamed for not stopping.
  const std::atomic<bool>* stop = plugin::interrupt_flag();
  while (fill()) {
    if (stop && stop->load(std::memory_order_relaxed)) {
      begin_ = end_ = 0;
      eof_ = true;
      return false;
    }
    const std::size_t len = line_end(buffer_.get(), 0, end_);
    full_length += len;
    consumed_ += len < end_ ? len + 1 : len;
    if (len > 0) last = buffer_[len - 1];
    if (len < end_) {
      begin_ = len + 1;
      break;
    }
    begin_ = end_ = 0;
  }
  if (last == '\r') --full_length;
  line = long_line_;
  return true;
}

bool ChunkReader::next(Chunk& chunk, const ChunkSize& size) {
  chunk.reset();
  // The first chunk is read line by line: it decides the format, and its assembler skips a header.
  const bool by_lines = !started_ || !assembler_ || record_format(format_).spans_lines;
  started_ = true;
  const bool more = by_lines                   ? next_records(chunk, size.records)
                    : !input_.mapped().empty() ? next_mapped_block(chunk, size.bytes)
                                               : next_block(chunk, size.bytes);
  chunk.format = format_ == InputFormat::automatic ? InputFormat::lines : format_;
  chunk.input_position = input_.compressed() ? input_.position() : consumed_;
  if (!chunk.data) chunk.data = chunk.text.data();
  chunk.read_error = std::move(error_);
  error_.clear();
  return more || !chunk.read_error.empty();
}

bool ChunkReader::next_records(Chunk& chunk, std::size_t max_records) {
  chunk.text.clear();
  chunk.data = nullptr;
  chunk.split = true;
  chunk.first_line = 1;  // records hold lines of the input
  std::string_view line;
  std::uint64_t full_length = 0;
  bool more = true;
  while (chunk.records.size() < max_records && (more = next_line(line, full_length))) {
    ++line_;
    if (line.size() > kMaxRecordBytes) line = line.substr(0, kMaxRecordBytes);
    add_line(chunk, line, full_length);
    if (!error_.empty()) break;  // refused: the error names this line
  }
  if (!more && assembler_) assembler_->finish(chunk);  // a record cut short by the end of the input
  chunk.line_count = line_;
  chunk.bytes = chunk.text.size();
  return !chunk.records.empty();
}

bool ChunkReader::next_mapped_block(Chunk& chunk, std::size_t bytes) {
  // The file is mapped: a block is a range of it, cut at any byte. The reader does not look at the
  // bytes (a page it touched first would fault in the serial stage, which costs tens of
  // microseconds on some virtual machines); the parallel stage finds where lines begin and end.
  const std::string_view file = input_.mapped();
  const std::size_t begin = consumed_;
  if (begin >= file.size()) return false;
  const std::size_t end = std::min<std::size_t>(file.size(), begin + std::max<std::size_t>(bytes, 1));
  chunk.data = file.data() + begin;
  chunk.bytes = end - begin;
  chunk.extent = file.size() - begin;
  chunk.starts_line = !mapped_started_;  // the line-by-line start ends after a whole line
  mapped_started_ = true;
  consumed_ = end;
  return true;
}

std::uint64_t ChunkReader::jumpable_chunks(std::size_t bytes) const {
  const std::string_view file = input_.mapped();
  if (!started_ || mapped_started_ || !assembler_ || record_format(format_).spans_lines || file.empty()) return 0;
  bytes = std::max<std::size_t>(bytes, 1);
  return 1 + (file.size() - consumed_ + bytes - 1) / bytes;
}

ChunkReader::Skipped ChunkReader::skip(std::uint64_t chunks, std::size_t bytes) {
  const std::string_view file = input_.mapped();
  const Skipped skipped{file.data() + consumed_, !mapped_started_};
  const std::uint64_t step = std::max<std::size_t>(bytes, 1);
  consumed_ = static_cast<std::size_t>(std::min<std::uint64_t>(file.size(), consumed_ + chunks * step));
  mapped_started_ = true;
  return skipped;
}

bool ChunkReader::next_block(Chunk& chunk, std::size_t bytes) {
  // What the line-by-line start left in its buffer goes first, in blocks of whole lines.
  if (end_ > begin_) {
    const char* start = buffer_.get() + begin_;
    const std::size_t left = end_ - begin_, take = std::min(std::max<std::size_t>(bytes, 1), left);
    const void* nl = memrchr(start, '\n', take);
    if (!nl) nl = std::memchr(start + take, '\n', left - take);
    if (nl) {
      const std::size_t length = static_cast<std::size_t>(static_cast<const char*>(nl) - start) + 1;
      chunk.text.assign(start, length);
      chunk.bytes = length;
      begin_ += length;
      consumed_ += length;
      return true;
    }
    carry_.append(start, left);  // an unfinished line: reading goes on from it
    begin_ = end_ = 0;
  }
  bytes = std::max<std::size_t>(bytes, 1);
  const std::size_t want = carry_.size() + bytes;
  if (chunk.text.size() < want) chunk.text.resize(want);  // once per chunk: later blocks reuse it
  char* text = chunk.text.data();
  std::size_t have = carry_.size();
  std::memcpy(text, carry_.data(), have);
  carry_.clear();
  while (have < want) {
    const std::size_t got = read(text + have, want - have);
    if (got == 0) break;
    have += got;
  }
  const void* nl = have ? memrchr(text, '\n', have) : nullptr;
  if (nl) {
    const std::size_t end = static_cast<std::size_t>(static_cast<const char*>(nl) - text) + 1;
    // After a read error, an unfinished last line is the one being read: it is dropped.
    if (error_.empty()) carry_.assign(text + end, have - end);
    chunk.bytes = end;
  } else if (!eof_) {
    finish_long_line(chunk, have);
  } else {
    chunk.bytes = error_.empty() ? have : 0;  // the last line, without a terminator
  }
  consumed_ += chunk.bytes;
  return chunk.bytes > 0;
}

void ChunkReader::finish_long_line(Chunk& chunk, std::size_t have) {
  // The block is the start of one line: keep a prefix, read on to its end, counting its length.
  if (chunk.text.size() < kMaxRecordBytes + 1) chunk.text.resize(kMaxRecordBytes + 1);
  char* text = chunk.text.data();
  std::uint64_t full_length = have;
  std::size_t kept = std::min(have, kMaxRecordBytes + 1);
  char last = text[have - 1];
  std::uint64_t skipped = 0;
  for (;;) {
    const std::size_t got = read(buffer_.get(), capacity_);
    if (got == 0) break;
    const std::size_t len = line_end(buffer_.get(), 0, got);
    const std::size_t take = std::min(len, kMaxRecordBytes + 1 - kept);
    std::memcpy(text + kept, buffer_.get(), take);
    kept += take;
    full_length += len;
    if (len > 0) last = buffer_[len - 1];
    if (len < got) {
      skipped = 1;
      carry_.assign(buffer_.get() + len + 1, got - len - 1);
      break;
    }
  }
  if (!error_.empty()) return;  // the line being read when the input failed
  if (last == '\r') --full_length;
  chunk.long_line = full_length;
  chunk.bytes = static_cast<std::size_t>(std::min<std::uint64_t>({kept, full_length, kMaxRecordBytes}));
  consumed_ += full_length - chunk.bytes + skipped + (last == '\r');
}

void ChunkReader::add_line(Chunk& chunk, std::string_view line, std::uint64_t full_length) {
  if (line_ == 1 && line.starts_with(kUtf8Bom)) {  // editors on Windows start text files so
    line.remove_prefix(kUtf8Bom.size());
    full_length -= kUtf8Bom.size();
  }
  if (!assembler_) {  // the first content line decides the format
    if (line.empty() || line.front() == '#') return;
    if (line.front() == '{' || line.front() == '[') {
      error_ = kReportGiven;
      eof_ = true;
      --line_;  // an error names the line being read, the one after those counted
      return;
    }
    format_ = detect_format(line);
    assembler_ = record_format(format_).assembler();
  }
  assembler_->add(chunk, line, line_, full_length);
}

}  // namespace sudoku_bench
