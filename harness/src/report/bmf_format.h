// Bencher Metric Format: per benchmark, the measures throughput, latency, latency-p99 and
// tree-size, each the median over repetitions with the extremes as lower and upper values.
#pragma once

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace sudoku_bench {

nlohmann::ordered_json to_bmf_json(const Report& report);

}  // namespace sudoku_bench
