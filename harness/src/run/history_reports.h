// `sudoku-bench history FILE|DIR…`: the reports of one benchmark over commits as series, and the
// commits where each series changed level (report/history.h); exit 1 when a series is slower now.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "report/history.h"

namespace sudoku_bench {

struct HistoryCommand {
  std::vector<std::string> paths;  // reports, or folders of them (*.json, not descending)
  HistoryOptions options;
  std::string html_path;  // --html: the page of the history; "": none

  bool operator==(const HistoryCommand&) const = default;
};

// Prints a line per series and one per change to `out`, notes to `err`, and with html_path writes
// the page (history_html.h). Returns 0; 1 when the newest change of a series is a slowdown (the CI
// use); 2 when fewer than 2 reports are given or the page would be one of them; 3 when one cannot
// be read or is not a report, or the page cannot be written.
int history_command(const HistoryCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
