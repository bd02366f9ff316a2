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

}  // namespace sudoku_bench
