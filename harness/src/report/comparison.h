// Two reports side by side: which (dataset, solver, threads) pairs got slower, and whether the
// difference is more than noise. `sudoku-bench compare` prints this; tests check it directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/report.h"
#include "report/verdict.h"
#include "stats/mann_whitney.h"
#include "stats/shift_interval.h"

namespace sudoku_bench {

struct CompareOptions : Judging {
  // Repetition i of BASE against repetition i of NEW, for runs made in turns (tools/ab): drift in
  // the machine's speed then falls on both sides of a pair alike and drops out. The test becomes
  // the Wilcoxon signed-rank test on the per-round log ratios, and the verdict is taken on their
  // Hodges-Lehmann estimate instead of the ratio of medians. Both sides need the same repetitions.
  bool paired = false;

  bool operator==(const CompareOptions&) const = default;
};

struct Metric;

struct MetricComparison {
  std::string metric;          // its label: "puzzles/s", "CPU/puzzle", "latency p50", …
  const Metric* of = nullptr;  // the figure (metrics.h): its unit, how it is written
  bool higher_is_better = false;
  std::vector<double> base, current;  // one value per repetition
  double base_median = 0, current_median = 0;
  double ratio = 0;  // current / base medians; 0 when the base median is 0
  // Relative growth of time (1/throughput, or latency): 0.1 is 10% slower. Unpaired, from the ratio
  // of medians; paired, the change's estimate.
  double slowdown = 0;
  // The same growth of time as a Hodges-Lehmann shift of log times (paired: of per-round log ratios)
  // with its 1 - alpha confidence interval, as relative changes: {0.031, 0.020, 0.043} is 3.1% slower,
  // between 2.0% and 4.3%. No interval when the repetitions are too few for it; empty when a value is
  // not positive.
  std::optional<ShiftInterval> change;
  double p_value = 1;  // two-sided: Mann-Whitney U, or Wilcoxon signed-rank when paired
  // Instruction counts (settings.measure "instructions"): judged on the medians' ratio alone, with
  // no test, no p and no interval, since the counts have no noise to test against.
  bool counted = false;
  Verdict verdict = Verdict::same;
};

// How many times the larger side's spread of repetitions (max - min over the median) a change of
// time must exceed to be told from noise in reports of separate runs.
inline constexpr double kSpreadsToTell = 2;

struct PairComparison {
  std::string dataset, solver;
  int ranks = 1;  // MPI ranks (or merged shards) of the pair's passes
  int threads = 0;
  // The metric table's compared figures (metrics.h, in its order) that every pass of both measured:
  // throughput, CPU time per puzzle where both have cpu_seconds, each latency percentile where both
  // measured latency.
  std::vector<MetricComparison> metrics;
  // The row whose verdict counts: throughput, or CPU time per puzzle for GateTime::cpu. Latency
  // rows are shown, not gated: tail percentiles of a few repetitions move with every interruption.
  std::size_t gated = 0;
  // False when the repetition counts make p < alpha impossible: then nothing can be flagged.
  bool can_detect = true;
  // Time reports of separate runs (not paired): what they recorded that could make the change by
  // itself ("4 of 5 passes of NEW were disturbed (12% waiting for a CPU)"; "; " between reasons),
  // "" when nothing. A SLOWER or faster verdict with a doubt becomes Verdict::cannot_tell.
  std::string doubt;
  // Whether the doubt holds noise the reports recorded (disturbed passes, a loaded machine), not
  // only the spread: then even a "same" verdict is said to be noisy.
  bool noise_recorded = false;
  const MetricComparison& gated_metric() const { return metrics.at(gated); }
  Verdict verdict() const { return gated_metric().verdict; }
  std::string name() const {
    return dataset + "/" + solver + (ranks > 1 ? "/ranks=" + std::to_string(ranks) : "") +
           "/threads=" + std::to_string(threads);
  }
  // "4" for one process, "2x4" for 2 ranks of 4 threads.
  std::string workers() const { return (ranks > 1 ? std::to_string(ranks) + "x" : "") + std::to_string(threads); }
};

struct Comparison {
  std::vector<PairComparison> pairs;                 // in BASE's order; complete runs only
  std::vector<std::string> only_base, only_current;  // pair names found on one side only
  // Where each report measured one solver alone, under different names: BASE's, then NEW's, which
  // were paired (their pairs' solver reads "BASE's vs NEW's"); both empty where solvers paired by name.
  std::pair<std::string, std::string> paired_solvers;
  // Both reports counted instructions (settings.measure): deterministic verdicts, at
  // Judging::threshold(true).
  bool counted = false;
};

// What one report recorded of its run that could move its times by itself, a line each: its passes
// (of one group) that were disturbed, and its run begun with the load average at or above its CPUs
// ("NEW began on a loaded machine (load average 5.50 on 2 CPUs, a virtual one)"). `side` names it.
std::vector<std::string> recorded_noise(const std::string& side, const Report& report,
                                        const std::vector<const MeasuredPass*>& passes);

// Why `base` and `current` cannot be compared at all, even with --allow-context-mismatch: one
// measured time and the other counted instructions (settings.measure), or their counters differ in
// tool or instruction set (one code's counts differ across them). "" when they may.
std::string measure_mismatch(const Report& base, const Report& current);

// The pairs both hold whose passes read other records: another record count, or another file under
// the dataset's name (its fingerprint). context_mismatches names them too; history reads them alone.
std::vector<std::string> input_mismatches(const Report& base, const Report& current);

// What compare warns of but judges anyway: two instruction reports counted by other versions of
// one tool (a valgrind release rarely changes what it counts, but may).
std::vector<std::string> counter_warnings(const Report& base, const Report& current);

// Why `base` and `current` should not be compared, one line each ("compiler: BASE … vs NEW …");
// empty when they may. Looks at the CPU, compiler, flags and build type, the settings that change
// the work (limit, node and time limits, seed, per-puzzle timing), and the record count of every
// pair both hold.
std::vector<std::string> context_mismatches(const Report& base, const Report& current);

// "" when every complete run of `report` has its process CPU time, else which has none and what
// it holds ("runs[3] (top95 fast 2 threads #1): cpu_seconds is null"): reports written before
// cpu_seconds existed have none, and a 0 (or -0) read from them is no time recorded either.
std::string missing_cpu_time(const Report& report);

// The pairs whose repetition counts differ between the reports ("name: 5 in BASE, 4 in NEW"):
// CompareOptions::paired needs none.
std::vector<std::string> unequal_repetitions(const Report& base, const Report& current);

// The smallest two-sided p the test can reach with these repetitions; below alpha nothing can be
// flagged, whatever the data.
double smallest_reachable_p(std::size_t base_repetitions, std::size_t current_repetitions, bool paired);

// Instruction reports are judged on instructions per puzzle alone, deterministically (MetricComparison::
// counted); time reports by the test, their slower or faster verdicts doubted (PairComparison::doubt)
// where unpaired and the noise they recorded could make the change.
// With GateTime::cpu, reports without CPU times are judged on throughput (compare refuses them).
// Paired, a pair with unequal repetition counts is compared unpaired (unequal_repetitions names them).
Comparison compare_reports(const Report& base, const Report& current, const CompareOptions& options);

}  // namespace sudoku_bench
