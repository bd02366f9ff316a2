#include "report/text_table.h"

#include <algorithm>

#include "report/names.h"

namespace sudoku_bench {

std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& left) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size());
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], text_columns(row[i]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::string pad(widths[i] - text_columns(row[i]), ' ');
      if (i) line += ' ';
      line += i < left.size() && left[i] ? row[i] + pad : pad + row[i];
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + '\n';
  }
  return out;
}

}  // namespace sudoku_bench
