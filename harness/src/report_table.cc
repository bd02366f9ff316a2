#include "sudoku_bench/report_table.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace sudoku_bench {

std::string format_duration_ns(double ns) {
  char buf[32];
  if (ns < 1e3) std::snprintf(buf, sizeof buf, "%.0f ns", ns);
  else if (ns < 1e6) std::snprintf(buf, sizeof buf, "%.3g us", ns / 1e3);
  else if (ns < 1e9) std::snprintf(buf, sizeof buf, "%.3g ms", ns / 1e6);
  else std::snprintf(buf, sizeof buf, "%.3g s", ns / 1e9);
  return buf;
}

std::string format_count(double value) {
  const std::string digits = std::to_string(static_cast<std::uint64_t>(std::llround(std::max(value, 0.0))));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void print_table(std::FILE* out, const Report& report) {
  using Key = std::tuple<std::string, std::string, int>;
  std::map<Key, std::vector<const RunRecord*>> groups;
  for (const RunRecord& r : report.runs)
    if (r.complete) groups[Key{r.dataset, r.solver, r.threads}].push_back(&r);

  std::fprintf(out, "%-28s %-12s %7s %13s %7s %7s %5s %9s %9s %9s %9s %10s %10s\n", "dataset", "solver", "threads",
               "puzzles/s", "spread", "speedup", "eff", "lat p50", "lat p99", "lat p99.9", "lat max", "nodes avg",
               "guess avg");
  for (const ScalingRow& row : scaling_of(report.runs)) {
    auto runs = groups[Key{row.dataset, row.solver, row.threads}];
    std::sort(runs.begin(), runs.end(),
              [](const RunRecord* a, const RunRecord* b) { return a->puzzles_per_second() < b->puzzles_per_second(); });
    const RunRecord& mid = *runs[(runs.size() - 1) / 2];
    const double lo = runs.front()->puzzles_per_second(), hi = runs.back()->puzzles_per_second();
    char spread[16], speedup[16] = "-", eff[16] = "-";
    std::snprintf(spread, sizeof spread, "%.1f%%", row.puzzles_per_second > 0 ? 100 * (hi - lo) / row.puzzles_per_second : 0.0);
    if (row.speedup) std::snprintf(speedup, sizeof speedup, "%.2f", *row.speedup);
    if (row.efficiency) std::snprintf(eff, sizeof eff, "%.2f", *row.efficiency);
    const auto pct = [&](std::size_t i) { return format_duration_ns(static_cast<double>(mid.latency_ns.percentiles[i])); };
    std::fprintf(out, "%-28s %-12s %7d %13s %7s %7s %5s %9s %9s %9s %9s %10.1f %10.2f\n", row.dataset.c_str(),
                 row.solver.c_str(), row.threads, format_count(row.puzzles_per_second).c_str(), spread, speedup, eff,
                 pct(3).c_str(), pct(6).c_str(), pct(7).c_str(), format_duration_ns(static_cast<double>(mid.latency_ns.max)).c_str(),
                 mid.tree_size.mean, mid.guesses.mean);
  }
  // Outcomes per dataset and solver, from the first pass: every record has exactly one.
  std::map<std::pair<std::string, std::string>, bool> shown;
  for (const RunRecord& r : report.runs) {
    if (!shown.emplace(std::pair{r.dataset, r.solver}, true).second) continue;
    const Tally& t = r.status;
    std::fprintf(out, "%s (%s): %s records: %s unique, %s multiple, %s none, %s aborted, %s invalid\n", r.dataset.c_str(),
                 r.solver.c_str(), format_count(static_cast<double>(t.records())).c_str(),
                 format_count(static_cast<double>(t.unique)).c_str(), format_count(static_cast<double>(t.multiple)).c_str(),
                 format_count(static_cast<double>(t.none)).c_str(), format_count(static_cast<double>(t.aborted)).c_str(),
                 format_count(static_cast<double>(t.invalid)).c_str());
  }
}

}  // namespace sudoku_bench
