// CSV as RFC 4180 writes it, both ways: the per-puzzle files and the report's CSV write fields
// quoted alike, and compare and ab read them back with the same rule.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// `text` as one field: quoted when it holds a comma, a quote or a line break (file names may),
// quotes inside doubled.
std::string csv_field(std::string_view text);

// Splits a CSV record into `fields`, quoted ones as csv_field writes them. False while a quoted
// field is still open: the record goes on on the next line.
bool split_csv(std::string_view record, std::vector<std::string>& fields);

}  // namespace sudoku_bench
