// One timed pass of a solver over an input: the unit `run` repeats for each thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "sudoku/solver.h"
#include "stream/chunk.h"
#include "stats/histogram.h"
#include "stream/input.h"
#include "stream/input_format.h"
#include "stats/tally.h"

namespace sudoku_bench {

struct PassConfig {
  int threads = 1;
  sudoku::SolveOptions solve;
  std::uint64_t seed = 0;              // see RecordSolver
  InputFormat format = InputFormat::automatic;
  std::uint64_t expected_records = 0;  // sizes the chunks; 0 if unknown
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* interrupt = nullptr;
  // Read the clock once per puzzle for the latency histogram; false leaves it empty (throughput only).
  bool time_puzzles = true;
  // Write "FILE:LINE: reason" for invalid and aborted records and failed checks into Chunk::err.
  bool report_records = false;
  // Called in input order with each chunk once it is done (progress, messages).
  std::function<void(const Chunk&)> on_chunk;
};

struct PassResult {
  Tally tally;
  // Per valid record. Latency is the time from the end of the previous record (or the start of
  // the chunk) to the end of this one's solve: parsing and bookkeeping included, one clock read each.
  Histogram latency_ns;
  Histogram nodes;
  Histogram guesses;
  double wall_seconds = 0;
  double cpu_seconds = 0;    // process CPU time, all threads (the reader's too)
  int threads_observed = 0;  // threads that solved at least one chunk
  bool complete = true;      // false when a stop or interrupt ended the pass early
};

PassResult measure_pass(InputFile& input, const sudoku::SolverFactory& solver, const PassConfig& config);

}  // namespace sudoku_bench
