// csv: puzzle,solution per line, as Kaggle's sets have them; a header line naming the columns is
// skipped. The solution is checked, and the count expected is 1.
#include <algorithm>

#include "stream/formats/formats.h"
#include "sudoku/grid.h"

namespace sudoku_bench::formats {
namespace {

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

class Csv final : public RecordFormat {
 public:
  Csv()
      : RecordFormat(/*numbers=*/false, /*spans_lines=*/false, /*parses_cut_lines=*/false,
                     /*splits_fields=*/true) {}

  bool detects(std::string_view line) const override { return line.find(',') != std::string_view::npos; }

  // A header names its columns: a few words, each starting with a letter, and no puzzle (which has
  // digits or dots). Anything else is a record, to be judged, never skipped unseen.
  bool is_header(std::string_view line) const override {
    constexpr std::size_t kMaxColumns = 8;
    std::size_t columns = 0;
    bool puzzle_like = true;  // the first column could be a puzzle of letters (16x16 and up)
    for (std::size_t from = 0; from <= line.size(); ++columns) {
      const std::size_t comma = std::min(line.find(',', from), line.size());
      const std::string_view field = line.substr(from, comma - from);
      const auto word_char = [](char c) {
        return is_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == ' ' || c == '-';
      };
      if (field.empty() || !is_letter(field[0]) || !std::all_of(field.begin(), field.end(), word_char) ||
          columns == kMaxColumns)
        return false;
      if (columns == 0)
        puzzle_like =
            std::all_of(field.begin(), field.end(),
                        [](char c) {
                          return (c >= '0' && c <= '9') || c == '.' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'p');
                        }) &&
            sudoku::box_for_cell_count(field.size()) != 0;
      from = comma + 1;
    }
    return !puzzle_like;
  }

  RecordFields fields(std::string_view record) const override {
    const auto comma = record.find(',');
    std::string_view solution = record.substr(comma + 1);
    solution = solution.substr(0, solution.find(','));
    return {record.substr(0, comma), true, "1", true, solution};
  }
};

}  // namespace

const RecordFormat& csv() {
  static const Csv format;
  return format;
}

}  // namespace sudoku_bench::formats
