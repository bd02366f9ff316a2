// What `run` measured, independent of how it is printed or stored.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "report/context.h"
#include "stats/histogram.h"
#include "stats/median.h"
#include "stats/noise.h"
#include "stats/tail_growth.h"
#include "stats/tally.h"

namespace sudoku_bench {

inline constexpr std::array<double, 10> kPercentiles = {1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100};
inline constexpr std::array<std::string_view, 10> kPercentileNames = {"1",  "10", "25",   "50",    "75",
                                                                      "90", "99", "99.9", "99.99", "100"};

// The index of a percentile by its name ("99.9"); kPercentiles.size() when there is none.
constexpr std::size_t percentile_index(std::string_view name) {
  for (std::size_t i = 0; i < kPercentileNames.size(); ++i)
    if (kPercentileNames[i] == name) return i;
  return kPercentileNames.size();
}

struct Summary {
  std::uint64_t count = 0;
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  double mean = 0;
  double stddev = 0;
  std::array<std::uint64_t, kPercentiles.size()> percentiles{};
  // Element 0 counts zeros, element k >= 1 values in [2^(k-1), 2^k); no trailing zeros. Exact,
  // so a plot can draw the whole distribution, not just the percentiles.
  std::vector<std::uint64_t> log2_counts;
  // Every non-empty slot of the histogram (Histogram::buckets): what exact merging sums. Not
  // kept in reports written before schema /3.
  bool buckets_kept = true;
  std::vector<Histogram::Bucket> buckets;
};

Summary summarize(const Histogram& histogram);

// The summary of the two distributions together, as if recorded in one histogram: buckets summed,
// percentiles read from them, extremes exact, mean and standard deviation pooled. Both need
// their buckets (buckets_kept); the result has them.
// Summaries whose buckets were left out, both (MPI ranks send their passes so: rank_passes.cc sums
// the buckets apart), merge their counts, extremes and moments only, until with_buckets().
Summary merge_summaries(const Summary& a, const Summary& b);

// `moments` (count, extremes, mean and deviation) with the distribution `buckets` hold: the
// percentiles, log2 counts and buckets from them. Throws std::invalid_argument when the buckets
// do not hold `moments.count` values.
Summary with_buckets(const Summary& moments, const std::vector<Histogram::Bucket>& buckets);

// How a pass's wall time was taken, which says what its throughput means.
enum class Timing {
  process,  // one process: puzzles / its wall time
  ranks,    // MPI ranks started together: puzzles / the slowest rank's wall time
  shards,   // shards timed apart (--shard, merged): the sum of the shards' throughputs
};
const char* timing_name(Timing timing);

// One rank or shard of a pass measured in parts.
struct PassPart {
  int part = 0;  // the rank (from 0) or the shard (from 1)
  std::string host;
  std::uint64_t puzzles = 0;
  double wall_seconds = 0;
  // A rank's CPU, every thread's (its solver's programs included), and of that what its main thread
  // spent passing deals between ranks and waiting for them: what a rank costs beside solving. None
  // for shards, and in reports before schema /10.
  std::optional<double> cpu_seconds, dealing_cpu_seconds;
  double puzzles_per_second() const { return wall_seconds > 0 ? static_cast<double>(puzzles) / wall_seconds : 0; }
};

// One measured pass over a file (a "runs" entry of the JSON report).
struct MeasuredPass {
  std::string dataset;  // the file name without .gz and .txt
  std::string path;
  std::string solver;
  // What ran: a strategy that picks its code at run time names the pick ("fast:avx512" for
  // "fast"); else the solver. Empty in reports written before it was recorded.
  std::string implementation;
  int threads = 0;
  int threads_observed = 0;
  int repetition = 0;    // 1-based
  bool complete = true;  // false for a pass an interrupt cut short
  // Times the pass read its file (run --min-time; for parts, the most any part made): counts,
  // distributions and throughput cover every solve of every loop.
  int loops = 1;
  // Its place in the order the passes ran (1-based; --interleave shuffles it); 0 when unknown.
  int sequence = 0;
  // The run that measured it (new_run_id; docs/json-schema.md, runs[].run_id): with `sequence`, what tells one
  // measurement from another, so that merge takes each once. A pass merged from shards joins its
  // shards' ids with '+'. Empty in reports before schema /6, and in a report still being written by
  // `run` (to_json gives such passes the Report's run_id).
  std::string run_id;
  Tally status;
  double wall_seconds = 0;
  // CPU time during the pass: the whole process's (every thread), and the solver's own programs'
  // (program_cpu_seconds, included).
  double cpu_seconds = 0;
  // The CPU of the processes of exec: programs (and what they start) during the pass, which
  // cpu_seconds includes; none when the solver ran no program (cpu_seconds is the process's alone),
  // and in reports before schema /10, which counted the process alone whatever the solver.
  std::optional<double> program_cpu_seconds;
  // Measured by MPI ranks, before they are combined: this rank's PassPart::dealing_cpu_seconds.
  std::optional<double> dealing_cpu_seconds;
  // The process's peak resident memory when the pass ended (getrusage's ru_maxrss): the most the
  // harness and the solvers so far needed at once. 0 where not measured (passes in parts).
  std::uint64_t peak_rss_bytes = 0;
  bool latency_measured = true;  // false with --no-latency
  // What one read of the clock that timed the puzzles cost (PuzzleClock::read_ns): two a puzzle.
  // For parts, the dearest part's. 0 where not measured (--no-latency, reports before it).
  double clock_read_ns = 0;
  Summary latency_ns;
  bool tree_size_reported = true;  // false for plugins, which report guesses only
  Summary tree_size;
  Summary guesses;
  // The harness's own stages (the pipeline's serial reader and sink, and its parallel stage): busy
  // seconds. Not measured in reports written before they were recorded.
  struct PipelineSeconds {
    bool measured = false;
    double reader = 0, sink = 0, worker = 0;
  } pipeline;
  // Measured in parts: MPI ranks or merged shards (`parts` lists them), or one process.
  Timing timing = Timing::process;
  int ranks = 1;  // the parts: MPI ranks, or shards merged
  std::vector<PassPart> parts;
  PassNoise noise;
  // Its throughput stands apart from its group's (mark_outliers); a disturbance says why, if any.
  bool outlier = false;

