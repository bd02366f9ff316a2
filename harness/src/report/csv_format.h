// A CSV row per measured pass (every repetition, complete or cut short by an interrupt), for
// spreadsheets and data frames: a header row, RFC 4180 quoting, LF line ends, raw numbers (seconds,
// nanoseconds, counts; no units, no thousands separators), an empty cell where a figure was not
// measured (latencies with run --no-latency, tree sizes of plugins). Columns: kCsvColumns.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "report/report.h"

namespace sudoku_bench {

inline constexpr std::array<std::string_view, 21> kCsvColumns = {"dataset",        "solver",
                                                                 "ranks",          "threads",
                                                                 "repetition",     "complete",
                                                                 "puzzles",        "wall_seconds",
                                                                 "cpu_seconds",    "puzzles_per_second",
                                                                 "latency_p50_ns", "latency_p90_ns",
                                                                 "latency_p99_ns", "latency_p99.9_ns",
                                                                 "latency_max_ns", "tree_size_mean",
                                                                 "tree_size_max",  "guesses_mean",
                                                                 "loops",          "disturbed",
                                                                 "outlier"};

std::string to_csv(const Report& report);

}  // namespace sudoku_bench
