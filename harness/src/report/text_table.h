// Cells in columns for a terminal, each column as wide as what it holds: fixed printf widths
// misalign, or waste the width, as soon as a name or a figure does not match them.
#pragma once

#include <string>
#include <vector>

namespace sudoku_bench {

// `rows` (the header first) in columns as wide as their widest cell (text_columns), one space
// apart: to the left where `left` says so (names), else to the right (numbers); no trailing spaces.
std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& left);

}  // namespace sudoku_bench
