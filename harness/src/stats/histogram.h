// A log-linear histogram of non-negative integers (HdrHistogram's layout): exact below 2048,
// then 1024 linear sub-buckets per power of two, so any value it reports is within 1/2048
// (0.05%) of a recorded value. Per-thread instances merge by adding counts.
//
// Counts live in blocks of 1024 slots (8 KiB), one per power of two, made when a value first
// lands there: a run's values span a few powers of two, so a histogram costs kilobytes rather
// than the 440 KiB a flat array over all 64 bits would zero on every pass.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace sudoku_bench {

class Histogram {
 public:
  static constexpr int kSubBucketBits = 10;

  Histogram() = default;
  Histogram(Histogram&&) noexcept = default;
  Histogram& operator=(Histogram&&) noexcept = default;

  void record(std::uint64_t value) {
    count_in_bucket(value);
    ++count_;
    if (value < min_) min_ = value;
    if (value > max_) max_ = value;
    sum_ += value;
    sum_squares_ += static_cast<unsigned __int128>(value) * value;
  }

  // The same as record() of each value in turn, in one loop that keeps the running figures in
  // registers: a pass buffers a chunk's values and records them here, not one call per record.
  void record_all(const std::uint64_t* values, std::size_t n);

  void merge(const Histogram& other);
  void reset();

  std::uint64_t count() const { return count_; }
  std::uint64_t min() const { return count_ ? min_ : 0; }
  std::uint64_t max() const { return max_; }
  double mean() const;
  double stddev() const;  // population standard deviation

  // Nearest-rank percentile, p to 0.01: the value of the ceil(p/100 * count)-th smallest record
  // (the minimum for p = 0), as the midpoint of its sub-bucket clamped to [min, max]; the
  // smallest and largest ranks give the exact min and max. 0 when empty.
  std::uint64_t percentile(double p) const;

  // Counts per power of two: element 0 for the value 0, element k >= 1 for [2^(k-1), 2^k).
  // Exact, because no sub-bucket straddles a power of two. Trailing zeros are dropped.
  std::vector<std::uint64_t> log2_counts() const;

  // The non-empty slots, as (slot, count) in increasing order: the whole distribution, so that
  // histograms measured apart (shards, MPI ranks) merge exactly. Slot s < 2048 holds the value s;
  // above, slot s holds the values v with (b << 10) + (v >> b) == s, b = msb(v) - 10.
  using Bucket = std::pair<std::uint32_t, std::uint64_t>;
  std::vector<Bucket> buckets() const;
  // The inverse of buckets(), with the exact extremes (which buckets round). The sums behind
  // mean() and stddev() are not in the buckets: those read 0. Throws std::invalid_argument for a
  // slot out of range or min > max.
  static Histogram from_buckets(const std::vector<Bucket>& buckets, std::uint64_t min, std::uint64_t max);

 private:
  static constexpr std::size_t kBlockSlots = std::size_t{1} << kSubBucketBits;
  // Slots are (bucket << bits) + (value >> bucket): buckets 0..53 reach slot 55 * 1024 - 1.
  static constexpr std::size_t kBlocks = 64 - kSubBucketBits + 1;

  static int bucket_of(std::uint64_t value) {
    // Values below 2^(kSubBucketBits+1) go to bucket 0, which is exact.
    const int msb = 63 - __builtin_clzll(value | 1);
    return msb > kSubBucketBits ? msb - kSubBucketBits : 0;
  }

  // `times` more in the value's slot; its block made on first use.
  void count_in_bucket(std::uint64_t value, std::uint64_t times = 1) {
    const int bucket = bucket_of(value);
    const std::size_t slot = (static_cast<std::size_t>(bucket) << kSubBucketBits) + (value >> bucket);
    std::unique_ptr<std::uint64_t[]>& block = blocks_[slot >> kSubBucketBits];
    if (!block) [[unlikely]]
      block = std::make_unique<std::uint64_t[]>(kBlockSlots);
    block[slot & (kBlockSlots - 1)] += times;
  }

  std::array<std::unique_ptr<std::uint64_t[]>, kBlocks> blocks_;
  std::uint64_t count_ = 0;
  std::uint64_t min_ = UINT64_MAX;
  std::uint64_t max_ = 0;
  unsigned __int128 sum_ = 0;
  unsigned __int128 sum_squares_ = 0;
};

}  // namespace sudoku_bench
