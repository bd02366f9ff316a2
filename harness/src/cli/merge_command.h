// `sudoku-bench merge --json OUT IN…`: one report from several runs of the same build, as an
// interleaved A/B measurement (tools/ab) makes them one repetition at a time, or a sweep over MPI
// ranks; or, when the inputs are shard reports (run --shard), the one report of the whole input
// (report/shard_merge.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

struct MergeCommand {
  std::vector<std::string> inputs;
  std::string json_path;
};

// The runs of every input in order, repetitions renumbered 1, 2, … per (dataset, solver, ranks, threads).
// Inputs must agree on everything in their context but the date (same build, same machine) and
// on the settings that change the work; the first input's context is kept. Returns "" or why they cannot merge.
std::string merge_reports(const std::vector<Report>& inputs, Report& merged);

// Returns 0, 2 when the inputs do not belong together, 3 when one cannot be read or OUT written.
int merge_command(const MergeCommand& command, std::FILE* err);

}  // namespace sudoku_bench
