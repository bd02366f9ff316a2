#include "stream/pipeline.h"

#include <tbb/concurrent_queue.h>
#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "stream/chunk_reader.h"

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace sudoku_bench {
namespace {

// TBB orders the pipeline's stages inside libtbb, which ThreadSanitizer does not see. These tell
// it the orderings the pipeline guarantees: each chunk's stages one after another, each serial
// stage's calls one after another, and every call before run_pipeline returns.
#if defined(__SANITIZE_THREAD__)
void happens_before(const void* sync) { __tsan_release(const_cast<void*>(sync)); }
void happens_after(const void* sync) { __tsan_acquire(const_cast<void*>(sync)); }
#else
void happens_before(const void*) {}
void happens_after(const void*) {}
#endif
// Orders everything before the end of its scope, an exception included, before a later
// happens_after() on the same sync object.
struct HappensBeforeOnExit {
  const void* sync;
  ~HappensBeforeOnExit() { happens_before(sync); }
};

// Adds the time from its construction to its destruction (an exception's included) to `total`.
struct BusyTime {
  std::uint64_t& total;
  std::chrono::steady_clock::time_point since = std::chrono::steady_clock::now();
  ~BusyTime() {
    total += static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - since).count());
  }
};

// At namespace scope, so a stage can name them before it reads any of its captures. Pipelines
// running at once share them, which only adds orderings.
const char started = 0, reader_stage = 0, sink_stage = 0, finished = 0;

}  // namespace

