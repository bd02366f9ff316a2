// `sudoku-bench run`: throughput, latency and tree sizes for each file x solver x thread count.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "report/formats.h"
#include "report/report.h"
#include "run/command_options.h"
#include "run/report_outputs.h"
#include "stream/pass.h"
#include "stream/solver_spec.h"
#include "sys/thread_count.h"

namespace sudoku_bench {

class PassLink;

// Long enough that a pass of a 50-puzzle file is not a few dozen microseconds of timer noise; a
// file that takes longer is still read once.
inline constexpr double kDefaultMinTimeSeconds = 0.5;
// A recount per 64 puzzles costs a plugin's pass about 1/64 of a bitmask solve per puzzle.
inline constexpr std::uint64_t kDefaultPluginVerifyEvery = 64;

// How often each pass is measured, and in which order.
struct RunRepeats {
  // 5: the fewest with which two default runs and a default compare can flag a change (5 against 5
  // reach p = 0.008; 3 against 3 never get below 0.1).
  int repetitions = 5;
  double warmup_seconds = 0.2;
  // --min-time: a measured pass reads its file again until this many seconds have passed (whole
  // files only, so that every puzzle counts alike). 0: once.
  double min_time_seconds = kDefaultMinTimeSeconds;
  // --interleave: run the passes of every (file, solver, threads, repetition) in an order shuffled
  // with this seed, so that a machine's slow drift hits every arm alike.
  std::optional<std::uint64_t> interleave_seed;

  bool operator==(const RunRepeats&) const = default;
};

// Who recounts the solvers' answers, and how often.
struct RunVerification {
  std::optional<SolverSpec> verify;  // --verify: the reference strategy's spec; none when not given
  // Without --verify, external solvers' answers are recounted for about one puzzle in this many
  // (outside the latency timing; by fast for plugins, bitmask for exec programs), so that wrong
  // counts are never taken for measurements; --no-verify (verify_plugins false) turns that off.
  // --verify-every sets it too.
  bool verify_plugins = true;
  std::uint64_t plugin_verify_every = kDefaultPluginVerifyEvery;

  bool operator==(const RunVerification&) const = default;
};

struct RunCommand {
  std::vector<std::string> files;
  // --measure: time (the passes below), or instructions counted by valgrind (count/counted_run.h);
  // --sample N: N records of each file, every k-th, the first included (count/sample.h).
  Measuring measuring;
  std::vector<SolverSpec> solvers = {SolverSpec("bitmask")};
  std::vector<ThreadCount> threads;  // empty: 1..ThreadCount::all_cpus()
  std::vector<std::string> labels;   // --label KEY=VALUE, as given
  RunRepeats repeats;
  // --json (in --format), --gbench, --bmf, --markdown, --csv: where the report goes; none: the table only.
  std::vector<ReportOutput> outputs;
  std::string per_puzzle_path;       // --per-puzzle: a CSV row per record measured; empty: none
  bool environment_warnings = true;  // say what about the machine skews results (report/environment.h)
  RunVerification verification;
  Settings::Shard shard;  // --shard K/N: measure shard K of N only; 0/0: all
  // --resume REPORT: the complete passes of the run that wrote REPORT are kept, not measured again
  // (a requeued or restarted job loses nothing); "" or a file not there yet: every pass is measured.
  std::string resume;
  Supervision supervision;  // progress drawn only when `err` is a terminal
  // What every pass shares: limits, seed, input format, per-puzzle timing. Each pass sets its own
  // thread count, chunk size and stop requests; run always counts to 2 (a uniqueness check).
  PassConfig pass;

  bool operator==(const RunCommand&) const = default;
};

// Prints the table to `out`, messages to `err`, writes the JSON; returns the exit status. Started
// as MPI ranks (cluster/world.h), each rank measures its shard and rank 0 alone prints and writes.
// `report`, when given, receives what was measured (for tests).
// `link`, when given, is a supervisor's (run/supervisor.h): each pass goes to it as it is measured,
// and it prints the table and writes the reports.
int run_command(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report = nullptr,
                PassLink* link = nullptr);

// What a run interrupted before it measured anything writes, marked interrupted: its head alone,
// or with --resume the report resumed as it was, every pass kept (`--resume R.json --json R.json`
// loses nothing). False, after saying why on `err`, when that report exists but cannot be read:
// nothing is to be written then.
bool unmeasured_report(const RunCommand& command, Report& report, std::FILE* err);

}  // namespace sudoku_bench
