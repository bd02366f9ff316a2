// `sudoku-bench ab BASE NEW FILE...`: is NEW slower than BASE? Two solvers (any specs: plugin:,
// exec:, a strategy) measured in one process on one pinned CPU, in turns shard by shard, until a
// group-sequential rule (stats/sequential.h) finds the change clearly above or below
// --max-slowdown, or --max-rounds, then judged as `compare --paired` judges: the Wilcoxon
// signed-rank test and the Hodges-Lehmann estimate of the rounds' ratios of CPU time per puzzle. tools/ab, which
// compares two builds of the harness, measures through it (--base-bench, --new-bench): one implementation of the
// method.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "report/comparison.h"
#include "report/comparison_formats.h"
#include "report/report.h"
#include "run/command_options.h"
#include "stream/solver_spec.h"
#include "sys/thread_count.h"

namespace sudoku_bench {

// When rounds stop, and how each is cut: the sequential rule's looks, or a fixed count.
struct AbRoundRule {
  int shards = 20;         // turns per round: BASE and NEW alternate shard by shard
  int pilot = 10;          // rounds before the sequential rule's first look
  int rounds = 0;          // a fixed number of rounds, no early stop; 0: the sequential rule
  int max_rounds = 200;    // the rule's last look
  double max_seconds = 0;  // no round is started that would end past this (0: no bound)
  double detect = 0.03;    // what a fixed count would be sized to see: recorded, not used to stop
  double power = 0.95;     // 1 - power: what the early "not slower" stops may get wrong, at most

  bool operator==(const AbRoundRule&) const = default;
};

// Where the verdict goes: standard output in `format`, and the files asked for.
struct AbOutputPaths {
  CompareFormat format = CompareFormat::text;  // of standard output
  std::string json_path, markdown_path, html_path;
  std::string reports_dir;  // --reports: base.json and new.json, a pass per round

  bool operator==(const AbOutputPaths&) const = default;
};

struct AbCommand {
  SolverSpec base, current;        // NAME=SPEC allowed (default names: base, new)
  std::vector<std::string> files;  // puzzle files, measured in turns within each shard
  // --measure instructions: each side counted once by valgrind (count/ab_counted.h), no rounds.
  Measuring measuring;
  ThreadCount threads;  // one, pinned to a CPU, unless --threads says more
  AbRoundRule rule;
  std::string cpu;                      // the CPU to pin to; "": the last one this process may use
  CompareOptions options = {{}, true};  // paired: rounds are made in turns
  std::vector<std::string> labels;      // --label KEY=VALUE for both reports
  // Measure a side with another sudoku-bench's `run --shard` (tools/ab: two builds of the harness).
  std::string base_bench, new_bench;
  AbOutputPaths outputs;
  Supervision supervision;  // false supervise: measure as a debugger wants (run/supervision.h)

  bool operator==(const AbCommand&) const = default;
};

// Under a supervisor unless `command.supervise` is false: a solver that ends or crashes the measuring
// process, signals it or hangs is named (exit 4), and the rounds measured before are written.
int ab_command(const AbCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
