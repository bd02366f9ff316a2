#include "stream/chunk_deal.h"

#include <algorithm>

namespace sudoku_bench {

std::optional<Deal> ShardDealer::next(const DealRequest& request) {
  if (loop_) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
    if (min_seconds_ <= 0 || !request.kept_any || elapsed >= min_seconds_) return std::nullopt;
  }
  loop_ = loop_ ? *loop_ + 1 : 0;
  Deal deal;
  deal.loop = *loop_;
  const std::uint64_t k = static_cast<std::uint64_t>(index_), n = static_cast<std::uint64_t>(count_);
  if (request.chunks > 0) {
    deal.begin = request.chunks * k / n;
    deal.end = request.chunks * (k + 1) / n;
  } else {
    deal.stride = static_cast<std::uint32_t>(n);
    deal.offset = static_cast<std::uint32_t>(k);
  }
  return deal;
}

std::optional<Deal> ChunkDispenser::deal(int rank, const DealRequest& request, double elapsed_seconds) {
  if (!chunks_) chunks_ = request.chunks;
  if (*chunks_ != request.chunks && problem_.empty()) {
    problem_ = "rank " + std::to_string(rank) + " cuts the input into " + std::to_string(request.chunks) +
               " chunks where another cut it into " + std::to_string(*chunks_) +
               " (0: read whole, not mapped): every rank must read it alike";
    stopped_ = true;
  }
  if (stopped_) return std::nullopt;
  Deal deal;
  if (request.chunks == 0) {
    std::int64_t& last = loops_of_rank_.at(static_cast<std::size_t>(rank));
    const auto loop = static_cast<std::uint32_t>(last + 1);
    if (loop > 0 && !reads_again(loop, request, elapsed_seconds)) return std::nullopt;
    last = loop;
    deal.loop = loop;
    deal.stride = static_cast<std::uint32_t>(ranks_);
    deal.offset = static_cast<std::uint32_t>(rank);
    return deal;
  }
  if (next_ >= request.chunks) {
    if (!reads_again(loop_ + 1, request, elapsed_seconds)) return std::nullopt;
    ++loop_;
    next_ = 0;
  }
  // Guided: smaller deals as the reading's end nears, so that the ranks end it together; but only
  // in the last reading: one that another follows keeps its first deals' size to its end.
  const std::uint64_t left = request.chunks - next_, share = 2 * static_cast<std::uint64_t>(ranks_);
  std::uint64_t take = std::max<std::uint64_t>(1, left / share);
  if (!stopped_ && request.min_seconds > 0 && elapsed_seconds < request.min_seconds)
    take = std::min(left, std::max(take, request.chunks / share));
  deal.loop = loop_;
  deal.begin = next_;
  deal.end = next_ += take;
  return deal;
}

bool ChunkDispenser::reads_again(std::uint32_t loop, const DealRequest& request, double elapsed_seconds) {
  while (again_.size() < loop)
    again_.push_back(!stopped_ && request.min_seconds > 0 && elapsed_seconds < request.min_seconds);
  return again_[loop - 1];
}

}  // namespace sudoku_bench
