// Which chunks of an input a pipeline reads, asked for as it goes: a shard's fixed share of every
// reading (one process, run --shard), or what MPI ranks take from counters they share as they free
// up (run/rank_dealing.h). The dealer also decides whether the input is read again (--min-time), so
// that every process of a job reads it the same number of times.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace sudoku_bench {

// Chunk indices count from 0 in each reading of the input, in input order: the first chunk (read
// line by line) is 0.
struct Deal {
  std::uint32_t loop = 0;  // the reading they belong to, from 0
  std::uint64_t begin = 0, end = std::numeric_limits<std::uint64_t>::max();
  std::uint32_t stride = 1, offset = 0;  // of [begin, end), the indices i with i mod stride == offset

  bool covers(std::uint64_t i) const { return i >= begin && i < end && i % stride == offset; }
  bool operator==(const Deal&) const = default;
};

struct DealRequest {
  // The chunks of one reading, when the reader can jump to any of them (ChunkReader::jumpable_chunks):
  // the dealer then hands out ranges. 0: the reader goes through every chunk of every reading, and
  // the dealer hands out whole readings with a stride.
  std::uint64_t chunks = 0;
  bool kept_any = false;   // the reading just read had chunks of this process
  double min_seconds = 0;  // the pipeline's (PipelineConfig::min_seconds)
};

class ChunkDealer {
 public:
  virtual ~ChunkDealer() = default;
  // The next chunks to read, after every earlier deal's (a later loop, or later indices of the
  // same one); none once there are no more. The pipeline's reader stage calls it, one call at a
  // time: the first time once chunk 0 of the first reading was read, then whenever a deal is read.
  virtual std::optional<Deal> next(const DealRequest& request) = 0;
};

// One process's share of every reading: shard `index` (from 0) of `count`. A jumpable input is cut
// into `count` contiguous ranges of chunks (the reader jumps to its own and reads nothing else);
// another is read whole and every count-th chunk kept. Readings repeat, whole ones only, while
// less than `min_seconds` have passed since `began` and the last one had chunks of this shard.
class ShardDealer final : public ChunkDealer {
 public:
  ShardDealer(int index, int count, double min_seconds, std::chrono::steady_clock::time_point began)
      : index_(index), count_(count), min_seconds_(min_seconds), began_(began) {}
  std::optional<Deal> next(const DealRequest& request) override;

 private:
  int index_, count_;
  double min_seconds_;
  std::chrono::steady_clock::time_point began_;
  std::optional<std::uint32_t> loop_;  // the last reading dealt
};

// A few counters every process of a job shares, each operation atomic (cluster/rank_counters.h: one-sided
// MPI atomics on a window at rank 0, which serves none of them).
class SharedCounters {
 public:
  virtual ~SharedCounters() = default;
  // Adds `add` to counter `i`; returns what it held before (add 0: reads it).
  virtual std::int64_t fetch_add(int i, std::int64_t add) = 0;
  // Sets counter `i` to the larger of it and `value`; returns what it held before.
  virtual std::int64_t fetch_max(int i, std::int64_t value) = 0;
  // Called while waiting for another rank's decision (a reading's), the `tries`-th time: sleeps a
  // little (RankDeals never waits for more than another rank's next few operations).
  virtual void pause(int tries) = 0;
};

// The shared counters a job deals from, each 0 at the start of a pass.
enum DealCounter : int {
  kTicketCounter,  // the deals taken, over every reading; + kStoppedTickets once stopped
  kAskedCounter,   // the latest reading any rank needed (the first to raise it decides whether it takes place)
  kYesCounter,     // the latest reading decided to take place (decided in order: all before it did too)
  kNoCounter,      // kNever - the first reading decided not to take place; 0 while none
  kChunksCounter,  // the largest of (1 + the chunks of a reading) the ranks saw: they must all agree
  kSignalCounter,  // the signal of an interrupt on any rank (run/rank_dealing.h); 0 none
  kDealCounters,
};
inline constexpr std::int64_t kStoppedTickets = std::int64_t{1} << 48;
inline constexpr std::int64_t kNever = std::int64_t{1} << 40;

// One rank's deals (rank `rank` of `ranks`), taken from counters every rank shares, so that no rank
// hands them out. A jumpable input: ranges of the chunks of a reading in input order, by ticket:
// a rank takes the next ticket (one fetch_add), and ticket t is deal t mod T of reading t / T, each
// reading cut alike into T deals of about 1/(2 x ranks) of what is left of it (guided
// self-scheduling: large deals first, single chunks at the end, so that a rank slowed down takes
// less and the ranks end together). Another input: whole readings, each rank keeping every
// ranks-th chunk (it reads the whole input anyway). Another reading takes place, for every rank
// alike, while less than min_seconds had passed on the rank that first needed it, which decides
// it once, after the reading before was decided; once stopped, no rank is dealt anything more.
class RankDeals {
 public:
  RankDeals(SharedCounters& counters, int rank, int ranks) : counters_(counters), rank_(rank), ranks_(ranks) {}
  // `elapsed_seconds`: since this rank's pass began.
  std::optional<Deal> deal(const DealRequest& request, double elapsed_seconds);
  // No more deals for any rank (a rank failed, or was interrupted).
  void stop();
  // "" unless ranks asked with different chunk counts (one could jump through the input, another
  // not: a file mapped on one node, read through zlib on another), which would deal records twice
  // or never: this rank then stops the dealing.
  const std::string& problem() const { return problem_; }
  // The counter operations this rank made (each a round trip to rank 0's window under MPI).
  std::uint64_t operations() const { return operations_; }

  // The first chunk of each deal of one reading of `chunks` chunks, and `chunks` last.
  static std::vector<std::uint64_t> guided_bounds(std::uint64_t chunks, int ranks);

 private:
  // Whether reading `loop` (>= 1) takes place: decided once, by the first rank to need it, for every
  // rank; another rank that needs it meanwhile waits for the decision.
  bool reads_again(std::uint32_t loop, const DealRequest& request, double elapsed_seconds);
  // The decision on reading `loop` once made: 1 it takes place, 0 not, -1 not decided yet.
  int decided(std::uint32_t loop);
  std::int64_t add(int i, std::int64_t n) {
    ++operations_;
    return counters_.fetch_add(i, n);
  }
  std::int64_t max(int i, std::int64_t n) {
    ++operations_;
    return counters_.fetch_max(i, n);
  }

  SharedCounters& counters_;
  int rank_, ranks_;
  bool stopped_ = false;
  std::optional<std::uint64_t> chunks_;  // as this rank's first request said
  std::vector<std::uint64_t> bounds_;    // ranges: guided_bounds of a reading
  std::int64_t loop_ = -1;               // whole readings: the last dealt to this rank
  std::uint32_t yes_ = 0;                // the latest reading known to take place
  std::string problem_;
  std::uint64_t operations_ = 0;
};

}  // namespace sudoku_bench
