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

}  // namespace

std::string to_csv(const Report& report) {
  std::string out;
  for (std::size_t i = 0; i < kCsvColumns.size(); ++i) out += (i ? "," : "") + field(kCsvColumns[i]);
  out += '\n';
  for (const MeasuredPass& r : report.runs) {
    std::string latency(5, ',');  // five empty cells without latencies
    if (r.latency_measured) {
      latency.clear();
      for (const char* p : {"50", "90", "99", "99.9"})
        latency += ',' + number(r.latency_ns.percentiles[percentile_index(p)]);
      latency += ',' + number(r.latency_ns.max);
    }
    const std::string tree =
        r.tree_size_reported ? ',' + number(r.tree_size.mean) + ',' + number(r.tree_size.max) : std::string(",,");
    out += field(r.dataset) + ',' + field(r.solver) + ',' + std::to_string(r.ranks) + ',' + std::to_string(r.threads) +
           ',' + std::to_string(r.repetition) + ',' + (r.complete ? "true" : "false") + ',' + number(r.puzzles()) +
           ',' + number(r.wall_seconds) + ',' + number(r.cpu_seconds) + ',' + number(r.puzzles_per_second()) + latency +
           tree + ',' + number(r.guesses.mean) + ',' + std::to_string(r.loops) + ',' +
           (r.disturbed().empty() ? "false" : "true") + ',' + (r.outlier ? "true" : "false") + '\n';
  }
  return out;
}

}  // namespace sudoku_bench
