// One pass from its parts measured apart: the MPI ranks of a pass started together, or the shards
// of a pass (run --shard) merged afterwards. Counts and distributions come out exactly as one
// process measuring the whole input would have recorded them (histogram buckets summed); only
// the time differs, and `Timing` says how it was taken.
#pragma once

#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// `parts[i]` was measured on `hosts[i]` and is part `numbers[i]` (rank from 0, shard from 1); all
// of one (dataset, solver, threads, repetition), with their buckets. Wall time: the slowest part's
// for Timing::ranks; for Timing::shards, such that puzzles / wall is the sum of the parts'
// throughputs; for Timing::process (parts one process measured one after another: ab's turns), the
// sum of their wall times, and the pass is one process's, without parts. The figures a pass keeps combine as the metric
// table says (metrics.h: CPU seconds and threads observed add up, loops and a clock read's cost take the most, peak
// memory is unknown); the pipeline's busy seconds per stage add up (pipeline_figures reads them per rank). Throws
// std::invalid_argument when parts do not match.
MeasuredPass combine_parts(const std::vector<MeasuredPass>& parts, const std::vector<std::string>& hosts,
                           const std::vector<int>& numbers, Timing timing);

}  // namespace sudoku_bench
