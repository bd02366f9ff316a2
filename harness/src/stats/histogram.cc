#include "stats/histogram.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace sudoku_bench {
namespace {

struct Range {
  std::uint64_t lo, hi;
};

Range range_of_slot(std::size_t slot) {
  constexpr std::size_t half = std::size_t{1} << Histogram::kSubBucketBits;
  if (slot < 2 * half) return {slot, slot};
  const int bucket = static_cast<int>(slot >> Histogram::kSubBucketBits) - 1;
  const std::uint64_t sub = slot - (static_cast<std::size_t>(bucket) << Histogram::kSubBucketBits);
  const std::uint64_t lo = sub << bucket;
  return {lo, lo + ((std::uint64_t{1} << bucket) - 1)};
}

}  // namespace

void Histogram::record_all(const std::uint64_t* values, std::size_t n) {
  // The running figures first, in a loop with no branch, which the compiler vectorises (a branch
  // per value between 64- and 128-bit sums kept it scalar). The 64-bit sums, which wrap, stand
  // when a block's values are all below 2^28 (0.27 s in ns): 256 squares below 2^56 cannot
  // overflow; a block with a larger value is summed again in 128 bits.
  constexpr std::uint64_t kSmall = std::uint64_t{1} << 28;
  constexpr std::size_t kFold = 256;
  for (std::size_t start = 0; start < n; start += kFold) {
    const std::size_t end = std::min(n, start + kFold);
    std::uint64_t low = UINT64_MAX, high = 0, sum = 0, squares = 0;
    for (std::size_t i = start; i < end; ++i) {
      const std::uint64_t value = values[i];
      low = std::min(low, value);
      high = std::max(high, value);
      sum += value;
      squares += value * value;
    }
    if (high < kSmall) [[likely]] {
      sum_ += sum;
      sum_squares_ += squares;
    } else {
      for (std::size_t i = start; i < end; ++i) {
        sum_ += values[i];
        sum_squares_ += static_cast<unsigned __int128>(values[i]) * values[i];
      }
    }
    min_ = std::min(min_, low);
    max_ = std::max(max_, high);
    // Each count waits for the last one's store when values repeat: a block of one value (a
    // solver that reports no tree or no guesses) is counted at once.
    if (low == high) {
      count_in_bucket(low, end - start);
    } else {
      for (std::size_t i = start; i < end; ++i) count_in_bucket(values[i]);
    }
  }
  count_ += n;
}

void Histogram::merge(const Histogram& other) {
  for (std::size_t b = 0; b < kBlocks; ++b) {
    if (!other.blocks_[b]) continue;
    if (!blocks_[b]) blocks_[b] = std::make_unique<std::uint64_t[]>(kBlockSlots);
    for (std::size_t i = 0; i < kBlockSlots; ++i) blocks_[b][i] += other.blocks_[b][i];
  }
  count_ += other.count_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
  sum_ += other.sum_;
  sum_squares_ += other.sum_squares_;
}

void Histogram::reset() { *this = Histogram(); }

double Histogram::mean() const { return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0; }

double Histogram::stddev() const {
  if (count_ == 0) return 0.0;
  // n * sum(x^2) - sum(x)^2 exactly in 128 bits would overflow; long double keeps 64 mantissa bits.
  const long double n = static_cast<long double>(count_);
  const long double m = static_cast<long double>(sum_) / n;
  const long double var = static_cast<long double>(sum_squares_) / n - m * m;
  return var > 0 ? static_cast<double>(std::sqrt(var)) : 0.0;
}

std::uint64_t Histogram::percentile(double p) const {
  if (count_ == 0) return 0;
  // In hundredths of a percent, so that p = 99.9 of 1000 records is exactly rank 999.
  const auto hundredths = static_cast<unsigned __int128>(std::llround(std::clamp(p, 0.0, 100.0) * 100.0));
  const auto rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>((hundredths * count_ + 9999) / 10000));
  if (rank == 1) return min_;  // the extremes are known exactly
  if (rank == count_) return max_;
  std::uint64_t seen = 0;
  for (std::size_t b = 0; b < kBlocks; ++b) {
    if (!blocks_[b]) continue;
    for (std::size_t i = 0; i < kBlockSlots; ++i) {
      seen += blocks_[b][i];
      if (seen >= rank) {
        const Range r = range_of_slot(b * kBlockSlots + i);
        return std::clamp(r.lo + (r.hi - r.lo) / 2, min_, max_);
      }
    }
  }
  return max_;
}

std::vector<std::uint64_t> Histogram::log2_counts() const {
  std::vector<std::uint64_t> out;
  for (std::size_t b = 0; b < kBlocks; ++b) {
    if (!blocks_[b]) continue;
    for (std::size_t i = 0; i < kBlockSlots; ++i) {
      const std::uint64_t n = blocks_[b][i];
      if (n == 0) continue;
      const std::uint64_t lo = range_of_slot(b * kBlockSlots + i).lo;
      const auto k = static_cast<std::size_t>(lo == 0 ? 0 : 64 - __builtin_clzll(lo));
      if (out.size() <= k) out.resize(k + 1, 0);
      out[k] += n;
    }
  }
  return out;
}

std::vector<Histogram::Bucket> Histogram::buckets() const {
  std::vector<Bucket> out;
  for (std::size_t b = 0; b < kBlocks; ++b) {
    if (!blocks_[b]) continue;
    for (std::size_t i = 0; i < kBlockSlots; ++i)
      if (blocks_[b][i]) out.emplace_back(static_cast<std::uint32_t>(b * kBlockSlots + i), blocks_[b][i]);
  }
  return out;
}

Histogram Histogram::from_buckets(const std::vector<Bucket>& buckets, std::uint64_t min, std::uint64_t max) {
  Histogram h;
  for (const auto& [slot, n] : buckets) {
    if (slot >= kBlocks * kBlockSlots)
      throw std::invalid_argument("histogram slot " + std::to_string(slot) + " out of range");
    std::unique_ptr<std::uint64_t[]>& block = h.blocks_[slot >> kSubBucketBits];
    if (!block) block = std::make_unique<std::uint64_t[]>(kBlockSlots);
    block[slot & (kBlockSlots - 1)] += n;
    h.count_ += n;
  }
  if (h.count_ == 0) return h;
  if (min > max) throw std::invalid_argument("histogram minimum above its maximum");
  h.min_ = min;
  h.max_ = max;
  return h;
}

}  // namespace sudoku_bench
