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
#include <vector>

#include "stream/chunk_deal.h"
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

ChunkSize chunk_size_for(std::uint64_t input_bytes, ThreadCount threads) {
  ChunkSize size;
  if (input_bytes == 0) return size;
  const std::uint64_t share = input_bytes / (16 * static_cast<std::uint64_t>(threads.get()));
  size.bytes = static_cast<std::size_t>(std::clamp<std::uint64_t>(share, 512, 256 * 1024));
  size.records = static_cast<std::size_t>(std::clamp<std::uint64_t>(share / 82, 1, 256));
  return size;
}

void take_shard(PipelineConfig& pipeline, std::uint64_t input_bytes, ThreadCount threads, int shard, int shards) {
  if (shards <= 1) {
    const bool repeated = pipeline.min_seconds > 0 && input_bytes > 0;
    pipeline.chunk = chunk_size_for(repeated ? std::max(input_bytes, kRepeatedBytes) : input_bytes, threads);
    return;
  }
  pipeline.chunk = shard_chunk_size(input_bytes, shards);
  pipeline.shard_index = shard - 1;
  pipeline.shard_count = shards;
}

ChunkSize shard_chunk_size(std::uint64_t input_bytes, int shard_count) {
  ChunkSize size;
  if (input_bytes == 0) return size;
  const std::uint64_t share = input_bytes / (256 * static_cast<std::uint64_t>(std::max(shard_count, 1)));
  size.bytes = static_cast<std::size_t>(std::clamp<std::uint64_t>(share, 1024, 256 * 1024));
  size.records = static_cast<std::size_t>(std::clamp<std::uint64_t>(share / 82, 4, 256));
  return size;
}

namespace {

using Clock = std::chrono::steady_clock;

// Exactly as many chunks as the pipeline has tokens, reused: the pipeline never has more live
// items than that, so the reader always finds a free one, and memory stays bounded whatever the
// input size.
class ChunkPool {
 public:
  explicit ChunkPool(std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
      chunks_.push_back(std::make_unique<Chunk>());
      free_.push(chunks_.back().get());
    }
  }
  Chunk& take() {
    Chunk* chunk = nullptr;
    if (!free_.try_pop(chunk)) throw std::logic_error("chunk pool exhausted");
    return *chunk;
  }
  void give_back(Chunk& chunk) { free_.push(&chunk); }

 private:
  std::vector<std::unique_ptr<Chunk>> chunks_;
  tbb::concurrent_queue<Chunk*> free_;
};

// The reader stage's own state, between its calls (one at a time).
struct Reading {
  std::optional<ChunkReader> reader;
  std::uint32_t loop = 0;        // the reader's reading of the input
  std::uint64_t loop_kept = 0;   // of them, this process's
  std::uint64_t next_index = 0;  // the next chunk's, counted from 0 in each reading
  std::uint64_t chunks = 0;      // a reading's chunks when the reader can jump (DealRequest::chunks)
  std::optional<Deal> deal;      // the chunks being read; none before the first
  bool exhausted = false;        // the dealer had no more: every chunk dealt was read
  std::uint64_t busy_ns = 0;
  std::uint64_t dealer_ns = 0;  // of it, waiting for the dealer (another rank's turn, not the harness's cost)
};

// The sink stage's own state, between its calls (one at a time).
struct Sinking {
  LineNumbers numbers;              // for the sink's reading
  std::uint32_t numbered_loop = 0;  // which reading `numbers` counts
  std::uint64_t busy_ns = 0;
};

// Stage 1, serial in order: hands out the next chunk the dealer gave this process, jumping over
// other processes' ranges of a mapped file and reading the input again when a deal is of a later
// reading; touches no record.
class ReadChunk {
 public:
  ReadChunk(InputFile& input, const PipelineConfig& config, ChunkPool& pool, Reading& reading, ChunkDealer& dealer)
      : input_(input), config_(config), pool_(pool), reading_(reading), dealer_(dealer) {}

  Chunk* operator()(tbb::flow_control& fc) const {
    happens_after(&started);
    happens_after(&reader_stage);
    const HappensBeforeOnExit done{&finished}, next_read{&reader_stage};
    if (stop_asked()) {
      fc.stop();
      return nullptr;
    }
    const BusyTime busy{reading_.busy_ns};
    Chunk& chunk = pool_.take();
    happens_after(&chunk);
    const HappensBeforeOnExit handed_on{&chunk};
    if (!next_of_shard(chunk)) {
      reading_.exhausted = !stop_asked();
      fc.stop();  // the pool still owns the chunk
      return nullptr;
    }
    return &chunk;
  }

