// How the worst case grows with the number of puzzles tried: the running maximum and p99.9 of a
// figure over the first N = 10, 100, 1,000, … records in input order, and over all of them
// (Norvig's table of the maximum time against N). Fed in input order by the pipeline's serial
// sink, a chunk at a time; nearly every chunk costs it one comparison.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace sudoku_bench {

// One figure's values for a chunk's records, as the parallel stage sees them: only those at or
// above the floor the sink published when the chunk began (TailGrowth::floor), with their place
// in the chunk. Below it no value can change a figure, and the floor only rises, so the serial
// sink handles a few values per chunk instead of every record (in a run of 1,000,000 records
// about 1%, where every value cost it 2 ns per record).
struct TailValues {
  std::uint64_t floor = 0;
  std::uint32_t count = 0;  // the chunk's values, kept or not
  std::vector<std::pair<std::uint32_t, std::uint64_t>> kept;

  void start(std::uint64_t at_least) {
    floor = at_least;
    count = 0;
    kept.clear();
  }
  void add(std::uint64_t value) {
    if (value >= floor) kept.emplace_back(count, value);
    ++count;
  }
};

struct TailPoint {
  std::uint64_t records = 0;  // the first N records
  std::uint64_t max = 0;
  // Nearest rank, exact (no histogram rounding); none when more than kExactRecords records were
  // counted, where it would need more than the largest values kept.
  std::optional<std::uint64_t> p999;
};

class TailGrowth {
 public:
  // p99.9 of N records is the (floor(N / 1000) + 1)-th largest at most: keeping that many of the
  // largest values makes it exact up to N = kExactRecords, in 80 KB, whatever the order.
  static constexpr std::uint64_t kExactRecords = 10'000'000;
  static constexpr std::size_t kKept = kExactRecords / 1000 + 1;

  // The next records, in input order.
  void add(const TailValues& chunk);
  // Values below this cannot change any figure from now on (0 until 2 x kKept values came, then
  // one above the kKept-th largest at the last count); safe to read from any thread at any time,
  // since it only rises.
  std::uint64_t floor() const { return floor_.load(std::memory_order_relaxed); }
  // The points at 10, 100, … below the count, then the count itself (none when no record came).
  std::vector<TailPoint> points() const;
  std::uint64_t records() const { return count_; }

 private:
  void take(std::uint64_t value);
  TailPoint point() const;

  std::uint64_t count_ = 0;
  std::uint64_t next_ = 10;  // the next checkpoint
  std::uint64_t max_ = 0;
  // Every value that can still be among the kKept largest: at least those, at most twice as many.
  std::vector<std::uint64_t> largest_;
  std::uint64_t below_ = 0;        // values below it are not: one above the kKept-th largest once known
  std::vector<TailPoint> points_;  // at the checkpoints passed
  std::atomic<std::uint64_t> floor_{0};
};

// The nearest-rank p99.9 of `count` records, the (floor(count / 1000) + 1)-th largest, from their
// largest values in any order; none when fewer than that are given.
std::optional<std::uint64_t> p999_of_largest(std::vector<std::uint64_t> largest, std::uint64_t count);

}  // namespace sudoku_bench
