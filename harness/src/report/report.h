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
#include "stats/measured_pass.h"
#include "stats/median.h"
#include "stats/noise.h"
#include "stats/tail_growth.h"
#include "stats/tally.h"

namespace sudoku_bench {

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

  static PassKey of(const MeasuredPass& pass) {
    return {pass.id.dataset, pass.id.solver, pass.split.ranks, pass.threads};
  }
  auto operator<=>(const PassKey&) const = default;
};

template <class Pass>
struct PassGroup {
  PassKey key;
  std::vector<Pass*> passes;  // in report order
};

// The complete passes of each key (an interrupted pass timed part of its file only), the keys in
// the order they first appear.
std::vector<PassGroup<const MeasuredPass>> complete_groups(const std::vector<MeasuredPass>& passes);
std::vector<PassGroup<MeasuredPass>> complete_groups(std::vector<MeasuredPass>& passes);

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

// One row per (dataset, solver, ranks, threads), in the order the passes first appear; from complete
// passes. Speedup is against 1 rank x 1 thread when that was measured (efficiency divides by
// ranks x threads), else against 1 rank at the same threads (efficiency divides by ranks).
std::vector<ScalingRow> scaling_of(const std::vector<MeasuredPass>& passes);

// Flags the complete passes whose throughput is an outlier (stats/outliers.h) among the complete
// passes of its (dataset, solver, ranks, threads) group; clears the flag of the others.
void mark_outliers(std::vector<MeasuredPass>& passes);

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

// What a run measured (run --measure; settings.measure): time, or the instructions valgrind counted
// inside the solver's calls (count/). Reports of one are not compared with the other's.
enum class Measure { time, instructions };
const char* measure_name(Measure measure);

struct Settings {
  Measure measure = Measure::time;   // schema /12; time in older reports
  std::uint64_t sample = 0;          // run --sample N: records taken of each file (schema /12); 0: all
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
  // --interleave: the passes ran in an order shuffled with this seed (runs[].sequence); none when not.
  std::optional<std::uint64_t> interleave_seed;
  // What each solve was asked: stop at this many solutions, nodes (0: no limit), milliseconds (0: none).
  struct Limits {
    std::uint64_t solutions = 2, nodes = 0;
    double time_ms = 0;
    bool operator==(const Limits&) const = default;
  } limits;
  std::uint64_t seed = 0;
  bool latency = true;
  // What timed the puzzles ("tsc" or "steady_clock"); empty when not timed or not recorded.
  std::string latency_clock;
  // The reference strategy that recounted puzzles (--verify), empty when none, and how often: one
  // record in `every`.
  struct Verify {
    std::string by;
    std::uint64_t every = 1;
    bool operator==(const Verify&) const = default;
  } verify;
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
  std::vector<MeasuredPass> passes;
  bool interrupted = false;
  // What run warned of the machine as it began (load average, a hypervisor, fewer CPUs than
  // threads: environment_warnings), as the terminal showed it, so that compare, the HTML page and a
  // reader later see it (schema /12; empty in older reports). A merge keeps every input's, once.
  std::vector<std::string> warnings;
};

// The dataset name of an input path: its file name without ".gz" and ".txt".
std::string dataset_name(std::string_view path);
// The dataset names of a run's inputs: dataset_name, with as many folders before it as tell two
// different paths of one name apart ("a/top95", "b/top95").
std::vector<std::string> dataset_names(const std::vector<std::string>& paths);

// The benchmark name the formats of other tools use (gbench, bmf): "solve/DATASET/SOLVER/threads:N".
std::string benchmark_name(const MeasuredPass& run);

// Complete passes grouped by benchmark name, in the order the benchmarks first appear. A pass an
// interrupt cut short timed part of the file: no tool reading the other formats could tell.
std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> passes_by_benchmark(const Report& report);

}  // namespace sudoku_bench
