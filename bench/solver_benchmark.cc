// Solver micro-benchmarks without the harness: parsing, propagation alone, and solving each dataset
// class, for every built-in strategy (registered from sudoku::strategy_list(), so new strategies
// join without an edit here).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"

namespace {

// The classes of the gates (gates/samples.txt), here on whole files.
struct DatasetClass {
  const char* name;
  const char* file;
};
constexpr DatasetClass kClasses[] = {
    {"easy", "kaggle_first20k.txt"}, {"17-clue", "sudoku17_49158.txt"},
    {"hard", "top1465.txt"},         {"very-hard", "forum_hardest_1905_11plus.txt"},
    {"multi", "serg_benchmark.txt"}, {"16x16", "sudoku16x16_1000.txt"},
};
// Puzzles that naked and hidden singles solve without a guess.
constexpr const char* kSinglesOnly = "kaggle_first20k.txt";

// Each file is read once, whatever number of times Google Benchmark calls a benchmark.
const std::vector<sudoku::Grid>& load(const std::string& file) {
  static std::map<std::string, std::vector<sudoku::Grid>> cache;
  auto [it, fresh] = cache.try_emplace(file);
  if (fresh) {
    std::ifstream in(std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + file);
    for (std::string line; std::getline(in, line);) {
      sudoku::Grid g;
      if (sudoku::parse_record(line, g)) it->second.push_back(g);
    }
  }
  return it->second;
}

void BM_Parse(benchmark::State& state) {
  const std::string record = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  sudoku::Grid g;
  for (auto _ : state) benchmark::DoNotOptimize(sudoku::parse_record(record, g));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Parse)->Name("parse");

// One puzzle per iteration, cycling through the file; items are puzzles.
void solve_each(benchmark::State& state, const std::string& solver, const std::string& file, bool singles_only) {
  std::string error;
  const auto factory = sudoku::make_solver_factory(solver, error);
  const auto& puzzles = load(file);
  if (!factory || puzzles.empty()) {
    state.SkipWithError(factory ? "dataset not found" : error.c_str());
    return;
  }
  if (!factory->supports(puzzles.front().box)) {
    state.SkipWithError("size not supported by this solver");
    return;
  }
  const auto instance = factory->make();
  if (singles_only) {
    // Checked once per solver, not on each of Google Benchmark's calls.
    static std::map<std::string, bool> singles_suffice;
    auto [known, fresh] = singles_suffice.try_emplace(solver);
    if (fresh)
      known->second = std::all_of(puzzles.begin(), puzzles.end(),
                                  [&](const sudoku::Grid& g) { return instance->solve(g, {}, nullptr).nodes == 1; });
    if (!known->second) {
      state.SkipWithError("a puzzle needs search: this would not measure propagation alone");
      return;
    }
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(instance->solve(puzzles[i], {}, nullptr));
    if (++i == puzzles.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

// fast's portable backends beside the one it picks for this CPU, to see what the vector units buy.
constexpr const char* kExtraSolvers[] = {"fast:avx2", "fast:scalar"};

void register_solver_benchmarks() {
  std::vector<std::string> solvers;
  for (const sudoku::StrategyInfo& s : sudoku::strategy_list()) solvers.emplace_back(s.name);
  solvers.insert(solvers.end(), std::begin(kExtraSolvers), std::end(kExtraSolvers));
  for (const std::string& solver : solvers) {
    benchmark::RegisterBenchmark(("propagate/" + solver).c_str(),
                                 [solver](benchmark::State& st) { solve_each(st, solver, kSinglesOnly, true); });
    for (const DatasetClass& c : kClasses)
      benchmark::RegisterBenchmark(("solve/" + std::string(c.name) + "/" + solver).c_str(),
                                   [solver, c](benchmark::State& st) { solve_each(st, solver, c.file, false); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_solver_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
