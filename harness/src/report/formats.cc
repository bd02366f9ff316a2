#include "report/formats.h"

#include <stdexcept>

#include "report/bmf_format.h"
#include "report/csv_format.h"
#include "report/gbench_format.h"
#include "report/markdown_format.h"
#include "report/report_json.h"

namespace sudoku_bench {

std::string_view name_of(ReportFormat format) {
  for (const ReportFormatName& f : kReportFormats)
    if (f.format == format) return f.name;
  return "?";
}

std::optional<ReportFormat> report_format_named(std::string_view name) {
  for (const ReportFormatName& f : kReportFormats)
    if (f.name == name) return f.format;
  return std::nullopt;
}

std::string benchmark_name(const MeasuredPass& run) {
  return "solve/" + run.dataset + "/" + run.solver + (run.ranks > 1 ? "/ranks:" + std::to_string(run.ranks) : "") +
         "/threads:" + std::to_string(run.threads);
}

std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> runs_by_benchmark(const Report& report) {
  std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> named;
  for (const PassGroup<const MeasuredPass>& g : complete_groups(report.runs))
    named.emplace_back(benchmark_name(*g.passes.front()), g.passes);
  return named;
}

bool is_json_format(ReportFormat format) { return format != ReportFormat::markdown && format != ReportFormat::csv; }

nlohmann::ordered_json to_json_as(const Report& report, ReportFormat format) {
  switch (format) {
    case ReportFormat::gbench:
      return to_gbench_json(report);
    case ReportFormat::bmf:
      return to_bmf_json(report);
    case ReportFormat::markdown:
    case ReportFormat::csv:
      throw std::invalid_argument("to_json_as: markdown and csv are text, not JSON (to_text_as)");
    case ReportFormat::json:
      break;
  }
  return to_json(report);
}

std::string to_text_as(const Report& report, ReportFormat format) {
  switch (format) {
    case ReportFormat::markdown:
      return to_markdown(report);
    case ReportFormat::csv:
      return to_csv(report);
    case ReportFormat::json:
    case ReportFormat::gbench:
    case ReportFormat::bmf:
      break;
  }
  return json_text(to_json_as(report, format));
}

}  // namespace sudoku_bench
