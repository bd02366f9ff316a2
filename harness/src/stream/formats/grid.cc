// grid: a puzzle over `side` lines of `side` symbols, optionally decorated with '|', '-', '+' and
// spaces; grids are separated by blank lines or lines of '=' or '-'. The reader joins each grid's
// rows into one record.
#include "sudoku/grid.h"

#include <algorithm>
#include <string>

#include "stream/formats/formats.h"
#include "sudoku/parse.h"

namespace sudoku_bench::formats {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// The cells of a line: its symbols, with spaces, tabs and '|' removed.
std::string cells_of(std::string_view line) {
  std::string cells;
  for (char c : line)
    if (!is_space(c) && c != '|') cells += c;
  return cells;
}

// A separator or decoration: nothing but '=', '-', '+', '|' and spaces.
bool is_rule(std::string_view line) {
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return is_space(c) || c == '=' || c == '-' || c == '+' || c == '|'; });
}

// Joins each grid's rows into one record, and says what is wrong with a grid that has rows of
// other lengths or too few of them.
class GridRows final : public LineAssembler {
 public:
  void add(Chunk& chunk, std::string_view line, std::uint64_t number, std::uint64_t) override {
    if (!line.empty() && line.front() == '#') return;
    if (is_rule(line)) {
      // Blank and '=' lines end a grid; rules of '-' and '+' may also decorate one between its rows.
      const bool decoration =
          line.find_first_of("-+") != std::string_view::npos && line.find('=') == std::string_view::npos;
      if (!decoration) finish(chunk);
      return;
    }
    const std::string cells = cells_of(line);
    if (first_line_ == 0) start(cells, number);
    if (side_ == 0) {
      cells_ += cells;
      return;
    }
    ++rows_;
    if (cells.size() != side_ && malformed_.empty())
      malformed_ = "row " + std::to_string(rows_) + " (line " + std::to_string(number) + ") has " +
                   std::to_string(cells.size()) + " cells, expected " + std::to_string(side_);
    cells_ += cells;
    if (rows_ == side_) finish(chunk);
  }

  void finish(Chunk& chunk) override {
    if (first_line_ == 0) return;
    if (rows_ < side_ && malformed_.empty())  // cut short by a separator or the end
      malformed_ = "grid starting at line " + std::to_string(first_line_) + " has " + std::to_string(rows_) + " of " +
                   std::to_string(side_) + " rows";
    const std::string_view cells = std::string_view(cells_).substr(0, kMaxRecordBytes);
    std::int32_t malformed = -1;
    if (!malformed_.empty()) {
      malformed = static_cast<std::int32_t>(chunk.malformed.size());
      chunk.malformed.push_back(malformed_);
    }
    chunk.records.push_back(Record{static_cast<std::uint32_t>(chunk.text.size()),
                                   static_cast<std::uint32_t>(cells.size()), first_line_, cells_.size(), malformed});
    chunk.text.append(cells);
    first_line_ = 0;
    side_ = rows_ = 0;
    cells_.clear();
    malformed_.clear();
  }

 private:
  void start(const std::string& cells, std::uint64_t number) {
    first_line_ = number;
    side_ = cells.size();
    if (sudoku::box_for_cell_count(side_ * side_) == 0) {
      // With no size to count rows by, the grid runs to the next blank or '=' line.
      malformed_ = "grid row of " + std::to_string(cells.size()) + " cells (expected 4, 9, 16, 25, 36 or 49)";
      side_ = 0;
    }
  }

  std::uint64_t first_line_ = 0;  // 0: no grid in progress
  std::size_t side_ = 0, rows_ = 0;
  std::string cells_, malformed_;
};

class Grid final : public RecordFormat {
 public:
  Grid() : RecordFormat(/*numbers=*/false, /*spans_lines=*/true, /*parses_cut_lines=*/false) {}

  // A row of a grid: decorated, or as many cells as a grid has columns. (A bare 16-symbol line is
  // a 4x4 record: lines is asked first; a 16x16 grid written without spaces needs --input-format grid.)
  bool detects(std::string_view line) const override {
    const std::string cells = cells_of(line);
    const bool decorated = cells.size() != line.size();
    return is_rule(line) || decorated || sudoku::box_for_cell_count(cells.size() * cells.size()) != 0;
  }

  std::unique_ptr<LineAssembler> assembler() const override { return std::make_unique<GridRows>(); }

  // Columns of the joined cells mean little to someone looking at a grid: name row and column.
  std::string where(std::string_view puzzle) const override {
    sudoku::Grid scratch;
    const sudoku::ParseResult r = sudoku::parse_record(puzzle, scratch);
    const int box = sudoku::box_for_cell_count(puzzle.size());
    if (r.status != sudoku::ParseStatus::bad_character || box == 0) return {};
    const std::size_t side = static_cast<std::size_t>(box * box), at = r.column - 1;
    return " (row " + std::to_string(at / side + 1) + ", column " + std::to_string(at % side + 1) + " of the grid)";
  }
};

}  // namespace

const RecordFormat& grid() {
  static const Grid format;
  return format;
}

}  // namespace sudoku_bench::formats
