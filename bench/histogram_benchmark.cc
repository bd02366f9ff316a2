// The harness's per-puzzle bookkeeping: recording a latency costs this much on top of every solve.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "report/report.h"
#include "stats/histogram.h"

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

}  // namespace

BENCHMARK_MAIN();