 private:
  bool stop_asked() const {
    return (config_.stop && config_.stop->load(std::memory_order_relaxed)) ||
           (config_.interrupt && config_.interrupt->load(std::memory_order_relaxed));
  }

  // Fills `chunk` with the next chunk this process processes or counts; false at the end.
  bool next_of_shard(Chunk& chunk) const {
    Reading& r = reading_;
    const char* dropped_from = nullptr;  // mapped ranges of other processes passed over
    bool dropped_starts_line = false;
    for (;;) {
      if (r.deal && r.deal->loop != r.loop) {
        if (!start_reading(r.deal->loop)) return false;
        dropped_from = nullptr;
      }
      if (r.deal && r.next_index > 0 && r.next_index >= r.deal->end) {  // the deal is read
        if (!take_deal() || stop_asked()) return false;
        continue;
      }
      if (r.deal && r.next_index > 0 && r.next_index < r.deal->begin && r.chunks) {
        // Another process's ranges of a mapped file cost nothing: not read, not handed on; the next
        // chunk handed on says where the uncounted lines began.
        const ChunkReader::Skipped skipped = r.reader->skip(r.deal->begin - r.next_index, config_.chunk.bytes);
        if (!dropped_from) {
          dropped_from = skipped.from;
          dropped_starts_line = skipped.starts_line;
        }
        r.next_index = r.deal->begin;
      }
      if (!r.reader->next(chunk, config_.chunk)) {  // the end of this reading
        // A file that changed while it was read gave records that are neither the old nor the new ones.
        if (const std::string change = input_.changed(); !change.empty())
          throw IoError(input_.name(), "changed while it was read: " + change);
        if (!r.deal || !take_deal() || r.deal->loop == r.loop || stop_asked()) return false;
        continue;
      }
      const std::uint64_t index = r.next_index++;
      if (index == 0) r.chunks = r.reader->jumpable_chunks(config_.chunk.bytes);
      if (!r.deal && !take_deal()) return false;  // the first deal: once the chunks are known
      chunk.loop = r.loop;
      chunk.skipped = r.deal->loop != r.loop || !r.deal->covers(index);
      r.loop_kept += !chunk.skipped;
      if (!chunk.skipped || !chunk.extent) break;
      if (!dropped_from) {
        dropped_from = chunk.data;
        dropped_starts_line = chunk.starts_line;
      }
    }
    chunk.uncounted_from = dropped_from;
    chunk.uncounted_starts_line = dropped_starts_line;
    return true;
  }

  bool take_deal() const {
    const BusyTime waiting{reading_.dealer_ns};
    reading_.deal = dealer_.next({reading_.chunks, reading_.loop_kept > 0, config_.min_seconds});
    return reading_.deal.has_value();
  }

  // Reading `loop` of the input starts: from its first byte (the same chunks in every reading).
  bool start_reading(std::uint32_t loop) const {
    if (const std::string change = input_.changed(); !change.empty())
      throw IoError(input_.name(), "changed while it was read: " + change);
    if (!input_.rewind()) return false;  // standard input and pipes are read once
    reading_.reader.emplace(input_, config_.format);
    reading_.loop = loop;
    reading_.loop_kept = reading_.next_index = 0;
    return true;
  }

  InputFile& input_;
  const PipelineConfig& config_;
  ChunkPool& pool_;
  Reading& reading_;
  ChunkDealer& dealer_;
};

// Stage 2, parallel: splits a chunk into records and processes them, or only counts the lines of
// another shard's chunk.
class ProcessChunk {
 public:
  ProcessChunk(InputFile& input, const std::function<void(Chunk&)>& process, std::uint64_t& busy_ns)
      : input_(input), process_(process), busy_ns_(busy_ns) {}

  Chunk* operator()(Chunk* chunk) const {
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
        process_(*chunk);
      }
      input_.release_done();  // pages the sink is done with: unmapping them costs the serial sink nothing
    }
    std::atomic_ref<std::uint64_t>(busy_ns_).fetch_add(busy_ns, std::memory_order_relaxed);
    return chunk;
  }

 private:
  InputFile& input_;
  const std::function<void(Chunk&)>& process_;
  std::uint64_t& busy_ns_;  // through atomic_ref: workers add to it at once
};

