#include "report/csv_format.h"

#include <charconv>
#include <cstdint>

namespace sudoku_bench {
namespace {

// Quoted when it holds a comma, a quote or a line break; quotes inside doubled (RFC 4180).
std::string field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

// The shortest text without an exponent that reads back as the same double.
std::string number(double value) {
  char buf[400];  // the widest double in fixed notation
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
  return ec == std::errc() ? std::string(buf, end) : std::string();
}

std::string number(std::uint64_t value) { return std::to_string(value); }
std::string number(int value) { return std::to_string(value); }
std::string boolean(bool value) { return value ? "true" : "false"; }

// A latency figure, empty where latencies were not measured.
template <std::uint64_t Summary::*Figure>
std::string latency(const MeasuredPass& r) {
  return r.latency_measured ? number(r.latency_ns.*Figure) : std::string();
}
template <std::size_t Index>
std::string latency_percentile(const MeasuredPass& r) {
  return r.latency_measured ? number(r.latency_ns.percentiles[Index]) : std::string();
}

struct CsvColumn {
  std::string_view name;
  std::string (*cell)(const MeasuredPass&);
};

// Each column once: its name and its cell.
constexpr CsvColumn kColumns[] = {
    {"dataset", [](const MeasuredPass& r) { return field(r.dataset); }},
    {"solver", [](const MeasuredPass& r) { return field(r.solver); }},
    {"ranks", [](const MeasuredPass& r) { return number(r.ranks); }},
    {"threads", [](const MeasuredPass& r) { return number(r.threads); }},
    {"repetition", [](const MeasuredPass& r) { return number(r.repetition); }},
    {"complete", [](const MeasuredPass& r) { return boolean(r.complete); }},
    {"puzzles", [](const MeasuredPass& r) { return number(r.puzzles()); }},
    {"wall_seconds", [](const MeasuredPass& r) { return number(r.wall_seconds); }},
    {"cpu_seconds", [](const MeasuredPass& r) { return number(r.cpu_seconds); }},
    {"puzzles_per_second", [](const MeasuredPass& r) { return number(r.puzzles_per_second()); }},
    {"latency_p50_ns", latency_percentile<percentile_index("50")>},
    {"latency_p90_ns", latency_percentile<percentile_index("90")>},
    {"latency_p99_ns", latency_percentile<percentile_index("99")>},
    {"latency_p99.9_ns", latency_percentile<percentile_index("99.9")>},
    {"latency_max_ns", latency<&Summary::max>},
    {"tree_size_mean",
     [](const MeasuredPass& r) { return r.tree_size_reported ? number(r.tree_size.mean) : std::string(); }},
    {"tree_size_max",
     [](const MeasuredPass& r) { return r.tree_size_reported ? number(r.tree_size.max) : std::string(); }},
    {"guesses_mean", [](const MeasuredPass& r) { return number(r.guesses.mean); }},
    {"loops", [](const MeasuredPass& r) { return number(r.loops); }},
    {"disturbed", [](const MeasuredPass& r) { return boolean(!r.disturbed().empty()); }},
    {"outlier", [](const MeasuredPass& r) { return boolean(r.outlier); }},
};

}  // namespace

std::vector<std::string_view> csv_columns() {
  std::vector<std::string_view> names;
  for (const CsvColumn& c : kColumns) names.push_back(c.name);
  return names;
}

std::string to_csv(const Report& report) {
  std::string out;
  for (const CsvColumn& c : kColumns) out += (out.empty() ? "" : ",") + field(c.name);
  out += '\n';
  for (const MeasuredPass& r : report.runs) {
    for (const CsvColumn& c : kColumns) out += (&c == kColumns ? "" : ",") + c.cell(r);
    out += '\n';
  }
  return out;
}

}  // namespace sudoku_bench
