// numbers: side*side decimal numbers per line (0 a blank), separated by commas or blanks, for
// grids whose symbols run past one character.
#include "stream/formats/formats.h"
#include "sudoku/grid.h"

namespace sudoku_bench::formats {
namespace {

// Only digits separated by commas or blanks, as many fields as some grid has cells (not a csv
// puzzle,solution pair, which has 2).
bool holds_numbers(std::string_view line) {
  std::size_t fields = 0;
  bool in_field = false;
  for (char c : line) {
    if (c >= '0' && c <= '9') {
      fields += !in_field;
      in_field = true;
    } else if (c == ',' || c == ' ' || c == '\t') {
      in_field = false;
    } else {
      return false;
    }
  }
  return fields >= 16 && sudoku::box_for_cell_count(fields) != 0;
}

class Numbers final : public RecordFormat {
 public:
  Numbers() : RecordFormat(/*numbers=*/true, /*spans_lines=*/false, /*parses_cut_lines=*/false) {}
  bool detects(std::string_view line) const override { return holds_numbers(line); }
};

}  // namespace

const RecordFormat& numbers() {
  static const Numbers format;
  return format;
}

}  // namespace sudoku_bench::formats