  // The records one loop reads: of its file, shard, or the parts' shards together. 0 where not
  // recorded (reports before schema /4, where every pass read its file once).
  std::uint64_t file_records = 0;

  // How the worst case grew over the first 10, 100, … records of one reading, in input order, and
  // over all of them (TailGrowth). Empty where not measured: for latency with --no-latency, for
  // tree size for plugins, for both in passes measured in parts (shards, MPI ranks: no one order
  // of the whole file) and in reports before schema /5.
  std::vector<TailPoint> tail_latency_ns, tail_tree_size;

  std::string disturbed() const { return disturbance(noise); }
  std::uint64_t records_per_loop() const { return file_records ? file_records : status.records(); }
  // The slowest part's wall time over the parts' mean; empty for one process.
  std::optional<double> imbalance() const;
  std::uint64_t puzzles() const { return status.puzzles(); }
  double puzzles_per_second() const { return wall_seconds > 0 ? static_cast<double>(puzzles()) / wall_seconds : 0; }
};

// What a pass's pipeline seconds say about the harness (docs/json-schema.md, "runs[].pipeline"); per rank for
// a pass of several MPI ranks or shards (each ran its own pipeline; their seconds add up).
struct PipelineFigures {
  double serial_busy = 0;      // the busier serial stage's busy seconds / wall seconds
  double workers_waiting = 0;  // 1 - parallel-stage busy seconds / (threads x wall seconds), at least 0
  // Records / the busier serial stage's busy seconds: the throughput at which the harness itself
  // becomes the bottleneck, whatever the thread count. None when nothing was timed.
  std::optional<double> ceiling_puzzles_per_second;
  // The pipeline, not the solver, set the pace: the busier serial stage was busy for at least
  // kInputBoundBusy of the wall time, or the pass ran more threads than keeps_up_to_threads.
  bool input_bound = false;
  // Amdahl's law on the measured costs: parallel-stage seconds / serial seconds, the thread count
  // up to which the serial stage keeps up with this solver on this machine. None when unknown.
  std::optional<double> keeps_up_to_threads;
};
inline constexpr double kInputBoundBusy = 0.8;

// Empty when the pass did not measure its pipeline.
std::optional<PipelineFigures> pipeline_figures(const MeasuredPass& pass);

// What is repeated, compared and tabled together: the passes of one dataset, solver, ranks and threads.
struct PassKey {
  std::string dataset, solver;
  int ranks = 1, threads = 0;

