#include "report/gbench_format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "report/context_fields.h"
#include "report/metrics.h"
#include "report/report_json.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

double per_puzzle_ns(double seconds, const MeasuredPass& r) {
  return r.puzzles() ? seconds * 1e9 / static_cast<double>(r.puzzles()) : 0;
}

// CPU time per puzzle, null where the pass did not measure it (Google Benchmark's files always have
// a cpu_time: null rather than a 0 that reads as free).
Json cpu_time_of(const MeasuredPass& r) {
  const std::optional<double> cpu = r.figures[Fig::cpu_seconds];
  return cpu ? Json(per_puzzle_ns(*cpu, r)) : Json(nullptr);
}

// A pass's user counters: the metric table's gbench figures the pass measured, in its order
// (whole numbers stay integers).
std::vector<std::pair<std::string, Json>> counters_of(const MeasuredPass& r, Measure measure) {
  std::vector<std::pair<std::string, Json>> counters;
  for (const Metric& m : metrics()) {
    if (!m.in(kInGbench, measure)) continue;
    if (const std::optional<double> v = m.of(r))
      counters.emplace_back(std::string(m.gbench_name()), m.integral ? Json(static_cast<std::uint64_t>(*v)) : Json(*v));
  }
  return counters;
}

// Google Benchmark's statistics over repetitions (its statistics.cc): the sample standard
// deviation, and the coefficient of variation as a fraction (0 when the mean is 0).
double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

double stddev_of(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const double m = mean_of(v);
  double squares = 0;
  for (double x : v) squares += (x - m) * (x - m);
  return std::sqrt(squares / static_cast<double>(v.size() - 1));
}

double cv_of(const std::vector<double>& v) {
  const double m = mean_of(v);
  return m == 0 ? 0 : stddev_of(v) / m;
}

struct Statistic {
  const char* name;
  const char* unit;  // "time", or "percentage" for a fraction of the mean
  double (*compute)(const std::vector<double>&);
};
constexpr Statistic kStatistics[] = {{"mean", "time", mean_of},
                                     {"median", "time", [](const std::vector<double>& v) { return median(v); }},
                                     {"stddev", "time", stddev_of},
                                     {"cv", "percentage", cv_of}};

Json gbench_context(const Context& c, Measure measure) {
  std::string build_type = c.build_type;
  std::transform(build_type.begin(), build_type.end(), build_type.begin(),
                 [](unsigned char ch) { return std::tolower(ch); });
  Json context = {{"date", c.date},
                  {"host_name", c.host},
                  {"executable", "sudoku-bench"},
                  {"num_cpus", c.hardware_threads},
                  {"library_build_type", build_type},
                  // Ours, for readers who want more than Google Benchmark records.
                  {"sudoku_bench_schema", kSchema},
                  // An instruction report's real_time and cpu_time are valgrind's run, not the solver's:
                  // its figure is the instructions_per_puzzle counter.
                  {"sudoku_bench_measure", measure_name(measure)}};
  const Json ours = context_json(c);
  for (const auto& [key, value] : ours.items())
    if (!context.contains(key)) context[key] = value;
  return context;
}

// Where a group of repetitions stands among Google Benchmark's families (one benchmark function
// with its argument variants); here a family is a dataset and solver, its instances the thread counts.
struct Instance {
  std::string name;
  int family = 0;
  int index = 0;        // per_family_instance_index
  int repetitions = 0;  // of this instance
  Measure measure = Measure::time;
};

void add_iterations(const Instance& at, const std::vector<const MeasuredPass*>& runs, Json& benchmarks) {
  for (const MeasuredPass* r : runs) {
    Json b = {{"name", at.name},
              {"family_index", at.family},
              {"per_family_instance_index", at.index},
              {"run_name", at.name},
              {"run_type", "iteration"},
              {"repetitions", at.repetitions},
              {"repetition_index", r->id.repetition - 1},
              {"threads", r->threads},
              {"iterations", r->puzzles()},
              {"real_time", per_puzzle_ns(r->wall_seconds, *r)},
              {"cpu_time", cpu_time_of(*r)},
              {"time_unit", "ns"}};
    for (const auto& [counter, value] : counters_of(*r, at.measure)) b[counter] = value;
    benchmarks.push_back(std::move(b));
  }
}

// As Google Benchmark does with --benchmark_repetitions: after the repetitions, their mean,
// median, standard deviation and coefficient of variation (none for one repetition). Times per
// puzzle and counters alike; a counter over the repetitions that have it.
void add_aggregates(const Instance& at, const std::vector<const MeasuredPass*>& runs, Json& benchmarks) {
  if (runs.size() < 2) return;
  std::vector<double> real, cpu;
  std::vector<std::pair<std::string, std::vector<double>>> counters;
  for (const MeasuredPass* r : runs) {
    real.push_back(per_puzzle_ns(r->wall_seconds, *r));
    if (const std::optional<double> seconds = r->figures[Fig::cpu_seconds]) cpu.push_back(per_puzzle_ns(*seconds, *r));
    // Not a structured binding: Clang before 16 cannot capture one in a lambda (the fuzz build).
    for (const auto& entry : counters_of(*r, at.measure)) {
      const std::string& counter = entry.first;
      auto it = std::find_if(counters.begin(), counters.end(), [&](const auto& c) { return c.first == counter; });
      if (it == counters.end()) it = counters.insert(counters.end(), {counter, {}});
      it->second.push_back(entry.second.get<double>());
    }
  }
  for (const Statistic& stat : kStatistics) {
    Json b = {{"name", at.name + "_" + stat.name},
              {"family_index", at.family},
              {"per_family_instance_index", at.index},
              {"run_name", at.name},
              {"run_type", "aggregate"},
              {"repetitions", at.repetitions},
              {"threads", runs.front()->threads},
              {"aggregate_name", stat.name},
              {"aggregate_unit", stat.unit},
              {"iterations", at.repetitions},  // the repetitions it is computed over
              {"real_time", stat.compute(real)},
              {"cpu_time", cpu.empty() ? Json(nullptr) : Json(stat.compute(cpu))},
              {"time_unit", "ns"}};
    for (const auto& [counter, values] : counters) b[counter] = stat.compute(values);
    benchmarks.push_back(std::move(b));
  }
}

}  // namespace

nlohmann::ordered_json to_gbench_json(const Report& report) {
  std::map<std::pair<std::string, std::string>, int> families;
  std::map<std::pair<std::string, std::string>, int> instance_count;
  Json benchmarks = Json::array();
  for (const auto& [name, runs] : passes_by_benchmark(report)) {
    // A group is one (dataset, solver, threads): one instance of its family.
    const auto family_key = std::pair{runs.front()->id.dataset, runs.front()->id.solver};
    const Instance at{name, families.try_emplace(family_key, static_cast<int>(families.size())).first->second,
                      instance_count[family_key]++, static_cast<int>(runs.size()), report.settings.measure};
    add_iterations(at, runs, benchmarks);
    add_aggregates(at, runs, benchmarks);
  }
  return Json{{"context", gbench_context(report.context, report.settings.measure)}, {"benchmarks", benchmarks}};
}

}  // namespace sudoku_bench
