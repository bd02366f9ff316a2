// The formats a report can be written in: sudoku-bench's own JSON (report_json.h), and the
// formats other tools read (gbench_format.h, bmf_format.h), documented in README.md.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

enum class ReportFormat { json, gbench, bmf };

// "json", "gbench" or "bmf"; empty for anything else.
std::optional<ReportFormat> report_format_named(std::string_view name);

// The benchmark name the other formats use: "solve/DATASET/SOLVER/threads:N".
std::string benchmark_name(const MeasuredPass& run);

// Complete runs grouped by benchmark name, in the order the benchmarks first appear. A pass an
// interrupt cut short timed part of the file: no tool reading the other formats could tell.
std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> runs_by_benchmark(const Report& report);

// The report in `format`, ready for write_json_file.
nlohmann::ordered_json to_json_as(const Report& report, ReportFormat format);

}  // namespace sudoku_bench
