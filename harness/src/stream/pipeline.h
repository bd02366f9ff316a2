// Streams an input through tbb::parallel_pipeline: a serial in-order reader of chunks, a parallel
// stage that processes each chunk, and a serial in-order sink, in a task_arena of `threads`.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

#include "stream/chunk.h"
#include "stream/input.h"
#include "stream/input_format.h"

namespace sudoku_bench {

struct PipelineConfig {
  int threads = 1;
  InputFormat format = InputFormat::automatic;
  std::size_t records_per_chunk = 256;
  // Chunks alive at once, which bounds memory whatever the input size; 0: 4 per thread.
  std::size_t max_chunks_in_flight = 0;
  // When either is set and becomes true, reading stops at the next chunk; chunks already read
  // finish and reach the sink, so every record read has its outcome.
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* interrupt = nullptr;
};

// Enough chunks that every thread gets several, without tiny chunks on large inputs:
// `expected_records` (0 if unknown) is spread over 16 chunks per thread, 1..256 records each.
std::size_t records_per_chunk_for(std::uint64_t expected_records, int threads);

// Calls `process` on each chunk in parallel and `sink` on each chunk in input order; true when
// the whole input was read, false when a stop or interrupt ended reading early.
// Exceptions from the input or either callback cancel the pipeline and reach the caller.
bool run_pipeline(InputFile& input, const PipelineConfig& config, const std::function<void(Chunk&)>& process,
                  const std::function<void(Chunk&)>& sink);

}  // namespace sudoku_bench
