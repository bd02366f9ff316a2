// One measured pass, the record `stream` fills as it measures (stream/pass.h) and `report` reads,
// writes and compares: one struct from the pipeline to every output. A new scalar figure is a row
// of stats/pass_figures.h (PassFigures), which every output reads; its members here are grouped by
// what they say: which pass it is, its distributions, the parts it was measured in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stats/histogram.h"
#include "stats/noise.h"
#include "stats/pass_figures.h"
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
  // for shards, and in reports before schema /10. And beside them, the rank's whole process's CPU
  // from the end of its own measuring to the end of every rank's (waiting for the others, after
  // cpu_seconds): none for shards and in reports before it (added within schema /12).
  std::optional<double> cpu_seconds, dealing_cpu_seconds, waiting_cpu_seconds;
  double puzzles_per_second() const { return wall_seconds > 0 ? static_cast<double>(puzzles) / wall_seconds : 0; }
};

// The input file a pass read, as the run began (runs[].input): its size, modification time and
// sample fingerprint (stream/input.h, sample_fingerprint: "SIZE:HASH"). It tells two files of one
// name apart (compare, merge) and a file changed under its name since (run --resume).
struct InputStamp {
  std::uint64_t size = 0;
  std::int64_t modified_ns = 0;
  std::string fingerprint;
  bool operator==(const InputStamp&) const = default;
};

// Which pass it is: its file, its solver, the run that measured it and its place there.
struct PassId {
  std::string dataset;  // the file name without .gz and .txt
  std::string path;
  std::string solver;
  // What ran: a strategy that picks its code at run time names the pick ("fast:avx512" for
  // "fast"); else the solver. Empty in reports written before it was recorded.
  std::string implementation;
  int repetition = 0;  // 1-based
  // Its place in the order the passes ran (1-based; --interleave shuffles it); 0 when unknown.
  int sequence = 0;
  // The run that measured it (new_run_id; docs/json-schema.md, runs[].run_id): with `sequence`, what tells one
  // measurement from another, so that merge takes each once. A pass merged from shards joins its
  // shards' ids with '+'. Empty in reports before schema /6, and in a report still being written by
  // `run` (to_json gives such passes the Report's run_id).
  std::string run_id;
  // The file it read as the run began; none for standard input or a pipe, and in reports before it.
  std::optional<InputStamp> input;
};

// What a pass's puzzles spread over, kept as summaries, and how the worst case grew.
struct PassDistributions {
  bool latency_measured = true;  // false with --no-latency
  Summary latency_ns;
  bool tree_size_reported = true;  // false for plugins, which report guesses only
  Summary tree_size;
  Summary guesses;
  // How the worst case grew over the first 10, 100, … records of one reading, in input order, and
  // over all of them (TailGrowth). Empty where not measured: for latency with --no-latency, for
  // tree size for plugins, for both in passes measured in parts (shards, MPI ranks: no one order
  // of the whole file) and in reports before schema /5.
  std::vector<TailPoint> tail_latency_ns, tail_tree_size;
};

// Measured in parts: MPI ranks or merged shards (`parts` lists them), or one process.
struct PassSplit {
  Timing timing = Timing::process;
  int ranks = 1;  // the parts: MPI ranks, or shards merged
  std::vector<PassPart> parts;
};

// One measured pass over a file (a "runs" entry of the JSON report).
struct MeasuredPass {
  PassId id;
  int threads = 0;
  int threads_observed = 0;
  bool complete = true;  // false for a pass an interrupt cut short
  // Times the pass read its file (run --min-time; for parts, the most any part made): counts,
  // distributions and throughput cover every solve of every loop.
  int loops = 1;
  Tally status;
  double wall_seconds = 0;
  // Its scalar figures (stats/pass_figures.h: CPU seconds, peak memory, page faults, instructions,
  // …), each empty where not measured.
  PassFigures figures;
  PassDistributions distributions;
  // The harness's own stages (the pipeline's serial reader and sink, and its parallel stage): busy
  // seconds. Not measured in reports written before they were recorded.
  struct PipelineSeconds {
    bool measured = false;
    double reader = 0, sink = 0, worker = 0;
  } pipeline;
  PassSplit split;
  PassNoise noise;
  // Its throughput stands apart from its group's (mark_outliers); a disturbance says why, if any.
  bool outlier = false;

  // The records one loop reads: of its file, shard, or the parts' shards together. 0 where not
  // recorded (reports before schema /4, where every pass read its file once).
  std::uint64_t file_records = 0;

  std::string disturbed() const { return disturbance(noise); }
  std::uint64_t records_per_loop() const { return file_records ? file_records : status.records(); }
  // The slowest part's wall time over the parts' mean; empty for one process.
  std::optional<double> imbalance() const;
  std::uint64_t puzzles() const { return status.puzzles(); }
  double puzzles_per_second() const { return wall_seconds > 0 ? static_cast<double>(puzzles()) / wall_seconds : 0; }
};

}  // namespace sudoku_bench
