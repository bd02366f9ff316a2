// Solver micro-benchmarks without the harness: parsing, propagation alone, and solving each dataset
// class, for every built-in strategy (registered from sudoku::strategy_list(), so new strategies
// join without an edit here).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
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

// The lines of a dataset, each read once, in one buffer.
struct Lines {
  std::string text;
  std::vector<std::string_view> lines;
};
const Lines& load_lines(const std::string& file) {
  static std::map<std::string, Lines> cache;
  auto [it, fresh] = cache.try_emplace(file);
  if (fresh) {
    std::ifstream in(std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + file);
    std::vector<std::size_t> ends;
    for (std::string line; std::getline(in, line);) {
      it->second.text += line;
      ends.push_back(it->second.text.size());
    }
    std::size_t begin = 0;
    for (const std::size_t end : ends) {
      it->second.lines.emplace_back(it->second.text.data() + begin, end - begin);
      begin = end;
    }
  }
  return it->second;
}

// One record per iteration, cycling through a whole file of valid records; items are records.
void parse_each(benchmark::State& state, const std::string& file) {
  const auto& lines = load_lines(file).lines;
  if (lines.empty()) {
    state.SkipWithError("dataset not found");
    return;
  }
  sudoku::Grid g;
  std::size_t i = 0, bytes = 0;
  for (auto _ : state) {
    bytes += lines[i].size();
    benchmark::DoNotOptimize(sudoku::parse_record(lines[i], g));
    benchmark::ClobberMemory();
    if (++i == lines.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK_CAPTURE(parse_each, 9x9, std::string(kSinglesOnly))->Name("parse/9x9");
BENCHMARK_CAPTURE(parse_each, 16x16, std::string("sudoku16x16_1000.txt"))->Name("parse/16x16");

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
