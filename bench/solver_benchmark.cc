// Solver micro-benchmarks without the harness: parse and solve per dataset class.
#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"

namespace {

std::vector<sudoku::Grid> load(const std::string& file) {
  std::ifstream in(std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + file);
  std::vector<sudoku::Grid> grids;
  for (std::string line; std::getline(in, line);) {
    sudoku::Grid g;
    if (sudoku::parse_record(line, g)) grids.push_back(g);
  }
  return grids;
}

void BM_Parse(benchmark::State& state) {
  const std::string record = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  sudoku::Grid g;
  for (auto _ : state) benchmark::DoNotOptimize(sudoku::parse_record(record, g));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Parse);

void BM_Solve(benchmark::State& state, const char* solver, const char* file) {
  std::string error;
  const auto factory = sudoku::make_solver_factory(solver, error);
  if (!factory) {
    state.SkipWithError(error.c_str());
    return;
  }
  const auto puzzles = load(file);
  if (puzzles.empty()) {
    state.SkipWithError("dataset not found");
    return;
  }
  const auto instance = factory->make();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(instance->solve(puzzles[i], {}, nullptr));
    if (++i == puzzles.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_Solve, bitmask/easy50, "bitmask", "easy50.txt");
BENCHMARK_CAPTURE(BM_Solve, bitmask/sudoku17, "bitmask", "sudoku17_49158.txt");
BENCHMARK_CAPTURE(BM_Solve, bitmask/top95, "bitmask", "top95.txt");
BENCHMARK_CAPTURE(BM_Solve, fast/easy50, "fast", "easy50.txt");
BENCHMARK_CAPTURE(BM_Solve, fast/sudoku17, "fast", "sudoku17_49158.txt");
BENCHMARK_CAPTURE(BM_Solve, fast/top95, "fast", "top95.txt");
BENCHMARK_CAPTURE(BM_Solve, fast/serg, "fast", "serg_benchmark.txt");
BENCHMARK_CAPTURE(BM_Solve, fast/forum_hardest_1106, "fast", "forum_hardest_1106.txt");
BENCHMARK_CAPTURE(BM_Solve, fast_avx2/top95, "fast:avx2", "top95.txt");
BENCHMARK_CAPTURE(BM_Solve, fast_scalar/top95, "fast:scalar", "top95.txt");

}  // namespace

BENCHMARK_MAIN();
