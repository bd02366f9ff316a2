#include "stats/tail_growth.h"

#include <algorithm>
#include <functional>

namespace sudoku_bench {

std::optional<std::uint64_t> p999_of_largest(std::vector<std::uint64_t> largest, std::uint64_t count) {
  const std::uint64_t rank = count / 1000 + 1;  // from the top: count - ceil(0.999 count) + 1
  if (count == 0 || rank > largest.size()) return std::nullopt;
  const auto nth = largest.begin() + static_cast<std::ptrdiff_t>(rank - 1);
  std::nth_element(largest.begin(), nth, largest.end(), std::greater<>());
  return *nth;
}

void TailGrowth::add(const TailValues& chunk) {
  std::size_t k = 0;       // into chunk.kept
  std::uint32_t done = 0;  // of chunk.count
  while (done < chunk.count) {
    // Up to the next checkpoint, which then sees exactly the records before it.
    const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(chunk.count - done, next_ - count_));
    done += n;
    for (; k < chunk.kept.size() && chunk.kept[k].first < done; ++k) take(chunk.kept[k].second);
    count_ += n;
    if (count_ == next_) {
      points_.push_back(point());
      next_ *= 10;
    }
  }
  floor_.store(below_, std::memory_order_relaxed);
}

void TailGrowth::take(std::uint64_t value) {
  if (value > max_) max_ = value;
  if (value < below_) return;
  largest_.push_back(value);
  if (largest_.size() < 2 * kKept) return;
  // Down to the kKept largest, every kKept values: a few comparisons per value where a heap took
  // fifty (callgrind on bench/histogram_benchmark's tail_growth/sink).
  const auto kth = largest_.begin() + static_cast<std::ptrdiff_t>(kKept - 1);
  std::nth_element(largest_.begin(), kth, largest_.end(), std::greater<>());
  largest_.resize(kKept);
  // A value equal to the smallest kept changes nothing either: the floor is one above it.
  if (*kth < UINT64_MAX) below_ = *kth + 1;
}

TailPoint TailGrowth::point() const {
  TailPoint p;
  p.records = count_;
  p.max = max_;
  if (count_ <= kExactRecords) p.p999 = p999_of_largest(largest_, count_);
  return p;
}

std::vector<TailPoint> TailGrowth::points() const {
  std::vector<TailPoint> out = points_;
  if (count_ > 0 && (out.empty() || out.back().records != count_)) out.push_back(point());
  return out;
}

}  // namespace sudoku_bench
