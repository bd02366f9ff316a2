// Reports of one benchmark over commits as series, one per (dataset, solver, ranks, threads), and
// where each series changed level (stats/change_points.h): the first commit of each change, its
// size and its confidence. `sudoku-bench history` prints this; tests check it directly.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report/report.h"
#include "stats/change_points.h"

namespace sudoku_bench {

struct HistoryOptions {
  double alpha = 0.05;
  double min_change = 0.03;  // the smallest change in throughput worth naming: 0.03 is 3%
  bool operator==(const HistoryOptions&) const = default;
};

// One report's place in the history.
struct HistoryPoint {
  std::size_t report = 0;         // index into the reports given
  double puzzles_per_second = 0;  // the median of the complete repetitions
};

struct HistoryChange {
  std::size_t report = 0;           // the first report after the change
  double ratio = 1;                 // level after / before, of throughput: 0.95 is 5% slower
  std::optional<double> low, high;  // its 95% interval
  double p_value = 1;
};

struct HistorySeries {
  PassKey key;
  std::vector<HistoryPoint> points;  // in the reports' order
  std::vector<HistoryChange> changes;
  // The newest change is a slowdown: throughput fell by more than the threshold and stayed so.
  bool slower_now() const { return !changes.empty() && changes.back().ratio < 1; }
};

// The reports ordered by their dates (context.date, then their place); the series in the order
// their keys first appear there. Each report counts once per key, at its median.
std::vector<std::size_t> history_order(const std::vector<Report>& reports);
std::vector<HistorySeries> history_of(const std::vector<Report>& reports, const std::vector<std::size_t>& order,
                                      const HistoryOptions& options);

}  // namespace sudoku_bench
