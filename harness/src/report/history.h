// Reports of one benchmark over time as series, one per (dataset, solver, ranks, threads), and
// where each series changed level (stats/change_points.h): the first report of each change, its
// size and its confidence. The reports are ordered by date, or by a label the user recorded (run
// --label version=...), and each series follows the figure every check gates on (comparison.h: CPU
// time per puzzle by default). `sudoku-bench history` prints this; tests check it directly.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report/comparison.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/verdict.h"
#include "stats/change_points.h"

namespace sudoku_bench {

// max_slowdown: the smallest change worth naming (--min-change); gate: the figure followed, CPU time
// per puzzle or throughput.
struct HistoryOptions : Judging {
  std::string by;  // order by this label (settings.labels); "": by date
  bool operator==(const HistoryOptions&) const = default;
};

// A time step is "cannot tell" when the share of reports that recorded noise differs by this much
// or more between its two sides (the noise changed with the figure).
inline constexpr double kNoiseShareToDoubt = 0.5;

// One report's place in the history.
struct HistoryPoint {
  std::size_t report = 0;  // index into the reports given
  double value = 0;        // the followed figure's median over the complete repetitions
  // Time reports: what the report recorded that could move this figure by itself
  // (comparison.h: recorded_noise), "; " between reasons; "" when nothing.
  std::string noise = {};
};

struct HistoryChange {
  std::size_t report = 0;           // the first report after the change
  double ratio = 1;                 // level after / before of the followed figure
  std::optional<double> low, high;  // its 95% interval
  double p_value = 1;               // 1 for instruction counts, which are judged without a test
  // slower: time per puzzle grew (throughput fell, CPU time or instructions rose). cannot_tell: a
  // time step whose sides differ in how many of their reports recorded noise (`doubt`: theirs),
  // by kNoiseShareToDoubt or more.
  Verdict verdict = Verdict::same;
  std::string doubt = {};
};

// What a series without a change could have shown: the smallest step these reports find, for the
// line history prints when it names no change ("0 changes" alone reads as "nothing happened").
struct HistoryPower {
  // The p of the clearest step these reports could hold (a perfect step at the middle): when it is
  // not below alpha, no change can be named whatever its size, and `more_reports` more would do
  // (0: none up to 30 more).
  double clearest_p = 1;
  std::size_t more_reports = 0;
  // The smallest step (a ratio's distance from 1: 0.11 is 11%), in the middle of a series with this
  // series' noise, found in at least 8 of 10 simulated series; empty where none up to 100% is.
  std::optional<double> detectable;
  double noise = 0;  // the series' noise: the standard deviation of its log values, from neighbours' differences
};

struct HistorySeries {
  PassKey key;
  std::vector<HistoryPoint> points;  // in the reports' order
  std::vector<HistoryChange> changes;
  // Instruction reports: the series follows instructions per puzzle, and a change is any report
  // whose count differs from the one before by more than Judging::threshold(true), no test.
  bool counted = false;
  // The newest change is a slowdown: by more than the threshold, and it stayed so.
  bool slower_now() const { return !changes.empty() && changes.back().verdict == Verdict::slower; }
};

// A label's value in a report; "" when it has none.
std::string label_of(const Report& report, const std::string& key);

// For each report that holds the very passes of an earlier one (every pass's run id and sequence,
// run ids present), the earlier one's place, else nothing: a copy of a report, or its .gz, is the
// same measurement, which a history counts once.
std::vector<std::optional<std::size_t>> repeated_reports(const std::vector<Report>& reports);

// "a2 < a10": texts compared with their runs of digits as numbers, so that versions order as
// people write them (1.9 before 1.10).
bool version_less(const std::string& a, const std::string& b);

// The figure a series follows: instructions per puzzle for instruction reports, else the gate's.
const Metric& followed_metric(const HistorySeries& series, const HistoryOptions& options);

// Why these reports do not make one history, "" when they do: time reports with instruction reports,
// or instruction reports of counters differing in tool or instruction set (comparison.h:
// measure_mismatch); `names` names them.
std::string history_mismatch(const std::vector<Report>& reports, const std::vector<std::string>& names);

// The reports ordered by options.by's label (version_less; ties by date), or by their dates
// (context.date), then their place; the series in the order their keys first appear there. Each
// report counts once per key, at its median. Throws std::invalid_argument naming a report without
// the label.
std::vector<std::size_t> history_order(const std::vector<Report>& reports, const std::vector<std::string>& names,
                                       const HistoryOptions& options);
std::vector<HistorySeries> history_of(const std::vector<Report>& reports, const std::vector<std::size_t>& order,
                                      const HistoryOptions& options);

// The power of `series`'s reports to show a change (HistoryPower), by simulation with a fixed seed.
HistoryPower history_power(const HistorySeries& series, const HistoryOptions& options);

}  // namespace sudoku_bench
