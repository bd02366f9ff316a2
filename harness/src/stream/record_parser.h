// A record's fields split by its file's format and its puzzle parsed, for a solver that takes the
// sizes it says: the common record (a line of symbols, whole) inline, every other case (fields
// and expectations, numbers, cut and malformed lines, why a record is not a puzzle) out of line.
// Holds the record last parsed until the next.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "stream/chunk.h"
#include "stream/expectation.h"
#include "stream/input_format.h"
#include "sudoku/grid.h"
#include "sudoku/parse.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

class RecordFormat;  // stream/record_format.h

class RecordParser {
 public:
  // `as_given`: a solver called a puzzle at a time, as given (SolverCall::as_given).
  RecordParser(const sudoku::SolverFactory& factory, bool as_given);

  // Whether the chunk's records may take the common way: a format of lines of the puzzle alone,
  // for a solver called as given (known once a record of the format was parsed by parse()).
  bool common(const Chunk& chunk) const { return common_ && chunk.format == format_of_; }
  // The common record: whole, in symbols, of a size the solver takes, parsed into puzzle(); false
  // for anything else (parse() says why). No virtual call, and no struct of fields built on the
  // stack and read back whole (a failed store forwarding: ~10% of noop's time a record, perf on
  // the Intel Xeon f6 m207).
  bool parse_common(const Chunk& chunk, const Record& record) {
    if (record.malformed >= 0 || record.full_length != record.length) [[unlikely]]
      return false;
    const std::string_view text = chunk.text_of(record);
    if (!sudoku::parse_symbols(text, puzzle_) || !supported_[static_cast<std::size_t>(puzzle_.box)]) [[unlikely]]
      return false;
    text_ = text;
    text_is_symbols_ = true;
    return true;
  }
  // Any record, into puzzle() and expected(): true for a puzzle this solver takes, else false with
  // `why` (untouched when true: no string is built or moved on the way of a valid record).
  bool parse(const Chunk& chunk, const Record& record, std::string& why);

  const sudoku::Grid& puzzle() const { return puzzle_; }
  // The puzzle as written (its first field in csv and checks files), and whether in symbols.
  std::string_view text() const { return text_; }
  bool text_is_symbols() const { return text_is_symbols_; }
  Expectation& expected() { return expected_; }
  const Expectation& expected() const { return expected_; }

 private:
  bool parse_in_full(const Chunk& chunk, const Record& record, std::string& why);

  const sudoku::SolverFactory& factory_;
  std::array<bool, sudoku::kMaxBox + 1> supported_;  // by box: the sizes the solver takes
  const RecordFormat* format_ = nullptr;             // of the last record parsed, and its name
  InputFormat format_of_ = InputFormat::lines;
  bool as_given_;
  bool common_ = false;
  sudoku::Grid puzzle_;
  std::string_view text_;
  bool text_is_symbols_ = true;
  Expectation expected_;
};

}  // namespace sudoku_bench
