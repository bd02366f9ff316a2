// The HTML page of a history (history.h): each series' throughput over the reports, with its
// changes marked and listed. `sudoku-bench history --html` writes it.
#pragma once

#include <string>
#include <vector>

#include "report/history.h"

namespace sudoku_bench {

// `names[i]` names reports[i] (its file). Throws std::runtime_error when !html_report_available().
std::string history_html(const std::vector<Report>& reports, const std::vector<std::string>& names,
                         const std::vector<HistorySeries>& series, const HistoryOptions& options);

}  // namespace sudoku_bench
