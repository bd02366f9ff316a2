#include "stats/measured_pass.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

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
  if (split.parts.size() < 2) return std::nullopt;
  double slowest = 0, total = 0;
  for (const PassPart& p : split.parts) {
    slowest = std::max(slowest, p.wall_seconds);
    total += p.wall_seconds;
  }
  if (total <= 0) return std::nullopt;
  return slowest / (total / static_cast<double>(split.parts.size()));
}

}  // namespace sudoku_bench
