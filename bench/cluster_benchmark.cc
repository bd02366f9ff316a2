// What MPI ranks cost beyond their records (docs/cluster.md, "What a rank costs"): the inputs of the
// scaling model in results/README.md. Per rank: telling the input apart (sample_fingerprint) and
// reaching its own chunks of a large file (a 1/1024 shard's pass against a pass over those records
// alone); a deal's own work (RankDeals, beside its one operation on rank 0's window: measured
// under MPI by deal_benchmark.cc) and, at rank 0, per pass, each rank's pass received (a row of
// numbers; before, its JSON text) and the passes combined.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <deque>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "real_pass.h"
#include "report/pass_codec.h"
#include "report/pass_fields.h"
#include "report/pass_parts.h"
#include "report/report_json.h"
#include "stream/chunk_deal.h"
#include "stream/input.h"
#include "stream/noop.h"
#include "stream/pass.h"

namespace {

const std::string kData = SUDOKU_BENCH_DATASETS_DIR;

// A 250 MB file of 9x9 puzzles (kaggle_first20k 153 times, 3,060,000 records), made once.
const std::string& large_file() {
  static const std::string path = [] {
    const std::string p = "/tmp/sudoku_bench_cluster_benchmark_250mb.txt";
    std::ifstream in(kData + "/kaggle_first20k.txt", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    for (int i = 0; i < 153; ++i) out << text;
    return p;
  }();
  return path;
}

void BM_SampleFingerprint(benchmark::State& state) {
  const std::string& file = large_file();
  for (auto _ : state) benchmark::DoNotOptimize(sudoku_bench::sample_fingerprint(file));
}
BENCHMARK(BM_SampleFingerprint)->Unit(benchmark::kMicrosecond);

// One reading of shard 1 of N of the 250 MB file by noop, one thread: what a rank of N pays to
// reach and read its share. Against BM_OwnRecordsPass/N, the same records in a file of their own.
void BM_ShardPass(benchmark::State& state) {
  const int shards = static_cast<int>(state.range(0));
  sudoku_bench::InputFile input(large_file());
  const auto noop = sudoku_bench::make_noop_factory();
  sudoku_bench::PassConfig config;
  sudoku_bench::take_shard(config.pipeline, input.size(), config.pipeline.threads, 1, shards);  // one thread
  std::uint64_t records = 0;
  for (auto _ : state) {
    input.rewind();
    records = sudoku_bench::measure_pass(input, *noop, config).status.records();
  }
  state.counters["records"] = static_cast<double>(records);
}
// Arg 1048576: a shard with no chunks of its own (the first chunk read, the pass set up): a pass's fixed cost.
BENCHMARK(BM_ShardPass)->Arg(64)->Arg(1024)->Arg(1 << 20)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_OwnRecordsPass(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(3'060'000 / state.range(0));
  const std::string path = "/tmp/sudoku_bench_cluster_benchmark_own.txt";
  {
    std::ifstream in(kData + "/kaggle_first20k.txt");
    std::ofstream out(path, std::ios::trunc);
    std::string line;
    for (std::size_t i = 0; i < n; ++i) {
      if (!std::getline(in, line)) in.clear(), in.seekg(0), std::getline(in, line);
      out << line << '\n';
    }
  }
  sudoku_bench::InputFile input(path);
  const auto noop = sudoku_bench::make_noop_factory();
  sudoku_bench::PassConfig config;
  config.pipeline.chunk = sudoku_bench::chunk_size_for(input.size(), config.pipeline.threads);  // one thread
  std::uint64_t records = 0;
  for (auto _ : state) {
    input.rewind();
    records = sudoku_bench::measure_pass(input, *noop, config).status.records();
  }
  state.counters["records"] = static_cast<double>(records);
}
BENCHMARK(BM_OwnRecordsPass)->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond)->UseRealTime();

// Counters in memory: what a deal costs beside its one operation on rank 0's window (measured
// end to end, under MPI, by bench/deal_benchmark.cc).
class LocalCounters final : public sudoku_bench::SharedCounters {
 public:
  std::int64_t fetch_add(int i, std::int64_t add) override {
    return std::exchange(c_[static_cast<std::size_t>(i)], c_[static_cast<std::size_t>(i)] + add);
  }
  std::int64_t fetch_max(int i, std::int64_t value) override {
    return std::exchange(c_[static_cast<std::size_t>(i)], std::max(c_[static_cast<std::size_t>(i)], value));
  }
  void pause(int) override {}

