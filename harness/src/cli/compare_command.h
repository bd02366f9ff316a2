// `sudoku-bench compare BASE.json NEW.json`: the performance-regression check.
#pragma once

#include <cstdio>
#include <string>

#include "report/comparison.h"

namespace sudoku_bench {

struct CompareCommand {
  std::string base_path, current_path;
  CompareOptions options;
  bool allow_context_mismatch = false;
};

// Prints the table to `out`, refusals and notes to `err`. Returns 0 when no pair is slower,
// 1 when one is (by more than max_slowdown, with p < alpha), 2 when the reports are not
// comparable (different context without allow_context_mismatch, or no pair in common), 3 when a
// file cannot be read or is not a report.
int compare_command(const CompareCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
