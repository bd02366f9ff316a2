#include "stream/chunk.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "plugin/call_guard.h"
#include "stream/input.h"
#include "stream/line_end.h"

namespace sudoku_bench {

namespace {

// `buffer`, emptied, with its capacity.
template <typename Buffer>
Buffer emptied(Buffer& buffer) {
  Buffer kept = std::move(buffer);
  kept.clear();
  return kept;
}

}  // namespace

void ChunkInput::clear() {
  ChunkInput fresh;
  fresh.text = std::move(text);
  fresh.read_error = emptied(read_error);
  *this = std::move(fresh);
}

void ChunkRecords::clear() {
  ChunkRecords fresh;
  fresh.records = emptied(records);
  fresh.malformed = emptied(malformed);
  *this = std::move(fresh);
}

void ChunkOutcomes::clear() {
  ChunkOutcomes fresh;
  fresh.problems = emptied(problems);
  fresh.out = emptied(out);
  fresh.rows = emptied(rows);
  fresh.tail_latency_ns.kept = emptied(tail_latency_ns.kept);
  fresh.tail_tree_size.kept = emptied(tail_tree_size.kept);
  *this = std::move(fresh);
}

void split_records(Chunk& chunk) {
  if (chunk.split) return;
  chunk.split = true;
  const char* const text = chunk.data;
  const std::size_t readable = chunk.extent ? chunk.extent : chunk.bytes;
  std::size_t pos = 0;
  if (chunk.extent && !chunk.starts_line && text[-1] != '\n') {
    // The first bytes end a line of the previous chunk; without a line start, the chunk is empty.
    const void* nl = std::memchr(text, '\n', chunk.bytes);
    pos = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text) + 1 : chunk.bytes;
  }
  std::uint64_t line = 0;
  while (pos < chunk.bytes) {
    const char* start = text + pos;
    const std::size_t end = line_end(text, pos, readable);
    std::size_t length = end - pos;
    const std::size_t offset = pos;
    pos = end < readable ? end + 1 : end;
    ++line;
    std::uint64_t full_length = chunk.long_line;  // the reader measured a line longer than the block
    if (full_length == 0) {
      if (length > 0 && start[length - 1] == '\r') --length;
      full_length = length;
    }
    if (length == 0 || start[0] == '#') continue;
    chunk.records.push_back(Record{static_cast<std::uint32_t>(offset),
                                   static_cast<std::uint32_t>(std::min(length, kMaxRecordBytes)), line, full_length,
                                   -1});
  }
  chunk.line_count = line;
}

void count_lines(Chunk& chunk) {
  if (chunk.split) return;  // records already found (grids), or split_records ran
  chunk.split = true;
  // A block of whole lines: a line starts at 0 and after every newline before the last byte.
  chunk.line_count =
      chunk.bytes ? 1 + static_cast<std::uint64_t>(std::count(chunk.data, chunk.data + chunk.bytes - 1, '\n')) : 0;
}

namespace {

// Whether a mapped range's first byte starts a line (else it ends one begun before).
bool starts_a_line(const char* data, bool starts_line) { return starts_line || data[-1] == '\n'; }

}  // namespace

void LineNumbers::place(Chunk& chunk) {
  if (!uncounted_from_ && chunk.uncounted_from) {
    uncounted_from_ = chunk.uncounted_from;
    uncounted_starts_line_ = chunk.uncounted_starts_line;
  }
  if (!uncounted_from_) {
    if (chunk.first_line == 0) chunk.first_line = next_;
    next_ = chunk.first_line + chunk.line_count;
  } else if (!chunk.problems.empty() || !chunk.rows.empty() || chunk.fault) {
    if (!counted_upto_) {
      // The first line of a range that starts a line is 1 + the newlines before it; of one that
      // does not, the line after the one it ends.
      counted_upto_ = uncounted_from_;
      newlines_before_ = next_ - (starts_a_line(uncounted_from_, uncounted_starts_line_) ? 1 : 2);
    }
    newlines_before_ += static_cast<std::uint64_t>(std::count(counted_upto_, chunk.data, '\n'));
    counted_upto_ = chunk.data;
    chunk.first_line = newlines_before_ + (starts_a_line(chunk.data, chunk.starts_line) ? 1 : 2);
  }
  for (Problem& p : chunk.problems) p.line += chunk.first_line - 1;
  if (chunk.fault) chunk.fault_line += chunk.first_line - 1;
}

void LineNumbers::raise_fault(const Chunk& chunk, const std::string& file) {
  if (!chunk.fault) return;
  try {
    std::rethrow_exception(chunk.fault);
  } catch (const plugin::SolverFault& f) {
    throw f.located(file + ":" + std::to_string(chunk.fault_line));
  }
}

void LineNumbers::raise_read_error(const Chunk& chunk, const std::string& file) const {
  if (!chunk.read_error.empty()) throw IoError(file, chunk.read_error, next_);
}

}  // namespace sudoku_bench
