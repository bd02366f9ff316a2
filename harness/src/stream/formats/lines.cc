// lines: one record per line, the puzzle's symbols (16, 81, 256, 625, 1296 or 2401 of them).
#include "stream/formats/formats.h"
#include "sudoku/grid.h"

namespace sudoku_bench::formats {
namespace {

class Lines final : public RecordFormat {
 public:
  // A line cut short keeps its whole length, so the parser says how long it really was.
  Lines() : RecordFormat(/*numbers=*/false, /*spans_lines=*/false, /*parses_cut_lines=*/true) {}
  bool detects(std::string_view line) const override { return sudoku::box_for_cell_count(line.size()) != 0; }
};

}  // namespace

const RecordFormat& lines() {
  static const Lines format;
  return format;
}

}  // namespace sudoku_bench::formats
