// Google Benchmark's JSON output, so that its tools (compare.py) read our runs: one "iteration"
// entry per repetition, times in ns per puzzle, percentiles and tree sizes as user counters; then,
// for two repetitions or more, "aggregate" entries NAME_mean, _median, _stddev and _cv, as
// --benchmark_repetitions writes them.
#pragma once

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace sudoku_bench {

nlohmann::ordered_json to_gbench_json(const Report& report);

}  // namespace sudoku_bench
