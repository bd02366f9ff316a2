// A report in the formats other tools read. Both are derived from the same Report as the
// sudoku-bench JSON and documented in README.md ("Other formats").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "report/report.h"

namespace sudoku_bench {

enum class ReportFormat { json, gbench, bmf };

// "json", "gbench" or "bmf"; empty for anything else.
std::optional<ReportFormat> report_format_named(std::string_view name);

// The benchmark name both formats use: "solve/DATASET/SOLVER/threads:N".
std::string benchmark_name(const RunRecord& run);

// Google Benchmark's JSON output, so that its tools (compare.py) read our runs: one "iteration"
// entry per repetition, times in ns per puzzle, percentiles and tree sizes as user counters.
nlohmann::ordered_json to_gbench_json(const Report& report);

// Bencher Metric Format: per benchmark, the measures throughput, latency, latency-p99 and
// tree-size, each the median over repetitions with the extremes as lower and upper values.
nlohmann::ordered_json to_bmf_json(const Report& report);

// The report in `format`, ready for write_json_file.
nlohmann::ordered_json to_json_as(const Report& report, ReportFormat format);

}  // namespace sudoku_bench
