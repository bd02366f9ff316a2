// A GitHub-flavoured Markdown summary of a report, for a pull-request comment: a line naming the
// build and machine, then the printed table (report_table.h) as a pipe table, the same columns
// and units, one row per (dataset, solver, ranks, threads).
#pragma once

#include <string>

#include "report/report.h"

namespace sudoku_bench {

std::string to_markdown(const Report& report);

// A pipe-table cell: pipes and backslashes escaped, line breaks flattened, so that names cannot
// break the table.
std::string markdown_cell(const std::string& text);

}  // namespace sudoku_bench
