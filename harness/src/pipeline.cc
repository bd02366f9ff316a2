#include "sudoku_bench/pipeline.h"

#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/concurrent_queue.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "sudoku_bench/chunk_reader.h"

namespace sudoku_bench {

std::size_t records_per_chunk_for(std::uint64_t expected_records, int threads) {
  if (expected_records == 0) return 256;
  const std::uint64_t per_chunk = expected_records / (16 * static_cast<std::uint64_t>(std::max(threads, 1)));
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(per_chunk, 1, 256));
}

void run_pipeline(InputFile& input, const PipelineConfig& config, const std::function<void(Chunk&)>& process,
                  const std::function<void(Chunk&)>& sink) {
  const int threads = std::max(config.threads, 1);
  const std::size_t tokens = config.max_chunks_in_flight ? config.max_chunks_in_flight : 4 * static_cast<std::size_t>(threads);
  // Without this, TBB caps an arena at the machine's core count; with it, `threads` is honoured.
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  ChunkReader reader(input);

  // Exactly `tokens` chunks exist, reused: the pipeline never has more live items than that, so
  // the reader always finds a free one, and memory stays bounded whatever the input size.
  std::vector<std::unique_ptr<Chunk>> pool;
  tbb::concurrent_queue<Chunk*> free_chunks;
  for (std::size_t i = 0; i < tokens; ++i) {
    pool.push_back(std::make_unique<Chunk>());
    free_chunks.push(pool.back().get());
  }

  arena.execute([&] {
    tbb::parallel_pipeline(
        tokens,
        tbb::make_filter<void, Chunk*>(tbb::filter_mode::serial_in_order,
                                       [&](tbb::flow_control& fc) -> Chunk* {
                                         if (config.stop && config.stop->load(std::memory_order_relaxed)) {
                                           fc.stop();
                                           return nullptr;
                                         }
                                         Chunk* chunk = nullptr;
                                         if (!free_chunks.try_pop(chunk)) throw std::logic_error("chunk pool exhausted");
                                         if (!reader.next(*chunk, config.records_per_chunk)) {
                                           free_chunks.push(chunk);
                                           fc.stop();
                                           return nullptr;
                                         }
                                         return chunk;
                                       }) &
            tbb::make_filter<Chunk*, Chunk*>(tbb::filter_mode::parallel,
                                             [&](Chunk* chunk) {
                                               process(*chunk);
                                               return chunk;
                                             }) &
            tbb::make_filter<Chunk*, void>(tbb::filter_mode::serial_in_order, [&](Chunk* chunk) {
              sink(*chunk);
              free_chunks.push(chunk);
            }));
  });
}

}  // namespace sudoku_bench
