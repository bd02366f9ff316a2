// The harness's own work on the way to the solvers, without them: the serial reader cutting an
// input into blocks of whole lines, and the parallel stage splitting a block into records.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include "stream/chunk.h"
#include "stream/chunk_reader.h"
#include "stream/input.h"

namespace {

constexpr std::size_t kBlockBytes = 64 * 1024;  // the reader's block for large inputs (chunk_size_for)
const std::string kKaggle = std::string(SUDOKU_BENCH_DATASETS_DIR) + "/kaggle_first20k.txt";

// The whole lines of the file's first kBlockBytes, as ChunkReader hands a block to the parallel stage.
sudoku_bench::Chunk kaggle_block() {
  std::ifstream in(kKaggle, std::ios::binary);
  std::string text(std::istreambuf_iterator<char>(in), {});
  text.resize(std::min(text.size(), kBlockBytes));
  text.resize(text.rfind('\n') + 1);  // whole lines only
  sudoku_bench::Chunk chunk;
  chunk.format = sudoku_bench::InputFormat::lines;
  chunk.text = std::move(text);
  chunk.bytes = chunk.text.size();
  return chunk;
}

// split_records over one block; bytes are the block's, items its records.
void BM_SplitKaggle(benchmark::State& state) {
  sudoku_bench::Chunk chunk = kaggle_block();
  chunk.data = chunk.text.data();  // the block's bytes, in the chunk's own buffer
  if (chunk.bytes == 0) {
    state.SkipWithError("dataset not found");
    return;
  }
  for (auto _ : state) {
    chunk.records.clear();  // keeps its capacity, as a reused chunk does
    chunk.split = false;
    sudoku_bench::split_records(chunk);
    benchmark::DoNotOptimize(chunk.records.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * chunk.bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * chunk.records.size()));
}
BENCHMARK(BM_SplitKaggle)->Name("split/kaggle");

// The serial reader over the whole file (from the page cache), in blocks of kBlockBytes, the
// format detected as run does by default; bytes are the file's.
void BM_ReadPlain(benchmark::State& state) {
  std::uint64_t bytes = 0;
  sudoku_bench::Chunk chunk;
  for (auto _ : state) {
    sudoku_bench::InputFile input(kKaggle);
    sudoku_bench::ChunkReader reader(input);
    while (reader.next(chunk, sudoku_bench::ChunkSize{kBlockBytes, 256})) bytes += chunk.bytes;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_ReadPlain)->Name("read/plain");

}  // namespace

BENCHMARK_MAIN();
