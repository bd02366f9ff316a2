#include "report/bmf_format.h"

#include <algorithm>

#include "report/metrics.h"

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
  for (const auto& [name, runs] : passes_by_benchmark(report)) {
    Json measures = Json::object();
    for (const Metric& m : metrics()) {
      if (!m.in(kInBmf, report.settings.measure)) continue;
      std::vector<double> values;
      for (const MeasuredPass* r : runs)
        if (const std::optional<double> v = m.of(*r)) values.push_back(*v);
      // A measure appears only when every repetition has it (not with --no-latency, nor for plugins' trees).
      if (values.size() == runs.size()) measures[std::string(m.bmf)] = measure(std::move(values));
    }
    out[name] = std::move(measures);
  }
  return out;
}

}  // namespace sudoku_bench
