// Streams an input through tbb::parallel_pipeline: a serial in-order reader that only hands out
// chunks (blocks of bytes), a parallel stage that splits and processes each chunk, and a serial
// in-order sink, in a task_arena of `threads`. It measures its own stages, so that a pass can say
// whether the harness or the solver set its pace.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

#include "stream/chunk.h"
#include "stream/chunk_deal.h"
#include "stream/chunk_reader.h"
#include "stream/input.h"
#include "stream/input_format.h"
#include "sys/thread_count.h"

namespace sudoku_bench {

struct PipelineConfig {
  ThreadCount threads;
  InputFormat format = InputFormat::automatic;
  ChunkSize chunk;
  // Chunks alive at once, which bounds memory whatever the input size; 0: 4 per thread.
  std::size_t max_chunks_in_flight = 0;
  // When either is set and becomes true, reading stops at the next chunk; chunks already read
  // finish and reach the sink, so every record read has its outcome.
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* interrupt = nullptr;
  // Shards (run --shard): shard_index of shard_count (from 0). A mapped file is cut into that many
  // contiguous ranges of chunks, and each shard jumps to its own; another input (gzip, grids) is
  // read whole and chunk i, counted from 0 in input order, kept when i mod count == index, the
  // others' lines only counted so that line numbers stay those of the file. With a chunk size
  // that depends on the input alone (shard_chunk_size), every record belongs to exactly one shard
  // whatever the threads (chunk_deal.h, ShardDealer).
  int shard_index = 0;
  int shard_count = 1;
  // Reading starts the input again, whole readings only, until this many seconds have passed
  // since the pipeline began (run --min-time): one pipeline, its threads and their solvers warm,
  // rather than a pass per reading, whose setup would outweigh a small file's records. 0: once.
  // Standard input is read once. Chunk::loop says which reading a chunk is of.
  double min_seconds = 0;
  // Where set, it deals the chunks and decides the readings instead of the shard and min_seconds
  // (MPI ranks: run/rank_dealing.h). It outlives the pipeline.
  ChunkDealer* dealer = nullptr;

  bool operator==(const PipelineConfig&) const = default;
};

// Enough chunks that every thread gets several, without tiny chunks on large inputs: an input of
// `input_bytes` (0 if unknown) is spread over 16 chunks per thread, of 512 bytes to 256 KiB
// (1 to 256 records where records are assembled one by one).
ChunkSize chunk_size_for(std::uint64_t input_bytes, ThreadCount threads);

// The chunk size of a sharded pass: from the input's size and the shard count only, about 256
// chunks per shard, of 1 KiB to 256 KiB (4 to 256 records assembled one by one), so that the
// split is the same on every rank and shard whatever its threads, and fine enough that the
// shards' work is even (a static split cannot rebalance: the slowest shard sets the pace).
ChunkSize shard_chunk_size(std::uint64_t input_bytes, int shard_count);

// Sets `pipeline` to read shard `shard` (from 1) of `shards` of an input of `input_bytes`, in chunks
// of shard_chunk_size; with `shards` <= 1, the whole input in chunks for `threads`. Where it is
// read again and again (pipeline.min_seconds, set before), its chunks are those of an input of at
// least kRepeatedBytes: the readings follow each other in one pipeline, so a reading needs no
// balance of its own, and a small file's tiny chunks would leave the threads waiting for the
// serial stages (kaggle_first20k at 16 threads: chunks of 78 records).
inline constexpr std::uint64_t kRepeatedBytes = 16 << 20;
void take_shard(PipelineConfig& pipeline, std::uint64_t input_bytes, ThreadCount threads, int shard, int shards);

// Where the time of a pipeline went. Each serial stage (reader, sink) handles one chunk at a
// time, so the busier one caps throughput at records / its busy seconds, however many threads
// work; the two may run at once, on different threads.
struct PipelineTimes {
  double reader_seconds = 0;  // the reader stage, busy
  double sink_seconds = 0;    // the sink stage, busy
  double worker_seconds = 0;  // the parallel stage, busy, summed over threads
  double serial_seconds() const { return reader_seconds > sink_seconds ? reader_seconds : sink_seconds; }
};

struct PipelineResult {
  bool complete = true;  // false when a stop or interrupt ended reading early
  int loops = 1;         // readings of the input begun (PipelineConfig::min_seconds)
  PipelineTimes times;
};

// Calls `process` on each chunk (split into records) in parallel and `sink` on each chunk in
// input order, with its problems' lines numbered; reading stops early on a stop or interrupt.
// Exceptions from the input or either callback cancel the pipeline and reach the caller; a read
// error is raised after the records before it reached the sink.
PipelineResult run_pipeline(InputFile& input, const PipelineConfig& config, const std::function<void(Chunk&)>& process,
                            const std::function<void(Chunk&)>& sink);

}  // namespace sudoku_bench