// Stage 3, serial in order: numbers a chunk's lines, hands it to the sink, raises what went wrong
// in it once its records before the fault have their outcomes, and gives the chunk back.
class SinkChunk {
 public:
  SinkChunk(InputFile& input, const std::function<void(Chunk&)>& sink, ChunkPool& pool, Sinking& sinking)
      : input_(input), sink_(sink), pool_(pool), sinking_(sinking) {}

  void operator()(Chunk* chunk) const {
    happens_after(&started);
    happens_after(chunk);
    happens_after(&sink_stage);
    const HappensBeforeOnExit done{&finished}, next_write{&sink_stage}, reused{chunk};
    const BusyTime busy{sinking_.busy_ns};
    if (chunk->loop != sinking_.numbered_loop) {  // a new reading: its lines count from 1 again
      sinking_.numbers = LineNumbers{};
      sinking_.numbered_loop = chunk->loop;
    }
    sinking_.numbers.place(*chunk);
    if (input_.truncated())  // the chunk may hold zeros read past the file's new end
      throw IoError(input_.name(), "the file shrank while it was read: records from here on are lost",
                    chunk->first_line);
    sink_(*chunk);                                             // the records before a fault have their outcomes
    LineNumbers::raise_fault(*chunk, input_.name());           // the records after it were not solved
    sinking_.numbers.raise_read_error(*chunk, input_.name());  // the pool still owns the chunk
    input_.done_before(chunk->data + chunk->bytes);            // records before it are done
    pool_.give_back(*chunk);
  }

 private:
  InputFile& input_;
  const std::function<void(Chunk&)>& sink_;
  ChunkPool& pool_;
  Sinking& sinking_;
};

double seconds(std::uint64_t ns) { return static_cast<double>(ns) * 1e-9; }

}  // namespace

PipelineResult run_pipeline(InputFile& input, const PipelineConfig& config, const std::function<void(Chunk&)>& process,
                            const std::function<void(Chunk&)>& sink) {
  if (config.shard_count < 1 || config.shard_index < 0 || config.shard_index >= config.shard_count)
    throw std::invalid_argument("shard index out of range");
  const int threads = config.threads.get();
  const std::size_t tokens =
      config.max_chunks_in_flight ? config.max_chunks_in_flight : 4 * static_cast<std::size_t>(threads);
  // Without this, TBB caps an arena at the machine's core count; with it, `threads` is honoured.
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  const auto began = Clock::now();
  Reading reading;
  reading.reader.emplace(input, config.format);
  ShardDealer own_share(config.shard_index, config.shard_count, config.min_seconds, began);
  ChunkDealer& dealer = config.dealer ? *config.dealer : own_share;
  Sinking sinking;
  std::uint64_t worker_ns = 0;
  ChunkPool pool(tokens);
  // Declared after the pool so that it runs before the pool is freed, on return or exception.
  struct AfterEveryStage {
    const char* sync;
    ~AfterEveryStage() { happens_after(sync); }
  } after_every_stage{&finished};

  happens_before(&started);
  arena.execute([&] {
    tbb::parallel_pipeline(
        tokens,
        tbb::make_filter<void, Chunk*>(tbb::filter_mode::serial_in_order,
                                       ReadChunk(input, config, pool, reading, dealer)) &
            tbb::make_filter<Chunk*, Chunk*>(tbb::filter_mode::parallel, ProcessChunk(input, process, worker_ns)) &
            tbb::make_filter<Chunk*, void>(tbb::filter_mode::serial_in_order, SinkChunk(input, sink, pool, sinking)));
  });
  happens_after(&finished);  // before reading the results; the guard covers the exceptional exits
  PipelineResult result;
  result.complete = reading.exhausted;
  result.loops = static_cast<int>(reading.loop) + 1;
  result.times.reader_seconds = seconds(reading.busy_ns - std::min(reading.busy_ns, reading.dealer_ns));
  result.times.sink_seconds = seconds(sinking.busy_ns);
  result.times.worker_seconds = seconds(worker_ns);
  return result;
}

}  // namespace sudoku_bench
