// One timed pass of a solver over an input: the unit `run` repeats for each thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "stats/histogram.h"
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

struct PassResult {
  Tally tally;
  // Per valid record. Latency is the time from the end of the previous record's bookkeeping (or
  // the start of the chunk) to the end of this one's solve: parsing included, judging not.
  Histogram latency_ns;
  Histogram tree_size;
  Histogram guesses;
  double wall_seconds = 0;
  double cpu_seconds = 0;                     // process CPU time, all threads (the reader's too), and programs'
  std::optional<double> program_cpu_seconds;  // the exec: programs', in cpu_seconds; none when none ran
  int threads_observed = 0;                   // threads that solved at least one chunk
  bool complete = true;                       // false when a stop or interrupt ended the pass early
  PipelineTimes pipeline;                     // where the harness's own stages spent their time
  PassNoise noise;                            // what else the machine did meanwhile
  int loops = 1;                              // readings of the input (PipelineConfig::min_seconds); counts cover all
  std::uint64_t first_loop_records = 0;       // the records of one whole reading
  double clock_read_ns = 0;                   // one read of the clock that timed the puzzles; 0 untimed
  // PassConfig::tail_growth: over the puzzles of the first reading (latency only when timed).
  std::vector<TailPoint> tail_latency_ns, tail_tree_size;
};

PassResult measure_pass(InputFile& input, const sudoku::SolverFactory& factory, const PassConfig& config);

}  // namespace sudoku_bench
