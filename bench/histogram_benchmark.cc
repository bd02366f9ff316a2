// The harness's per-puzzle bookkeeping: recording a latency costs this much on top of every solve.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "report/report.h"
#include "stats/histogram.h"
#include "stats/tail_growth.h"

namespace {

// Latency-like values: log-normal around 20 us, as a 17-clue puzzle takes.
std::vector<std::uint64_t> values() {
  std::mt19937_64 rng(1);
  std::lognormal_distribution<double> lognormal(10.0, 1.5);
  std::vector<std::uint64_t> v(1 << 16);
  for (auto& x : v) x = static_cast<std::uint64_t>(lognormal(rng));
  return v;
}

void BM_HistogramRecord(benchmark::State& state) {
  const auto v = values();
  sudoku_bench::Histogram h;
  std::size_t i = 0;
  for (auto _ : state) {
    h.record(v[i]);
    i = (i + 1) & (v.size() - 1);
  }
  benchmark::DoNotOptimize(h.count());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HistogramRecord)->Name("histogram/record");

// What a report costs per run: every percentile and the log2 counts of a full histogram.
void BM_HistogramSummarize(benchmark::State& state) {
  const auto v = values();
  sudoku_bench::Histogram h;
  for (auto x : v) h.record(x);
  for (auto _ : state) benchmark::DoNotOptimize(sudoku_bench::summarize(h));
}
BENCHMARK(BM_HistogramSummarize)->Name("histogram/summarize");

// Tail growth's serial part: the sink's cost per record of a pass of 1,000,000 latency-like
// records in chunks of 3,000 (a plain file's chunk at one thread), the workers having kept only
// the values at or above the floor the sink had published (prepared untimed, the same floors in
// every iteration, since the sink is deterministic).
void BM_TailGrowthSink(benchmark::State& state) {
  const auto v = values();
  constexpr std::size_t kRecords = 1'000'000, kChunk = 3000;
  std::vector<sudoku_bench::TailValues> chunks(kRecords / kChunk);
  {
    sudoku_bench::TailGrowth growth;
    for (std::size_t c = 0, i = 0; c < chunks.size(); ++c) {
      chunks[c].start(growth.floor());
      for (std::size_t k = 0; k < kChunk; ++k, i = (i + 1) & (v.size() - 1)) chunks[c].add(v[i]);
      growth.add(chunks[c]);
    }
  }
  std::size_t kept = 0;
  for (const auto& c : chunks) kept += c.kept.size();
  for (auto _ : state) {
    sudoku_bench::TailGrowth growth;
    for (const auto& c : chunks) growth.add(c);
    benchmark::DoNotOptimize(growth.points());
  }
  state.counters["kept_share"] = static_cast<double>(kept) / static_cast<double>(kRecords / kChunk * kChunk);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRecords / kChunk * kChunk));
}
BENCHMARK(BM_TailGrowthSink)->Name("tail_growth/sink")->Unit(benchmark::kMillisecond);

// The workers' part, per record: one comparison, and a store for the few values kept.
void BM_TailValuesAdd(benchmark::State& state) {
  const auto v = values();
  sudoku_bench::TailValues chunk;
  const std::uint64_t floor = 300'000;  // about 1% of these values are above it
  chunk.start(floor);
  std::size_t i = 0;
  for (auto _ : state) {
    if (chunk.count == 3000) chunk.start(floor);
    chunk.add(v[i]);
    i = (i + 1) & (v.size() - 1);
  }
  benchmark::DoNotOptimize(chunk.kept.size());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TailValuesAdd)->Name("tail_growth/worker_add");

}  // namespace

BENCHMARK_MAIN();
