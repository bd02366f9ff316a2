// How fast each solver ran against the first one `run --solver` named, hyperfine-style, the lines
// `run`'s table ends with when it measured several solvers.
#pragma once

#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// Per dataset, a line per solver after the first: "top95: fast ran 15.23 ± 0.81 times as fast as
// bitmask at 1 thread, 9.54 ± 0.40 at 2 threads". The ratio is of the median throughputs at the
// same ranks and threads; "± s" its standard deviation, each side's repetitions' standard deviation
// over their median added in quadrature, left out where a side has one repetition. None for a
// report of one solver, or of instruction counts (no throughput of the solver's own).
std::vector<std::string> relative_speed_lines(const Report& report);

}  // namespace sudoku_bench
