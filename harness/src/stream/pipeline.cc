#include "stream/pipeline.h"

#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/concurrent_queue.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
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

// At namespace scope, so a stage can name them before it reads any of its captures. Pipelines
// running at once share them, which only adds orderings.
const char started = 0, reader_stage = 0, sink_stage = 0, finished = 0;

}  // namespace

std::size_t records_per_chunk_for(std::uint64_t expected_records, int threads) {
  if (expected_records == 0) return 256;
  const std::uint64_t per_chunk = expected_records / (16 * static_cast<std::uint64_t>(std::max(threads, 1)));
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(per_chunk, 1, 256));
}

bool run_pipeline(InputFile& input, const PipelineConfig& config, const std::function<void(Chunk&)>& process,
                  const std::function<void(Chunk&)>& sink) {
  const int threads = std::max(config.threads, 1);
  const std::size_t tokens = config.max_chunks_in_flight ? config.max_chunks_in_flight : 4 * static_cast<std::size_t>(threads);
  // Without this, TBB caps an arena at the machine's core count; with it, `threads` is honoured.
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  ChunkReader reader(input, config.format);

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
  const auto read = [&](tbb::flow_control& fc) -> Chunk* {
    happens_after(&started);
    happens_after(&reader_stage);
    const HappensBeforeOnExit done{&finished}, next_read{&reader_stage};
    if ((config.stop && config.stop->load(std::memory_order_relaxed)) ||
        (config.interrupt && config.interrupt->load(std::memory_order_relaxed))) {
      fc.stop();
      return nullptr;
    }
    Chunk* chunk = nullptr;
    if (!free_chunks.try_pop(chunk)) throw std::logic_error("chunk pool exhausted");
    happens_after(chunk);
    const HappensBeforeOnExit handed_on{chunk};
    if (!reader.next(*chunk, config.records_per_chunk)) {
      exhausted = true;
      fc.stop();  // the pool still owns the chunk
      return nullptr;
    }
    return chunk;
  };
  const auto work = [&](Chunk* chunk) {
    happens_after(&started);
    happens_after(chunk);
    const HappensBeforeOnExit done{&finished}, handed_on{chunk};
    process(*chunk);
    return chunk;
  };
  const auto write = [&](Chunk* chunk) {
    happens_after(&started);
    happens_after(chunk);
    happens_after(&sink_stage);
    const HappensBeforeOnExit done{&finished}, next_write{&sink_stage}, reused{chunk};
    sink(*chunk);
    free_chunks.push(chunk);
  };

  happens_before(&started);
  arena.execute([&] {
    tbb::parallel_pipeline(tokens, tbb::make_filter<void, Chunk*>(tbb::filter_mode::serial_in_order, read) &
                                       tbb::make_filter<Chunk*, Chunk*>(tbb::filter_mode::parallel, work) &
                                       tbb::make_filter<Chunk*, void>(tbb::filter_mode::serial_in_order, write));
  });
  happens_after(&finished);  // before reading `exhausted`; the guard covers the exceptional exits
  return exhausted;
}

}  // namespace sudoku_bench
