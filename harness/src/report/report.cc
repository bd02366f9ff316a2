#include "report/report.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace sudoku_bench {

Summary summarize(const Histogram& h) {
  Summary s;
  s.count = h.count();
  s.min = h.min();
  s.max = h.max();
  s.mean = h.mean();
  s.stddev = h.stddev();
  for (std::size_t i = 0; i < kPercentiles.size(); ++i) s.percentiles[i] = h.percentile(kPercentiles[i]);
  s.log2_counts = h.log2_counts();
  return s;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::vector<ScalingRow> scaling_of(const std::vector<MeasuredPass>& runs) {
  using Key = std::tuple<std::string, std::string, int>;
  std::vector<Key> order;
  std::map<Key, std::vector<double>> rates;
  for (const MeasuredPass& r : runs) {
    if (!r.complete) continue;
    Key key{r.dataset, r.solver, r.threads};
    auto [it, fresh] = rates.try_emplace(key);
    if (fresh) order.push_back(key);
    it->second.push_back(r.puzzles_per_second());
  }
  std::vector<ScalingRow> rows;
  for (const Key& key : order) {
    ScalingRow row{std::get<0>(key), std::get<1>(key), std::get<2>(key), median(rates[key]), {}, {}};
    const auto base = rates.find(Key{row.dataset, row.solver, 1});
    if (base != rates.end()) {
      const double one = median(base->second);
      if (one > 0) {
        row.speedup = row.puzzles_per_second / one;
        row.efficiency = *row.speedup / row.threads;
      }
    }
    rows.push_back(row);
  }
  return rows;
}

std::string dataset_name(std::string_view path) {
  if (path == "-") return "stdin";
  const auto slash = path.find_last_of('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  for (std::string_view ext : {".gz", ".txt"})
    if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext) name.remove_suffix(ext.size());
  return std::string(name);
}

std::optional<PipelineFigures> pipeline_figures(const MeasuredPass& pass) {
  const MeasuredPass::PipelineSeconds& p = pass.pipeline;
  if (!p.measured || pass.wall_seconds <= 0) return std::nullopt;
  PipelineFigures f;
  const double serial = std::max(p.reader, p.sink);
  f.serial_busy = serial / pass.wall_seconds;
  const double worker_capacity = pass.wall_seconds * std::max(pass.threads, 1);
  f.workers_waiting = std::max(0.0, 1 - p.worker / worker_capacity);
  if (serial > 0) {
    f.ceiling_puzzles_per_second = static_cast<double>(pass.status.records()) / serial;
    f.keeps_up_to_threads = p.worker / serial;
  }
  f.input_bound = f.serial_busy >= kInputBoundBusy || (f.keeps_up_to_threads && *f.keeps_up_to_threads < pass.threads);
  return f;
}

}  // namespace sudoku_bench
