#include "report/bmf_format.h"

#include <algorithm>

#include "report/formats.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

Json measure(std::vector<double> values) {
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  return Json{{"value", median(values)}, {"lower_value", *lo}, {"upper_value", *hi}};
}

}  // namespace

nlohmann::ordered_json to_bmf_json(const Report& report) {
  Json out = Json::object();
  for (const auto& [name, runs] : runs_by_benchmark(report)) {
    std::vector<double> throughput, latency, p99, tree;
    for (const MeasuredPass* r : runs) {
      throughput.push_back(r->puzzles_per_second());
      if (r->latency_measured) {
        latency.push_back(r->latency_ns.mean);
        p99.push_back(static_cast<double>(r->latency_ns.percentiles[percentile_index("99")]));
      }
      if (r->tree_size_reported) tree.push_back(r->tree_size.mean);
    }
    // A measure appears only when every repetition has it (not with --no-latency, nor for plugins' trees).
    Json measures = {{"throughput", measure(throughput)}};
    if (latency.size() == runs.size()) {
      measures["latency"] = measure(latency);
      measures["latency-p99"] = measure(p99);
    }
    if (tree.size() == runs.size()) measures["tree-size"] = measure(tree);
    out[name] = std::move(measures);
  }
  return out;
}

}  // namespace sudoku_bench