 private:
  std::vector<std::int64_t> c_ = std::vector<std::int64_t>(sudoku_bench::kDealCounters, 0);
};

// One reading of a file of 256 chunks per rank dealt to `ranks` ranks taking deals in turn from
// counters in memory: the time per deal beside its counter operation, and how many deals a reading
// takes (each one fetch_add on rank 0's window under MPI).
void BM_DealReading(benchmark::State& state) {
  const int ranks = static_cast<int>(state.range(0));
  const std::uint64_t chunks = 256 * static_cast<std::uint64_t>(ranks);
  std::uint64_t deals = 0;
  for (auto _ : state) {
    LocalCounters counters;
    std::deque<sudoku_bench::RankDeals> job;
    for (int r = 0; r < ranks; ++r) job.emplace_back(counters, r, ranks);
    deals = 0;
    for (int r = 0;; r = (r + 1) % ranks, ++deals)
      if (!job[static_cast<std::size_t>(r)].deal({chunks, true, 0}, 0)) break;
  }
  state.counters["deals"] = static_cast<double>(deals);
  state.counters["per_deal"] = benchmark::Counter(static_cast<double>(deals) * static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_DealReading)->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);

// A rank's pass as rank 0 receives it: one reading of 1/64 of sudoku17_49158 by fast (a pass's
// latency histogram holds a few hundred to thousands of buckets).
sudoku_bench::MeasuredPass rank_pass() { return bench::real_pass(kData + "/sudoku17_49158.txt", "fast", {1, 64}); }

// What rank 0 makes of each rank's pass: Arg 0, as now, a row of numbers (part_figures; the
// distributions' buckets are summed apart along MPI's reduction tree: rank_passes.cc); Arg 1, as
// before, the pass's JSON text with its buckets, parsed.
sudoku_bench::MeasuredPass sent_pass(bool with_buckets) {
  sudoku_bench::MeasuredPass pass = rank_pass();
  if (!with_buckets)
    for (sudoku_bench::Summary* s :
         {&pass.distributions.latency_ns, &pass.distributions.tree_size, &pass.distributions.guesses})
      s->buckets.clear();
  return pass;
}

void BM_RankPassReceived(benchmark::State& state) {
  const sudoku_bench::MeasuredPass pass = sent_pass(state.range(0) != 0);
  if (state.range(0) == 0) {
    const std::vector<double> row = sudoku_bench::part_figures(pass);
    for (auto _ : state) benchmark::DoNotOptimize(sudoku_bench::part_of(pass, row));
    state.counters["bytes"] = static_cast<double>(row.size() * sizeof(double));
    return;
  }
  const std::string text = sudoku_bench::pass_to_json(pass).dump();
  for (auto _ : state) benchmark::DoNotOptimize(sudoku_bench::pass_from_json(nlohmann::ordered_json::parse(text)));
  state.counters["bytes"] = static_cast<double>(text.size());
}
BENCHMARK(BM_RankPassReceived)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// The ranks' passes combined at rank 0: Arg 0 as now (the summed buckets added once), Arg 1 as
// before (every rank's buckets merged one after another).
void BM_RankPassesCombined(benchmark::State& state) {
  const auto ranks = static_cast<std::size_t>(state.range(0));
  const bool each_with_buckets = state.range(1) != 0;
  const sudoku_bench::MeasuredPass full = rank_pass();
  const std::vector<sudoku_bench::MeasuredPass> parts(ranks, sent_pass(each_with_buckets));
  const std::vector<std::string> hosts(ranks, "host");
  std::vector<int> numbers;
  for (std::size_t r = 0; r < ranks; ++r) numbers.push_back(static_cast<int>(r));
  for (auto _ : state) {
    sudoku_bench::MeasuredPass pass = sudoku_bench::combine_parts(parts, hosts, numbers, sudoku_bench::Timing::ranks);
    if (!each_with_buckets)  // the buckets of one rank stand for the sum: as many slots
      pass.distributions.latency_ns =
          sudoku_bench::with_buckets(full.distributions.latency_ns, full.distributions.latency_ns.buckets);
    benchmark::DoNotOptimize(pass);
  }
}
BENCHMARK(BM_RankPassesCombined)->ArgsProduct({{64, 1024}, {0, 1}})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
