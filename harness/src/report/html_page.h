// The page around what an HTML output shows (html_format.cc): Chart.js, the style (page.css) and
// the script that draws `data` (page.js), all three embedded at build time. Shared by the report's
// page and the history's (history_html.cc).
//
// `data` holds what the page shows, every part optional: "title"; "warnings" (texts); "findings"
// (texts: what the command's text says) and "findings_note"; "sections" ([{"heading", "table":
// {"header", "left", "rows"}, "note"}], one with no row left out); "charts" ([{"id", "title", "x",
// "y", "series": [{"label", "group", "points": [[x, y]…], "dashed", "line"}]}], "line": false for
// marks without a line; an axis {"label", "log", "ticks": [[value, text]…] or null, "from_zero",
// "suggested": [low, high], the least range shown, or absent}; the series of a chart that name one
// "group" share a colour, each group its own in the order they first appear); and the report's own
// parts ("context", "settings", "table", "passes", "comparison", "spread", "interrupted").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace sudoku_bench {

// Throws std::runtime_error when !html_report_available() (html_format.h).
std::string html_page(const nlohmann::ordered_json& data);

}  // namespace sudoku_bench
