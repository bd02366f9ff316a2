// `sudoku-bench run`: throughput, latency and tree sizes for each file x solver x thread count.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "report/formats.h"
#include "report/report.h"
#include "stream/pass.h"

namespace sudoku_bench {

struct RunCommand {
  std::vector<std::string> files;
  std::vector<std::string> solvers = {"bitmask"};  // solver specs
  std::vector<int> threads;                        // empty: 1..hardware threads
  int repetitions = 3;
  double warmup_seconds = 0.2;
  std::string json_path;                            // empty: no JSON
  std::string per_puzzle_path;                      // --per-puzzle: a CSV row per record measured; empty: none
  ReportFormat report_format = ReportFormat::json;  // the schema of the file at json_path (--format)
  bool progress = true;                             // drawn only when `err` is a terminal
  std::string verify;                               // --verify: the reference strategy's spec; "" for none
  Settings::Shard shard;                            // --shard K/N: measure shard K of N only; 0/0: all
  // What every pass shares: limits, seed, input format, per-puzzle timing. Each pass sets its own
  // thread count, chunk size and stop requests; run always counts to 2 (a uniqueness check).
  PassConfig pass;
};

// Prints the table to `out`, messages to `err`, writes the JSON; returns the exit status. Started
// as MPI ranks (cluster/world.h), each rank measures its shard and rank 0 alone prints and writes.
// `report`, when given, receives what was measured (for tests).
int run_command(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report = nullptr);

}  // namespace sudoku_bench
