// One self-contained HTML page of a report, for a browser, offline: the machine, build and
// settings, every warning, the table, charts drawn by Chart.js (embedded at build time from
// Debian's libjs-chart.js) and every pass. Everything shown is made here from the report; the
// page's script only draws it. Documented in docs/formats.md.
#pragma once

#include <string>

#include "report/comparison.h"
#include "report/report.h"

namespace sudoku_bench {

// Whether the charting library was found when this program was built.
bool html_report_available();

// Throws std::runtime_error when !html_report_available(). With a `base` report, the page also
// shows each (dataset, solver, threads) against it, criterion-style: the change in throughput with
// its 95% interval (shift_interval.h, on the logarithms of the repetitions), p and verdict as
// compare judges them, and why the two may not be comparable.
std::string to_html(const Report& report, const Report* base = nullptr);
// The page of `report` with a comparison made elsewhere (ab: two solvers measured in turns, both in
// `report`, so that their distributions are drawn together); `base` names the base in the heading,
// and `verdict`, the comparison's in one line, opens the page.
std::string to_html(const Report& report, const Comparison& comparison, const CompareOptions& options,
                    const std::string& base, const std::string& verdict);

}  // namespace sudoku_bench
