#include "stream/per_puzzle_rows.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

#include "stream/input.h"
#include "sys/csv.h"

namespace sudoku_bench {
namespace {

void append_number(std::string& out, std::uint64_t value) {
  char buffer[24];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, end);
}

}  // namespace

PerPuzzleRows::PerPuzzleRows(OutputFile& out) : out_(out) {
  write_bytes(std::string(kPerPuzzleHeader));
  settle();  // a pass dropped first is cut back to the header
}

void PerPuzzleRows::start_pass(std::string_view dataset, std::string_view file, std::string_view solver, int threads,
                               int repetition, bool tree_size_reported, bool timed) {
  head_ = csv_field(dataset) + ',' + csv_field(file) + ',';
  middle_ = ',' + csv_field(solver) + ',' + std::to_string(threads) + ',' + std::to_string(repetition) + ',';
  tree_size_reported_ = tree_size_reported;
  timed_ = timed;
}

void PerPuzzleRows::write(const Chunk& chunk) {
  buffer_.clear();
  for (const RecordFigures& row : chunk.rows) {
    buffer_ += head_;
    append_number(buffer_, chunk.first_line + row.line - 1);
    buffer_ += middle_;
    const auto outcome = static_cast<StepResult::Outcome>(row.outcome);
    // Latency, nodes and guesses describe a solve: an invalid record has none.
    if (outcome != StepResult::Outcome::invalid) {
      if (timed_) append_number(buffer_, row.latency_ns);
      buffer_ += ',';
      if (tree_size_reported_) append_number(buffer_, row.nodes);
      buffer_ += ',';
      append_number(buffer_, row.guesses);
    } else {
      buffer_ += ",,";
    }
    buffer_ += ',';
    buffer_ += outcome_name(outcome);
    buffer_ += '\n';
  }
  write_bytes(buffer_);
}

void PerPuzzleRows::write_bytes(const std::string& bytes) {
  if (bytes.empty() || !error_.empty()) return;
  try {
    out_.write(bytes);
  } catch (const IoError& e) {
    error_ = e.reason();
  }
}

std::uint64_t PerPuzzleRows::settle() {
  if (!error_.empty()) return 0;
  try {
    return settled_ = out_.settle();
  } catch (const IoError& e) {
    error_ = e.reason();
    return 0;
  }
}

void PerPuzzleRows::drop_pass() {
  if (!error_.empty() || out_.direct()) return;
  try {
    // Settled first, so that zlib holds none of the rows dropped: then cutting the file drops them
    // all, and the next row starts a gzip member of its own.
    out_.settle();
    const int fd = out_.descriptor();
    if (ftruncate(fd, static_cast<off_t>(settled_)) != 0 || lseek(fd, static_cast<off_t>(settled_), SEEK_SET) < 0)
      error_ = std::string("cannot take back the rows of a pass dropped: ") + std::strerror(errno);
  } catch (const IoError& e) {
    error_ = e.reason();
  }
}

void PerPuzzleRows::close() {
  if (!error_.empty()) throw IoError(out_.name(), error_);
  out_.commit();
}

}  // namespace sudoku_bench
