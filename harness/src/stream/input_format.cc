#include "stream/input_format.h"

#include <algorithm>

#include "sudoku/grid.h"

namespace sudoku_bench {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// "PUZZLE:COUNT" or "PUZZLE:COUNT:SOLUTION", COUNT a number, "invalid" or "aborted".
bool looks_like_check(std::string_view line) {
  const auto colon = line.find(':');
  if (colon == 0 || colon == std::string_view::npos) return false;
  std::string_view count = line.substr(colon + 1);
  count = count.substr(0, count.find(':'));
  if (count == "invalid" || count == "aborted") return true;
  return !count.empty() && std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool looks_like_numbers(std::string_view line) {
  std::size_t fields = 0;
  bool in_field = false;
  for (char c : line) {
    if (c >= '0' && c <= '9') {
      fields += !in_field;
      in_field = true;
    } else if (c == ',' || is_space(c)) {
      in_field = false;
    } else {
      return false;
    }
  }
  return fields >= 16 && sudoku::box_for_cell_count(fields) != 0;
}

std::optional<InputFormat> input_format_named(std::string_view name) {
  for (const InputFormatName& f : kInputFormats)
    if (name == f.name) return f.format;
  return std::nullopt;
}

const char* name_of(InputFormat format) {
  for (const InputFormatName& f : kInputFormats)
    if (f.format == format) return f.name;
  return "?";
}

std::string grid_cells(std::string_view line) {
  std::string cells;
  for (char c : line)
    if (!is_space(c) && c != '|') cells += c;
  return cells;
}

bool is_grid_rule(std::string_view line) {
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return is_space(c) || c == '=' || c == '-' || c == '+' || c == '|'; });
}

InputFormat detect_format(std::string_view line) {
  // Before csv, which also has commas; a 16-field line of digits and spaces is numbers, not a
  // row of a 16x16 grid (force --input-format grid for those).
  if (looks_like_numbers(line)) return InputFormat::numbers;
  if (line.find(',') != std::string_view::npos) return InputFormat::csv;
  if (looks_like_check(line)) return InputFormat::checks;
  if (sudoku::box_for_cell_count(line.size()) != 0) return InputFormat::lines;
  // A row of a grid: decorated, or as many cells as a grid has columns. A bare 16-symbol line is
  // a 4x4 record above; a 16x16 grid written without spaces needs --input-format grid.
  const std::string cells = grid_cells(line);
  const bool decorated = cells.size() != line.size();
  if (is_grid_rule(line) || decorated || sudoku::box_for_cell_count(cells.size() * cells.size()) != 0)
    return InputFormat::grid;
  return InputFormat::lines;
}

}  // namespace sudoku_bench
