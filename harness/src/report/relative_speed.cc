#include "report/relative_speed.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "report/names.h"
#include "report/units.h"

namespace sudoku_bench {
namespace {

// The standard deviation of a group's throughputs over their median; empty for one repetition.
std::optional<double> relative_deviation(const PassGroup<const MeasuredPass>& group, double median) {
  const std::size_t n = group.passes.size();
  if (n < 2 || !(median > 0)) return std::nullopt;
  double mean = 0, squares = 0;
  for (const MeasuredPass* p : group.passes) mean += p->puzzles_per_second() / static_cast<double>(n);
  for (const MeasuredPass* p : group.passes) squares += std::pow(p->puzzles_per_second() - mean, 2);
  return std::sqrt(squares / static_cast<double>(n - 1)) / median;
}

std::string workers(const ScalingRow& row) {
  const int n = row.ranks * row.threads;
  return (row.ranks > 1 ? std::to_string(row.ranks) + "x" + std::to_string(row.threads) : std::to_string(n)) +
         (n == 1 ? " thread" : " threads");
}

// "15.23 ± 0.81" of `row` against `first`, at the same ranks and threads.
std::string ratio_text(const ScalingRow& row, const ScalingRow& first,
                       const std::vector<PassGroup<const MeasuredPass>>& groups) {
  const double ratio = row.puzzles_per_second / first.puzzles_per_second;
  const auto* a = find_group(groups, {row.dataset, row.solver, row.ranks, row.threads});
  const auto* b = find_group(groups, {first.dataset, first.solver, first.ranks, first.threads});
  const std::optional<double> da = a ? relative_deviation(*a, row.puzzles_per_second) : std::nullopt;
  const std::optional<double> db = b ? relative_deviation(*b, first.puzzles_per_second) : std::nullopt;
  std::string text = format_fixed("%.2f", ratio);
  if (da && db) text += " ± " + format_fixed("%.2f", ratio * std::hypot(*da, *db));
  return text;
}

// The line of `solver` against `first` on `dataset`, "" when they share no thread count.
std::string solver_line(const std::vector<ScalingRow>& rows, const std::string& dataset, const std::string& first,
                        const std::string& solver, const std::vector<PassGroup<const MeasuredPass>>& groups) {
  std::vector<std::string> parts;
  for (const ScalingRow& row : rows) {
    if (row.dataset != dataset || row.solver != solver) continue;
    const auto base = std::find_if(rows.begin(), rows.end(), [&](const ScalingRow& r) {
      return r.dataset == dataset && r.solver == first && r.ranks == row.ranks && r.threads == row.threads;
    });
    if (base == rows.end() || !(base->puzzles_per_second > 0)) continue;
    parts.push_back(ratio_text(row, *base, groups) + (parts.empty() ? " times as fast as " + short_name(first) : "") +
                    " at " + workers(row));
  }
  // Names shortened as the table above shows them.
  return parts.empty() ? "" : short_name(dataset) + ": " + short_name(solver) + " ran " + join(parts, ", ");
}

}  // namespace

std::vector<std::string> relative_speed_lines(const Report& report) {
  std::vector<std::string> lines;
  if (report.settings.measure != Measure::time) return lines;
  const std::vector<ScalingRow> rows = scaling_of(report.passes);
  const std::vector<PassGroup<const MeasuredPass>> groups = complete_groups(report.passes);
  std::vector<std::pair<std::string, std::string>> seen;  // (dataset, solver) in the table's order
  for (const ScalingRow& row : rows)
    if (std::find(seen.begin(), seen.end(), std::pair{row.dataset, row.solver}) == seen.end())
      seen.emplace_back(row.dataset, row.solver);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const auto first = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == seen[i].first; });
    if (first->second == seen[i].second) continue;
    if (std::string line = solver_line(rows, seen[i].first, first->second, seen[i].second, groups); !line.empty())
      lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace sudoku_bench
