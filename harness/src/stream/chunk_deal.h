// Which chunks of an input a pipeline reads, asked for as it goes: a shard's fixed share of every
// reading (one process, run --shard), or what MPI rank 0 hands out as the ranks free up
// (run/rank_dealing.h). The dealer also decides whether the input is read again (--min-time), so
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

// What MPI rank 0 hands out to the ranks of a job as they ask (run/rank_dealing.h), knowing
// nothing of MPI. A jumpable input: ranges of the chunks of a reading in input order, each
// about 1/(2 x ranks) of what is left (guided self-scheduling: large deals first, single chunks at
// the end, so that a rank slowed down takes less and the ranks end together). Another input:
// whole readings, each rank keeping every ranks-th chunk (it reads the whole input anyway).
// Another reading of the input starts, for every rank alike, while less than min_seconds have
// passed; once stopped, it deals nothing more.
class ChunkDispenser {
 public:
  explicit ChunkDispenser(int ranks) : ranks_(ranks), loops_of_rank_(static_cast<std::size_t>(ranks), -1) {}
  std::optional<Deal> deal(int rank, const DealRequest& request, double elapsed_seconds);
  void stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }
  // "" unless ranks asked with different chunk counts (one could jump through the input, another
  // not: a file mapped on one node, read through zlib on another), which would deal records twice
  // or never: the dealing then stops.
  const std::string& problem() const { return problem_; }

 private:
  // Whether reading `loop` (>= 1) takes place: decided once, when first asked, for every rank.
  bool reads_again(std::uint32_t loop, const DealRequest& request, double elapsed_seconds);

  int ranks_;
  bool stopped_ = false;
  std::uint32_t loop_ = 0;                   // ranges: the reading being dealt
  std::uint64_t next_ = 0;                   // ranges: its next chunk
  std::vector<std::int64_t> loops_of_rank_;  // whole readings: the last dealt to each rank, -1 none
  std::vector<bool> again_;                  // again_[L]: reading L + 1 takes place (decided)
  std::optional<std::uint64_t> chunks_;      // the chunks of a reading, as the first request said
  std::string problem_;
};

}  // namespace sudoku_bench
