// The human-readable form of a report, for a terminal.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "report/report.h"

namespace sudoku_bench {

// One row per (dataset, solver, threads): median throughput over repetitions, its spread, and the
// latency and tree-size figures of the repetition with the median throughput.
void print_table(std::FILE* out, const Report& report);

// "850 ns", "5.12 us", "1.23 ms", "2.50 s".
std::string format_duration_ns(double ns);
// "1,234,567".
std::string format_count(double value);

}  // namespace sudoku_bench
