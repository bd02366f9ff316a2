// A CSV row per measured pass (every repetition, complete or cut short by an interrupt), for
// spreadsheets and data frames: a header row, RFC 4180 quoting, LF line ends, raw numbers (seconds,
// nanoseconds, counts; no units, no thousands separators), an empty cell where a figure was not
// measured (latencies with run --no-latency, tree sizes of plugins). Columns: csv_columns().
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// The columns' names, in order: the pass's own (csv_format.cc) around the metric table's csv
// figures (metrics.h).
// Time's figures for a time report; for an instruction report, instructions_per_puzzle in their
// place (puzzles_per_second, cpu_per_puzzle_ns and the latencies are valgrind's there).
std::vector<std::string_view> csv_columns(Measure measure = Measure::time);

std::string to_csv(const Report& report);

}  // namespace sudoku_bench
