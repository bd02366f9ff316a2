#include "report/csv_format.h"

#include <charconv>
#include <cstdint>

#include "report/metrics.h"
#include "sys/csv.h"

namespace sudoku_bench {
namespace {

// The shortest text without an exponent that reads back as the same double.
std::string number(double value) {
  char buf[400];  // the widest double in fixed notation
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
  return ec == std::errc() ? std::string(buf, end) : std::string();
}

std::string number(int value) { return std::to_string(value); }
std::string boolean(bool value) { return value ? "true" : "false"; }

// A figure of the metric table: empty where the pass did not measure it.
std::string figure(const Metric& m, const MeasuredPass& r) {
  const std::optional<double> v = m.of(r);
  if (!v) return std::string();
  return m.integral ? std::to_string(static_cast<std::uint64_t>(*v)) : number(*v);
}

// A column of the pass itself (who, and what became of it); the figures sit between them.
struct CsvColumn {
  std::string_view name;
  std::string (*cell)(const MeasuredPass&);
};

constexpr CsvColumn kBefore[] = {
    {"dataset", [](const MeasuredPass& r) { return csv_field(r.id.dataset); }},
    {"solver", [](const MeasuredPass& r) { return csv_field(r.id.solver); }},
    {"ranks", [](const MeasuredPass& r) { return number(r.split.ranks); }},
    {"threads", [](const MeasuredPass& r) { return number(r.threads); }},
    {"repetition", [](const MeasuredPass& r) { return number(r.id.repetition); }},
    {"complete", [](const MeasuredPass& r) { return boolean(r.complete); }},
};
constexpr CsvColumn kAfter[] = {
    {"disturbed", [](const MeasuredPass& r) { return boolean(!r.disturbed().empty()); }},
    {"outlier", [](const MeasuredPass& r) { return boolean(r.outlier); }},
};

std::vector<const Metric*> csv_metrics(Measure measure) {
  std::vector<const Metric*> shown;
  for (const Metric& m : metrics())
    if (m.in(kInCsv, measure)) shown.push_back(&m);
  return shown;
}

// Each row's cells, in the columns' order.
std::vector<std::string> cells(const MeasuredPass& r, Measure measure) {
  std::vector<std::string> out;
  for (const CsvColumn& c : kBefore) out.push_back(c.cell(r));
  for (const Metric* m : csv_metrics(measure)) out.push_back(figure(*m, r));
  for (const CsvColumn& c : kAfter) out.push_back(c.cell(r));
  return out;
}

std::string joined(const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + cells[i];
  return out + '\n';
}

}  // namespace

std::vector<std::string_view> csv_columns(Measure measure) {
  std::vector<std::string_view> names;
  for (const CsvColumn& c : kBefore) names.push_back(c.name);
  for (const Metric* m : csv_metrics(measure)) names.push_back(m->key);
  for (const CsvColumn& c : kAfter) names.push_back(c.name);
  return names;
}

std::string to_csv(const Report& report) {
  std::vector<std::string> header;
  const Measure measure = report.settings.measure;
  for (const std::string_view name : csv_columns(measure)) header.push_back(csv_field(name));
  std::string out = joined(header);
  for (const MeasuredPass& r : report.passes) out += joined(cells(r, measure));
  return out;
}

}  // namespace sudoku_bench