int thread_count(int threads) {
  return threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

ChunkSize chunk_size_for(std::uint64_t input_bytes, int threads) {
  threads = thread_count(threads);
  ChunkSize size;
  if (input_bytes == 0) return size;
  const std::uint64_t share = input_bytes / (16 * static_cast<std::uint64_t>(threads));
  size.bytes = static_cast<std::size_t>(std::clamp<std::uint64_t>(share, 512, 256 * 1024));
  size.records = static_cast<std::size_t>(std::clamp<std::uint64_t>(share / 82, 1, 256));
  return size;
}

ChunkSize shard_chunk_size(std::uint64_t input_bytes, int shard_count) {
  ChunkSize size;
  if (input_bytes == 0) return size;
  const std::uint64_t share = input_bytes / (256 * static_cast<std::uint64_t>(std::max(shard_count, 1)));
  size.bytes = static_cast<std::size_t>(std::clamp<std::uint64_t>(share, 1024, 256 * 1024));
  size.records = static_cast<std::size_t>(std::clamp<std::uint64_t>(share / 82, 4, 256));
  return size;
}

PipelineResult run_pipeline(InputFile& input, const PipelineConfig& config, const std::function<void(Chunk&)>& process,
                            const std::function<void(Chunk&)>& sink) {
  const int threads = thread_count(config.threads);
  const std::size_t tokens =
      config.max_chunks_in_flight ? config.max_chunks_in_flight : 4 * static_cast<std::size_t>(threads);
  // Without this, TBB caps an arena at the machine's core count; with it, `threads` is honoured.
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  const auto began = std::chrono::steady_clock::now();
  std::optional<ChunkReader> reader(std::in_place, input, config.format);
  std::uint32_t loop = 0;           // the reader's reading of the input
  std::uint64_t loop_chunks = 0;    // chunks it read in this reading
  LineNumbers numbers;              // the sink's, for the sink's reading
  std::uint32_t numbered_loop = 0;  // which reading `numbers` counts
  // Busy time per stage, from two clock reads per chunk and stage (never per record).
  std::uint64_t reader_ns = 0, sink_ns = 0;  // each touched by its serial stage only, one call at a time
  std::uint64_t worker_ns = 0;               // through atomic_ref: workers add to it at once

  // Exactly `tokens` chunks exist, reused: the pipeline never has more live items than that, so
  // the reader always finds a free one, and memory stays bounded whatever the input size.
  std::vector<std::unique_ptr<Chunk>> pool;
  tbb::concurrent_queue<Chunk*> free_chunks;
  for (std::size_t i = 0; i < tokens; ++i) {
    pool.push_back(std::make_unique<Chunk>());
    free_chunks.push(pool.back().get());
  }

  // Declared after the pool so that it runs before the pool is freed, on return or exception.
  struct AfterEveryStage {
    const char* sync;
    ~AfterEveryStage() { happens_after(sync); }
  } after_every_stage{&finished};
  bool exhausted = false;
  std::uint64_t next_index = 0;  // the reader's alone
  if (config.shard_count < 1 || config.shard_index < 0 || config.shard_index >= config.shard_count)
    throw std::invalid_argument("shard index out of range");
  const auto read = [&](tbb::flow_control& fc) -> Chunk* {
    happens_after(&started);
    happens_after(&reader_stage);
    const HappensBeforeOnExit done{&finished}, next_read{&reader_stage};
    if ((config.stop && config.stop->load(std::memory_order_relaxed)) ||
        (config.interrupt && config.interrupt->load(std::memory_order_relaxed))) {
      fc.stop();
      return nullptr;
    }
    const BusyTime busy{reader_ns};
    Chunk* chunk = nullptr;
    if (!free_chunks.try_pop(chunk)) throw std::logic_error("chunk pool exhausted");
    happens_after(chunk);
    const HappensBeforeOnExit handed_on{chunk};
    const char* dropped_from = nullptr;  // mapped ranges of other shards passed over
    bool dropped_starts_line = false;
    for (;;) {
      if (!reader->next(*chunk, config.chunk)) {
        // A file that changed while it was read gave records that are neither the old nor the new ones.
        if (const std::string change = input.changed(); !change.empty())
          throw IoError(input.name(), "changed while it was read: " + change);
        // Whole readings only: another one starts if the time is not up (a clock read per reading).
        if (config.min_seconds > 0 && loop_chunks > 0 && chunk->read_error.empty() &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() < config.min_seconds &&
            input.rewind()) {
          reader.emplace(input, config.format);
          ++loop;
          loop_chunks = 0;
          next_index = 0;  // the same chunks go to the same shard in every reading
          dropped_from = nullptr;
          continue;
        }
        exhausted = true;
        fc.stop();  // the pool still owns the chunk
        return nullptr;
      }
      ++loop_chunks;
      chunk->loop = loop;
      chunk->skipped = next_index++ % static_cast<std::uint64_t>(config.shard_count) !=
                       static_cast<std::uint64_t>(config.shard_index);
      // Another shard's range of a mapped file costs nothing here (the reader did not touch it):
      // it is not handed on at all, and the next chunk says where the uncounted lines began.
      if (!chunk->skipped || !chunk->extent) break;
      if (!dropped_from) {
        dropped_from = chunk->data;
        dropped_starts_line = chunk->starts_line;
      }
    }
    chunk->uncounted_from = dropped_from;
    chunk->uncounted_starts_line = dropped_starts_line;
    return chunk;
  };
  const auto work = [&](Chunk* chunk) {
    happens_after(&started);
    happens_after(chunk);
    const HappensBeforeOnExit done{&finished}, handed_on{chunk};
    std::uint64_t busy_ns = 0;
    {
      const BusyTime busy{busy_ns};
      if (chunk->skipped) {
        count_lines(*chunk);
      } else {
        split_records(*chunk);
        process(*chunk);
      }
      input.release_done();  // pages the sink is done with: unmapping them costs the serial sink nothing
    }
    std::atomic_ref<std::uint64_t>(worker_ns).fetch_add(busy_ns, std::memory_order_relaxed);
    return chunk;
  };
  const auto write = [&](Chunk* chunk) {
    happens_after(&started);
    happens_after(chunk);
    happens_after(&sink_stage);
    const HappensBeforeOnExit done{&finished}, next_write{&sink_stage}, reused{chunk};
    const BusyTime busy{sink_ns};
    if (chunk->loop != numbered_loop) {  // a new reading: its lines count from 1 again
      numbers = LineNumbers{};
      numbered_loop = chunk->loop;
    }
    numbers.place(*chunk);
    if (input.truncated())  // the chunk may hold zeros read past the file's new end
      throw IoError(input.name(), "the file shrank while it was read: records from here on are lost",
                    chunk->first_line);
    sink(*chunk);                                    // the records before a fault have their outcomes
    LineNumbers::raise_fault(*chunk, input.name());  // the records after it were not solved
    numbers.raise_read_error(*chunk, input.name());  // the pool still owns the chunk
    input.done_before(chunk->data + chunk->bytes);   // records before it are done
    free_chunks.push(chunk);
  };

  happens_before(&started);
  arena.execute([&] {
    tbb::parallel_pipeline(tokens, tbb::make_filter<void, Chunk*>(tbb::filter_mode::serial_in_order, read) &
                                       tbb::make_filter<Chunk*, Chunk*>(tbb::filter_mode::parallel, work) &
                                       tbb::make_filter<Chunk*, void>(tbb::filter_mode::serial_in_order, write));
  });
  happens_after(&finished);  // before reading the results; the guard covers the exceptional exits
  PipelineResult result;
  result.complete = exhausted;
  result.loops = static_cast<int>(loop) + 1;
  result.times.reader_seconds = static_cast<double>(reader_ns) * 1e-9;
  result.times.sink_seconds = static_cast<double>(sink_ns) * 1e-9;
  result.times.worker_seconds = static_cast<double>(worker_ns) * 1e-9;
  return result;
}

}  // namespace sudoku_bench
