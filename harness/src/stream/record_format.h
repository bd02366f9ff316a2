// One input format's knowledge in one place: how a file's first content line shows it, how its
// lines become records, and how a record splits into the puzzle and what the file expects of it.
// The chunk reader knows bytes and lines only; the per-record step knows fields only. A module per
// format, in formats/.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "stream/chunk.h"
#include "stream/input_format.h"

namespace sudoku_bench {

// The parts of one record: its puzzle, and what the file expects of it, if anything.
struct RecordFields {
  std::string_view puzzle;
  bool has_count = false;  // `count`: a number of solutions, "invalid" or "aborted"
  std::string_view count;
  bool has_solution = false;
  std::string_view solution;
};

// Makes records of an input's lines, one by one, where the reader reads them so: the first chunk
// (which decides the format), or a whole file whose records span lines. One per reading.
class LineAssembler {
 public:
  virtual ~LineAssembler() = default;
  // Line `number` without its terminator, cut to kMaxRecordBytes (`full_length` bytes before).
  virtual void add(Chunk& chunk, std::string_view line, std::uint64_t number, std::uint64_t full_length) = 0;
  // The input ended: a record in progress becomes one (malformed where it was cut short).
  virtual void finish(Chunk&) {}
};

class RecordFormat {
 public:
  // The record's puzzle is decimal numbers (0 a blank), not symbols.
  const bool numbers;
  // A record spans lines: the reader assembles every record. Else a record is a line, and only
  // the first chunk is read line by line; the parallel stage splits the rest (split_records).
  const bool spans_lines;
  // A line longer than kMaxRecordBytes is judged as a puzzle of its whole length (which no grid
  // has); else it is refused as too long for a record.
  const bool parses_cut_lines;
  // fields() splits a record into more than its puzzle: else the record is the puzzle, and the
  // per-record step takes it as it is, without a virtual call.
  const bool splits_fields;

  RecordFormat(bool numbers_, bool spans_lines_, bool parses_cut_lines_, bool splits_fields_ = false)
      : numbers(numbers_),
        spans_lines(spans_lines_),
        parses_cut_lines(parses_cut_lines_),
        splits_fields(splits_fields_) {}
  virtual ~RecordFormat() = default;

  // Whether a file whose first content line (not empty, not a # comment) is `line` has this format.
  virtual bool detects(std::string_view line) const = 0;
  // Whether the file's first content line names columns rather than holding a record.
  virtual bool is_header(std::string_view) const { return false; }
  // Record per content line (empty and # lines skipped, a header too), unless overridden.
  virtual std::unique_ptr<LineAssembler> assembler() const;
  // The record whole, unless splits_fields (then overridden).
  virtual RecordFields fields(std::string_view record) const { return {record, false, {}, false, {}}; }
  // Where a puzzle that does not parse went wrong, in the layout's own terms (" (row 2, column 5
  // of the grid)"), appended to the parser's message; "" where its column says it.
  virtual std::string where(std::string_view) const { return {}; }
};

const RecordFormat& record_format(InputFormat format);

// The format a file whose first content line is `line` has: the first module, in the order
// numbers, csv, checks, lines, grid, that recognises it; else lines.
InputFormat detect_format(std::string_view line);

}  // namespace sudoku_bench
