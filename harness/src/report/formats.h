// The formats a report can be written in: sudoku-bench's own JSON (report_json.h), the JSON
// formats other tools read (gbench_format.h, bmf_format.h), and text for people and spreadsheets
// (markdown_format.h, csv_format.h, html_format.h), documented in docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

enum class ReportFormat { json, gbench, bmf, markdown, csv, html };

// Every format with its name, in the order --format lists them: the one list the names, the
// option's help and its check come from.
struct ReportFormatName {
  ReportFormat format;
  std::string_view name;
  std::string_view about;  // for --help
};
inline constexpr ReportFormatName kReportFormats[] = {
    {ReportFormat::json, "json", "sudoku-bench's own"},
    {ReportFormat::gbench, "gbench", "Google Benchmark, with aggregates"},
    {ReportFormat::bmf, "bmf", "Bencher"},
    {ReportFormat::markdown, "markdown", "the table, for a pull request"},
    {ReportFormat::csv, "csv", "a row per pass"},
    {ReportFormat::html, "html", "a page with charts, for a browser"},
};
std::string_view name_of(ReportFormat format);
// Empty for a name not in kReportFormats.
std::optional<ReportFormat> report_format_named(std::string_view name);

// Whether `format` is JSON (json, gbench, bmf) rather than text (markdown, csv, html).
bool is_json_format(ReportFormat format);

// The report in a JSON `format`, ready for write_json_file. Throws std::invalid_argument for a
// text format (markdown, csv): use to_text_as.
nlohmann::ordered_json to_json_as(const Report& report, ReportFormat format);

// The report in any `format`, as the file's whole text (JSON ones as write_json_file writes them),
// ready for write_text_file.
std::string to_text_as(const Report& report, ReportFormat format);

}  // namespace sudoku_bench
