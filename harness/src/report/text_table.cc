#include "report/text_table.h"

#include <algorithm>

#include "report/names.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

// The columns of each block: the keys, then as many more as fit `width`, at least one a block so
// that a column wider than the width still shows (it overflows, as it would unsplit).
std::vector<std::vector<std::size_t>> column_blocks(const std::vector<std::size_t>& widths, const TableFit& fit) {
  const std::size_t keys = std::min(fit.keys, widths.size());
  std::size_t key_width = 0;
  for (std::size_t i = 0; i < keys; ++i) key_width += widths[i] + (i ? 1 : 0);
  std::vector<std::vector<std::size_t>> blocks;
  std::size_t next = keys;
  do {
    std::vector<std::size_t>& block = blocks.emplace_back();
    for (std::size_t i = 0; i < keys; ++i) block.push_back(i);
    std::size_t used = key_width;
    while (next < widths.size()) {
      const std::size_t need = widths[next] + (block.empty() ? 0 : 1);
      if (fit.width && block.size() > keys && used + need > *fit.width) break;
      block.push_back(next++);
      used += need;
    }
  } while (next < widths.size());
  return blocks;
}

}  // namespace

std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& left,
                       const TableFit& fit) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size());
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], text_columns(row[i]));
  }
  const std::vector<std::vector<std::size_t>> blocks = column_blocks(widths, fit);
  std::string out;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (b) out += '\n';
    for (std::size_t r = 0; r < rows.size(); ++r) {
      std::string line;
      for (const std::size_t i : blocks[b]) {
        const std::string cell = i < rows[r].size() ? rows[r][i] : std::string();
        const std::string pad(widths[i] - text_columns(cell), ' ');
        if (i != blocks[b].front()) line += ' ';
        line += i < left.size() && left[i] ? cell + pad : pad + cell;
      }
      line.erase(line.find_last_not_of(' ') + 1);
      out += line + '\n';
      if (b == 0 && r < fit.notes.size())
        for (const std::string& note : fit.notes[r]) out += fit_lines(note, fit.width) + '\n';
    }
  }
  return out;
}

}  // namespace sudoku_bench
