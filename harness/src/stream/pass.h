// One timed pass of a solver over an input: the unit `run` repeats for each thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "stats/histogram.h"
#include "stats/measured_pass.h"
#include "stats/noise.h"
#include "stats/tally.h"
#include "stream/chunk.h"
#include "stream/input.h"
#include "stream/per_puzzle_rows.h"
#include "stream/pipeline.h"
#include "stream/record_step.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

struct PassConfig {
  PipelineConfig pipeline;  // threads, input format, chunk size, stop requests
  StepOptions step;         // limits and seed, for every record
  // Read the clock once per record for the latency histogram; false leaves it empty (throughput only).
  bool time_puzzles = true;
  // Problems (invalid, aborted, failed checks) each chunk keeps for on_chunk; the rest are counted.
  std::size_t problems_per_chunk = 0;
  // --per-puzzle: where each record's row goes (start_pass already called), or null. Rows come
  // from the first reading of the input only (PipelineConfig::min_seconds): each record once.
  PerPuzzleRows* rows = nullptr;
  // Follow the running maximum and p99.9 of latency and tree size over the first 10, 100, …
  // records of the first reading, in input order (stats/tail_growth.h).
  bool tail_growth = false;
  // Called in input order with each chunk once it is done (progress, messages).
  std::function<void(const Chunk&)> on_chunk;

  // The same settings; on_chunk, a callback, counts by whether there is one.
  bool operator==(const PassConfig& o) const {
    return pipeline == o.pipeline && step == o.step && time_puzzles == o.time_puzzles &&
           problems_per_chunk == o.problems_per_chunk && rows == o.rows && tail_growth == o.tail_growth &&
           static_cast<bool>(on_chunk) == static_cast<bool>(o.on_chunk);
  }
};

// The pass measured, named by its solver and thread count; the caller names its dataset, path and
// repetition. Latency is the time from the end of the previous record's solve (or the start of the
// chunk) to the end of this one's: one clock read a record (step_chunk), so the harness's step for
// the previous record (judging, counting, keeping its figures) and this one's parsing are in it; the
// histograms take a chunk's figures after its last record, in no latency. cpu_seconds counts the
// whole process (every thread, the reader's too) and the exec: programs' (program_cpu_seconds).
MeasuredPass measure_pass(InputFile& input, const sudoku::SolverFactory& factory, const PassConfig& config);

}  // namespace sudoku_bench
