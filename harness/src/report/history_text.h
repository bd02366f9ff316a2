// history's text: a block per series (its changes, each with what changed in the solver's files or
// the harness; under a series without a change, where its code changed and what its reports could
// show), then the rule. The page is history_html.h's.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "report/history.h"
#include "report/report.h"

namespace sudoku_bench {

// What the text says of one series, a line each (ending in '\n'; a change's carries what changed on
// a second, indented): its reports and changes, what changed in the solver's files or the harness,
// or, with no change, where its code changed and what its reports could show. The page lists them.
std::vector<std::string> series_findings(const HistorySeries& s, const std::vector<Report>& reports,
                                         const std::vector<std::string>& names, const HistoryOptions& o);

// `names`: each report's file. Returns whether the newest report of a series is slower.
bool print_history_text(const std::vector<HistorySeries>& series, const std::vector<Report>& reports,
                        const std::vector<std::string>& names, const HistoryOptions& o, std::FILE* out);

}  // namespace sudoku_bench
