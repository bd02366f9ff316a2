// Cells in columns for a terminal, each column as wide as what it holds: fixed printf widths
// misalign, or waste the width, as soon as a name or a figure does not match them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sudoku_bench {

// How a table meets the width it is shown in.
struct TableFit {
  // The columns a line may take (output_width): a wider table is split into blocks of columns, a
  // blank line apart, as R and pandas print a wide frame. None (a pipe, a file): one row a line,
  // however wide, for the scripts that read it.
  std::optional<std::size_t> width;
  // The leading columns that say whose row it is (dataset, solver, threads): repeated in every block.
  std::size_t keys = 0;
  // Lines said of a row (its warnings), printed under it in the first block: notes[i] under rows[i],
  // fitted to the width too.
  std::vector<std::vector<std::string>> notes;
};

// `rows` (the header first) in columns as wide as their widest cell (text_columns), one space
// apart: to the left where `left` says so (names), else to the right (numbers); no trailing spaces.
std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& left,
                       const TableFit& fit = {});

}  // namespace sudoku_bench
