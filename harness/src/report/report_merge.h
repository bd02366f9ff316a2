// Reports of one build joined into one, as `merge` joins runs that are not shards (shard_merge.h
// joins those): an interleaved A/B measurement (tools/ab) made one repetition at a time, or a sweep
// over MPI ranks.
#pragma once

#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// The runs of every input in order, repetitions renumbered 1, 2, … per (dataset, solver, ranks, threads).
// Inputs must agree on everything in their context but the date (same build, same machine) and
// on the settings that change the work, and hold no measured pass twice (repeated_pass); the first
// input's context is kept. `names[i]` names inputs[i] in messages. Returns "" or why they cannot
// merge, naming the files and the field that differs.
std::string merge_reports(const std::vector<Report>& inputs, const std::vector<std::string>& names, Report& merged);

}  // namespace sudoku_bench
