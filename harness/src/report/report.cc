#include "report/report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "stats/outliers.h"

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
  s.buckets = h.buckets();
  return s;
}

Summary merge_summaries(const Summary& a, const Summary& b) {
  if (!a.buckets_kept || !b.buckets_kept)
    throw std::invalid_argument("a distribution without its buckets (a report before schema /3) cannot merge exactly");
  if (a.count == 0) return b;
  if (b.count == 0) return a;
  const bool moments_only = a.buckets.empty() && b.buckets.empty();
  if (!moments_only && (a.buckets.empty() || b.buckets.empty()))
    throw std::invalid_argument("a distribution sent without its buckets cannot merge with one that has them");
  Summary s;
  if (moments_only) {
    s.count = a.count + b.count;
    s.min = std::min(a.min, b.min);
    s.max = std::max(a.max, b.max);
  } else {
    std::vector<Histogram::Bucket> both = a.buckets;
    both.insert(both.end(), b.buckets.begin(), b.buckets.end());
    s = summarize(Histogram::from_buckets(both, std::min(a.min, b.min), std::max(a.max, b.max)));
  }
  // Pooled: the mean weighted by counts, the variance from each part's mean of squares.
  const double na = static_cast<double>(a.count), nb = static_cast<double>(b.count), n = na + nb;
  s.mean = (a.mean * na + b.mean * nb) / n;
  const double squares =
      (na * (a.stddev * a.stddev + a.mean * a.mean) + nb * (b.stddev * b.stddev + b.mean * b.mean)) / n;
  s.stddev = std::sqrt(std::max(0.0, squares - s.mean * s.mean));
  return s;
}

Summary with_buckets(const Summary& moments, const std::vector<Histogram::Bucket>& buckets) {
  if (moments.count == 0) return moments;
  Summary s = summarize(Histogram::from_buckets(buckets, moments.min, moments.max));
  if (s.count != moments.count)
    throw std::invalid_argument("the buckets hold " + std::to_string(s.count) + " values, the distribution " +
                                std::to_string(moments.count));
  s.mean = moments.mean;
  s.stddev = moments.stddev;
  return s;
}

const char* timing_name(Timing timing) {
  switch (timing) {
    case Timing::ranks:
      return "ranks";
    case Timing::shards:
      return "shards";
    case Timing::process:
      break;
  }
  return "process";
}

std::optional<double> MeasuredPass::imbalance() const {
  if (parts.size() < 2) return std::nullopt;
  double slowest = 0, total = 0;
  for (const PassPart& p : parts) {
    slowest = std::max(slowest, p.wall_seconds);
    total += p.wall_seconds;
  }
  if (total <= 0) return std::nullopt;
  return slowest / (total / static_cast<double>(parts.size()));
}

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
  const double ranks = std::max(pass.ranks, 1);
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

}  // namespace sudoku_bench