  static PassKey of(const MeasuredPass& pass) { return {pass.dataset, pass.solver, pass.ranks, pass.threads}; }
  auto operator<=>(const PassKey&) const = default;
};

template <class Pass>
struct PassGroup {
  PassKey key;
  std::vector<Pass*> passes;  // in report order
};

// The complete passes of each key (an interrupted pass timed part of its file only), the keys in
// the order they first appear.
std::vector<PassGroup<const MeasuredPass>> complete_groups(const std::vector<MeasuredPass>& runs);
std::vector<PassGroup<MeasuredPass>> complete_groups(std::vector<MeasuredPass>& runs);

// The group of `key`, or null.
template <class Pass>
const PassGroup<Pass>* find_group(const std::vector<PassGroup<Pass>>& groups, const PassKey& key) {
  for (const PassGroup<Pass>& g : groups)
    if (g.key == key) return &g;
  return nullptr;
}

struct ScalingRow {
  std::string dataset;
  std::string solver;
  int ranks = 1;
  int threads = 0;
  double puzzles_per_second = 0;  // median over repetitions
  std::optional<double> speedup;  // against 1 thread; empty when 1 thread was not measured
  std::optional<double> efficiency;
};

// One row per (dataset, solver, ranks, threads), in the order the runs first appear; from complete
// runs. Speedup is against 1 rank x 1 thread when that was measured (efficiency divides by
// ranks x threads), else against 1 rank at the same threads (efficiency divides by ranks).
std::vector<ScalingRow> scaling_of(const std::vector<MeasuredPass>& runs);

// Flags the complete passes whose throughput is an outlier (stats/outliers.h) among the complete
// passes of its (dataset, solver, ranks, threads) group; clears the flag of the others.
void mark_outliers(std::vector<MeasuredPass>& runs);

// Which solver a name stood for: the spec it was given as, and for a plugin or a program the files
// that hold its code (the library; the program and the files its command line names), so that two
// reports of one name tell whether the code changed. Built-in strategies have no files: the
// harness's own commit (context.git_commit) names them.
struct SolverIdentity {
  std::string name;  // as the report's passes name it (runs[].solver)
  std::string spec;  // as given, without NAME=
  struct File {
    std::string path;  // absolute
    std::uint64_t size = 0;
    std::string sha256;  // 64 hex digits; empty when the file could not be read
    bool operator==(const File&) const = default;
  };
  std::vector<File> files;
  bool operator==(const SolverIdentity&) const = default;
};

struct Settings {
  std::vector<std::string> solvers;  // the specs as given (NAME=SPEC included)
  // One per solver, in the order of `solvers` (schema /9; empty in older reports).
  std::vector<SolverIdentity> identities;
  // --label KEY=VALUE, in the order given: what the user says identifies the measurement, e.g. the
  // solver's version (schema /9).
  std::vector<std::pair<std::string, std::string>> labels;
  std::vector<int> threads;
  int repetitions = 0;
  double warmup_seconds = 0;
  double min_time_seconds = 0;  // --min-time: each pass loops over its file at least this long
  // --interleave: the passes ran in an order shuffled with this seed (runs[].sequence).
  bool interleave = false;
  std::uint64_t interleave_seed = 0;
  std::uint64_t limit = 2;
  std::uint64_t node_limit = 0;
  double time_limit_ms = 0;
  std::uint64_t seed = 0;
  bool latency = true;
  // What timed the puzzles ("tsc" or "steady_clock"); empty when not timed or not recorded.
  std::string latency_clock;
  // The reference strategy that recounted puzzles (--verify), empty when none, and how often.
  std::string verify;
  std::uint64_t verify_every = 1;
  // run --shard K/N: this report measured shard `index` (from 1) of `count`; 0 of 0 when not a shard.
  struct Shard {
    int index = 0, count = 0;
    bool operator==(const Shard&) const = default;
  } shard;
};

// Whether two reports name different latency clocks; one that names none (written before the
// clock was recorded, or not timed) differs from neither.
inline bool latency_clocks_differ(const Settings& a, const Settings& b) {
  return !a.latency_clock.empty() && !b.latency_clock.empty() && a.latency_clock != b.latency_clock;
}

struct Report {
  // The id of the `run` that made the report (new_run_id), written on each of its passes that has
  // none; empty for reports read back or merged, whose passes keep their own.
  std::string run_id;
  Context context;
  Settings settings;
  std::vector<MeasuredPass> runs;
  bool interrupted = false;
};

// The dataset name of an input path: its file name without ".gz" and ".txt".
std::string dataset_name(std::string_view path);
// The dataset names of a run's inputs: dataset_name, with as many folders before it as tell two
// different paths of one name apart ("a/top95", "b/top95").
std::vector<std::string> dataset_names(const std::vector<std::string>& paths);

}  // namespace sudoku_bench
