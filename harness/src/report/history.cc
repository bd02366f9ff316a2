#include "report/history.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace sudoku_bench {

std::vector<std::size_t> history_order(const std::vector<Report>& reports) {
  std::vector<std::size_t> order(reports.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return reports[a].context.date < reports[b].context.date; });
  return order;
}

std::vector<HistorySeries> history_of(const std::vector<Report>& reports, const std::vector<std::size_t>& order,
                                      const HistoryOptions& options) {
  std::vector<HistorySeries> series;
  std::map<PassKey, std::size_t> index;
  for (const std::size_t r : order) {
    for (const PassGroup<const MeasuredPass>& g : complete_groups(reports[r].runs)) {
      std::vector<double> rates;
      for (const MeasuredPass* p : g.passes) rates.push_back(p->puzzles_per_second());
      const auto [it, fresh] = index.emplace(g.key, series.size());
      if (fresh) series.push_back({g.key, {}, {}});
      series[it->second].points.push_back({r, median(rates)});
    }
  }
  for (HistorySeries& s : series) {
    // On logarithms: a shift is a ratio, the same for a fast and a slow solver.
    std::vector<double> logs;
    for (const HistoryPoint& p : s.points) logs.push_back(std::log(std::max(p.puzzles_per_second, 1e-300)));
    ChangePointOptions o;
    o.alpha = options.alpha;
    o.min_shift = std::log(1 + options.min_change);
    for (const ChangePoint& c : change_points(logs, o)) {
      HistoryChange change{s.points[c.at].report, std::exp(c.shift), std::nullopt, std::nullopt, c.p_value};
      if (c.low) change.low = std::exp(*c.low);
      if (c.high) change.high = std::exp(*c.high);
      s.changes.push_back(change);
    }
  }
  return series;
}

}  // namespace sudoku_bench
