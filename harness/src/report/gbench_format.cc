#include "report/gbench_format.h"

#include <algorithm>
#include <cctype>

#include "report/formats.h"
#include "report/report_json.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

double per_puzzle_ns(double seconds, const MeasuredPass& r) {
  return r.puzzles() ? seconds * 1e9 / static_cast<double>(r.puzzles()) : 0;
}

}  // namespace

nlohmann::ordered_json to_gbench_json(const Report& report) {
  const Context& c = report.context;
  std::string build_type = c.build_type;
  std::transform(build_type.begin(), build_type.end(), build_type.begin(),
                 [](unsigned char ch) { return std::tolower(ch); });
  Json context = {{"date", c.date},
                  {"host_name", c.host},
                  {"executable", "sudoku-bench"},
                  {"num_cpus", c.hardware_threads},
                  {"library_build_type", build_type},
                  // Ours, for readers who want more than Google Benchmark records.
                  {"sudoku_bench_schema", kSchema}};
  const Json ours = context_json(c);
  for (const auto& [key, value] : ours.items())
    if (!context.contains(key)) context[key] = value;

  // Google Benchmark's families are one benchmark function with its argument variants; here a
  // family is a dataset and solver, its instances the thread counts.
  std::map<std::pair<std::string, std::string>, int> families;
  std::map<std::pair<std::string, std::string>, int> instance_count;
  Json benchmarks = Json::array();
  for (const auto& [name, runs] : runs_by_benchmark(report)) {
    // A group is one (dataset, solver, threads): one instance of its family.
    const auto family_key = std::pair{runs.front()->dataset, runs.front()->solver};
    const int family = families.try_emplace(family_key, static_cast<int>(families.size())).first->second;
    const int instance = instance_count[family_key]++;
    for (const MeasuredPass* r : runs) {
      Json b = {{"name", name},
                {"family_index", family},
                {"per_family_instance_index", instance},
                {"run_name", name},
                {"run_type", "iteration"},
                {"repetitions", static_cast<int>(runs.size())},
                {"repetition_index", r->repetition - 1},
                {"threads", r->threads},
                {"iterations", r->puzzles()},
                {"real_time", per_puzzle_ns(r->wall_seconds, *r)},
                {"cpu_time", per_puzzle_ns(r->cpu_seconds, *r)},
                {"time_unit", "ns"},
                {"items_per_second", r->puzzles_per_second()}};
      if (r->latency_measured) {  // not with run --no-latency
        for (std::size_t i = 0; i < kPercentiles.size(); ++i)
          b["latency_p" + std::string(kPercentileNames[i]) + "_ns"] = r->latency_ns.percentiles[i];
        b["latency_mean_ns"] = r->latency_ns.mean;
      }
      if (r->tree_size_reported) {  // plugins report none
        b["tree_size_mean"] = r->tree_size.mean;
        b["tree_size_p50"] = r->tree_size.percentiles[percentile_index("50")];
        b["tree_size_p99"] = r->tree_size.percentiles[percentile_index("99")];
        b["tree_size_max"] = r->tree_size.max;
      }
      b["guesses_mean"] = r->guesses.mean;
      benchmarks.push_back(std::move(b));
    }
  }
  return Json{{"context", context}, {"benchmarks", benchmarks}};
}

}  // namespace sudoku_bench
