#include "report/formats.h"

#include <stdexcept>

#include "report/bmf_format.h"
#include "report/csv_format.h"
#include "report/gbench_format.h"
#include "report/html_format.h"
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

namespace {

// How each format is written: as JSON (then as text by json_text) or as text only.
struct Writer {
  ReportFormat format;
  nlohmann::ordered_json (*json)(const Report&);
  std::string (*text)(const Report&);
};
const Writer kWriters[] = {
    {ReportFormat::json, to_json, nullptr},
    {ReportFormat::gbench, to_gbench_json, nullptr},
    {ReportFormat::bmf, to_bmf_json, nullptr},
    {ReportFormat::markdown, nullptr, to_markdown},
    {ReportFormat::csv, nullptr, to_csv},
    {ReportFormat::html, nullptr, [](const Report& r) { return to_html(r); }},
};

const Writer& writer_of(ReportFormat format) {
  for (const Writer& w : kWriters)
    if (w.format == format) return w;
  throw std::invalid_argument("no writer for this report format");
}

}  // namespace

bool is_json_format(ReportFormat format) { return writer_of(format).json != nullptr; }

nlohmann::ordered_json to_json_as(const Report& report, ReportFormat format) {
  const Writer& w = writer_of(format);
  if (!w.json) throw std::invalid_argument("to_json_as: markdown and csv are text, not JSON (to_text_as)");
  return w.json(report);
}

std::string to_text_as(const Report& report, ReportFormat format) {
  const Writer& w = writer_of(format);
  return w.text ? w.text(report) : json_text(w.json(report));
}

}  // namespace sudoku_bench
