// What a deal costs MPI ranks end to end (docs/cluster.md, "How work is dealt"): the scaling model's
// deciding input (results/scale_out). Run it under a launcher, every rank alike, with as many ranks
// as wanted, oversubscribed or not, on shared memory or TCP:
//   mpirun -n 4 --oversubscribe bench/deal_benchmark
//   OMPI_MCA_btl=self,tcp OMPI_MCA_pml=ob1 mpirun -n 4 --oversubscribe bench/deal_benchmark
// Rank 0 prints (and writes --benchmark_out); the others run the same iterations silently. Every
// benchmark runs a fixed number of iterations, so that the ranks' collectives pair up.
// - BM_FetchAdd: every rank takes tickets back to back (RankCounters::fetch_add on rank 0's window: one
//   MPI_Fetch_and_op and MPI_Win_flush), rank 0 too: a deal's one operation, under contention.
// - BM_FetchAddRank0Asleep: the same by every rank but 0, which waits meanwhile as a rank's main
//   thread waits (World::barrier: it sleeps, up to 10 ms, and calls into MPI at every wake): what a
//   deal costs where the transport needs rank 0 to complete it (no remote atomics: TCP).
// - BM_DealPass: a measured pass of nothing but deals: every rank's reader takes deals from the
//   real dealing (run/rank_dealing.h, measure_dealt: the reader takes its ticket itself, or hands
//   the want to the main thread where MPI allows no other) until none is left, over 4096 chunks a
//   rank; time per deal as each rank saw it, the window made and freed once a pass.
// Counters: rank0_us, mean_us, max_us: the time per operation (or deal) at rank 0, averaged over
// the ranks, at the slowest rank; ranks.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/rank_counters.h"
#include "cluster/world.h"
#include "run/rank_dealing.h"
#include "stream/chunk_deal.h"

namespace {

using Clock = std::chrono::steady_clock;

// Each rank's microseconds per operation, gathered at rank 0 into the benchmark's counters.
void report(benchmark::State& state, double my_us) {
  sudoku_bench::World& world = sudoku_bench::World::current();
  const std::vector<double> all = world.gather_rows({my_us});
  if (world.rank() != 0) return;
  state.counters["rank0_us"] = all.front();
  state.counters["mean_us"] = std::accumulate(all.begin(), all.end(), 0.0) / static_cast<double>(all.size());
  state.counters["max_us"] = *std::max_element(all.begin(), all.end());
  state.counters["ranks"] = static_cast<double>(all.size());
}

void BM_FetchAdd(benchmark::State& state) {
  sudoku_bench::World& world = sudoku_bench::World::current();
  sudoku_bench::RankCounters counters(world, sudoku_bench::kDealCounters);
  const auto start = Clock::now();
  for (auto _ : state) benchmark::DoNotOptimize(counters.fetch_add(sudoku_bench::kTicketCounter, 1));
  const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
  counters.close();
  report(state, us / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_FetchAdd)->Iterations(20'000)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_FetchAddRank0Asleep(benchmark::State& state) {
  sudoku_bench::World& world = sudoku_bench::World::current();
  sudoku_bench::RankCounters counters(world, sudoku_bench::kDealCounters);
  const auto start = Clock::now();
  if (world.rank() == 0 && world.size() > 1) {
    for (auto _ : state) {
    }  // the timed loop ends at once: rank 0's own time is not the figure
    world.barrier();
  } else {
    for (auto _ : state) benchmark::DoNotOptimize(counters.fetch_add(sudoku_bench::kTicketCounter, 1));
    world.barrier();
  }
  const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
  counters.close();
  // Rank 0's figure is the longest any other rank took, as rank 0 waited for all of them.
  report(state, us / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_FetchAddRank0Asleep)->Iterations(500)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_DealPass(benchmark::State& state) {
  sudoku_bench::World& world = sudoku_bench::World::current();
  const std::uint64_t chunks = 4096 * static_cast<std::uint64_t>(world.size());
  double seconds = 0;
  std::uint64_t deals = 0;
  for (auto _ : state) {
    world.barrier();
    double dealing = 0, waiting = 0;
    const std::string error = sudoku_bench::measure_dealt(
        world,
        [&](sudoku_bench::ChunkDealer& dealer) {
          const auto start = Clock::now();
          std::uint64_t mine = 0;
          while (dealer.next({chunks, true, 0})) ++mine;
          seconds += std::chrono::duration<double>(Clock::now() - start).count();
          deals += mine;
          return std::string();
        },
        dealing, waiting);
    if (!error.empty()) state.SkipWithError(error.c_str());
  }
  state.counters["deals_per_pass"] =
      benchmark::Counter(static_cast<double>(deals) / static_cast<double>(state.iterations()));
  report(state, deals > 0 ? 1e6 * seconds / static_cast<double>(deals) : 0);
  if (world.rank() == 0)
    state.counters["reading_deals"] =
        static_cast<double>(sudoku_bench::RankDeals::guided_bounds(chunks, world.size()).size() - 1);
}
BENCHMARK(BM_DealPass)->Iterations(20)->UseRealTime()->Unit(benchmark::kMillisecond);

// What the ranks other than 0 report: nothing.
class Silent final : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

}  // namespace

int main(int argc, char** argv) {
  sudoku_bench::World world(argc, argv);
  if (!world.problem().empty()) {
    std::fprintf(stderr, "deal_benchmark: %s\n", world.problem().c_str());
    return 2;
  }
  // The other ranks write no --benchmark_out file: the flags that ask for it are dropped there.
  std::vector<char*> args(argv, argv + argc);
  if (world.rank() != 0)
    args.erase(std::remove_if(args.begin() + 1, args.end(),
                              [](const char* a) { return std::string_view(a).starts_with("--benchmark_out"); }),
               args.end());
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (world.rank() == 0) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    Silent display;
    benchmark::RunSpecifiedBenchmarks(&display);
  }
  benchmark::Shutdown();
  return 0;
}
