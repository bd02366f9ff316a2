#include "report/report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "stats/outliers.h"

namespace sudoku_bench {

namespace {

template <class Pass, class Runs>
std::vector<PassGroup<Pass>> grouped(Runs& runs) {
  std::vector<PassGroup<Pass>> groups;
  std::map<PassKey, std::size_t> index;
  for (Pass& r : runs) {
    if (!r.complete) continue;
    const auto [it, fresh] = index.try_emplace(PassKey::of(r), groups.size());
    if (fresh) groups.push_back({it->first, {}});
    groups[it->second].passes.push_back(&r);
  }
  return groups;
}

}  // namespace

std::vector<PassGroup<const MeasuredPass>> complete_groups(const std::vector<MeasuredPass>& runs) {
  return grouped<const MeasuredPass>(runs);
}

std::vector<PassGroup<MeasuredPass>> complete_groups(std::vector<MeasuredPass>& runs) {
  return grouped<MeasuredPass>(runs);
}

void mark_outliers(std::vector<MeasuredPass>& runs) {
  for (MeasuredPass& r : runs) r.outlier = false;
  for (const PassGroup<MeasuredPass>& group : complete_groups(runs)) {
    std::vector<double> rates;
    for (const MeasuredPass* r : group.passes) rates.push_back(r->puzzles_per_second());
    const std::vector<bool> flags = mad_outliers(rates);
    for (std::size_t i = 0; i < group.passes.size(); ++i) group.passes[i]->outlier = flags[i];
  }
}

std::vector<ScalingRow> scaling_of(const std::vector<MeasuredPass>& runs) {
  const std::vector<PassGroup<const MeasuredPass>> groups = complete_groups(runs);
  const auto median_rate = [](const PassGroup<const MeasuredPass>& g) {
    std::vector<double> rates;
    for (const MeasuredPass* r : g.passes) rates.push_back(r->puzzles_per_second());
    return median(rates);
  };
  std::vector<ScalingRow> rows;
  for (const PassGroup<const MeasuredPass>& g : groups) {
    const PassKey& key = g.key;
    ScalingRow row{key.dataset, key.solver, key.ranks, key.threads, median_rate(g), {}, {}};
    const PassGroup<const MeasuredPass>* base = find_group(groups, {key.dataset, key.solver, 1, 1});
    int workers = key.ranks * key.threads;
    if (!base) {
      base = find_group(groups, {key.dataset, key.solver, 1, key.threads});
      workers = key.ranks;
    }
    if (base) {
      const double one = median_rate(*base);
      if (one > 0) {
        row.speedup = row.puzzles_per_second / one;
        row.efficiency = *row.speedup / workers;
      }
    }
    rows.push_back(row);
  }
  return rows;
}

const char* measure_name(Measure measure) { return measure == Measure::instructions ? "instructions" : "time"; }

std::string dataset_name(std::string_view path) {
  if (path == "-") return "stdin";
  const auto slash = path.find_last_of('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  for (std::string_view ext : {".gz", ".txt"})
    if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext) name.remove_suffix(ext.size());
  return std::string(name);
}

std::vector<std::string> dataset_names(const std::vector<std::string>& paths) {
  // A path's last `depth` components, the extension dropped as dataset_name does.
  const auto name_of = [](const std::string& path, std::size_t depth) {
    if (path == "-") return std::string("stdin");
    std::vector<std::string> parts;
    for (const auto& part : std::filesystem::path(path).lexically_normal())
      if (!part.empty() && part != "/") parts.push_back(part.string());
    if (parts.empty()) return dataset_name(path);
    depth = std::min(depth, parts.size());
    std::string name;
    for (std::size_t i = parts.size() - depth; i + 1 < parts.size(); ++i) name += parts[i] + '/';
    return name + dataset_name(parts.back());
  };
  std::vector<std::size_t> depth(paths.size(), 1);
  std::vector<std::string> names(paths.size());
  for (bool longer = true; longer;) {
    longer = false;
    for (std::size_t i = 0; i < paths.size(); ++i) names[i] = name_of(paths[i], depth[i]);
    for (std::size_t i = 0; i < paths.size(); ++i)
      for (std::size_t j = i + 1; j < paths.size(); ++j)
        if (names[i] == names[j] && paths[i] != paths[j])
          for (const std::size_t k : {i, j})
            if (name_of(paths[k], depth[k] + 1) != names[k]) {
              ++depth[k];
              longer = true;
            }
  }
  return names;
}

std::optional<PipelineFigures> pipeline_figures(const MeasuredPass& pass) {
  const MeasuredPass::PipelineSeconds& p = pass.pipeline;
  if (!p.measured || pass.wall_seconds <= 0) return std::nullopt;
  PipelineFigures f;
  // A pass of several ranks adds up each stage over its ranks: one rank's pipeline is the mean.
  const double ranks = std::max(pass.split.ranks, 1);
  const double serial = std::max(p.reader, p.sink) / ranks;
  f.serial_busy = serial / pass.wall_seconds;
  const double worker_capacity = pass.wall_seconds * std::max(pass.threads, 1);
  f.workers_waiting = std::max(0.0, 1 - p.worker / ranks / worker_capacity);
  if (serial > 0) {
    f.ceiling_puzzles_per_second = static_cast<double>(pass.status.records()) / serial;
    f.keeps_up_to_threads = p.worker / ranks / serial;
  }
  f.input_bound = f.serial_busy >= kInputBoundBusy || (f.keeps_up_to_threads && *f.keeps_up_to_threads < pass.threads);
  return f;
}

std::string benchmark_name(const MeasuredPass& run) {
  return "solve/" + run.id.dataset + "/" + run.id.solver +
         (run.split.ranks > 1 ? "/ranks:" + std::to_string(run.split.ranks) : "") +
         "/threads:" + std::to_string(run.threads);
}

std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> passes_by_benchmark(const Report& report) {
  std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> named;
  for (const PassGroup<const MeasuredPass>& g : complete_groups(report.passes))
    named.emplace_back(benchmark_name(*g.passes.front()), g.passes);
  return named;
}

}  // namespace sudoku_bench
