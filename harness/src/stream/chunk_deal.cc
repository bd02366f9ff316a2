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

std::vector<std::uint64_t> RankDeals::guided_bounds(std::uint64_t chunks, int ranks) {
  const std::uint64_t share = 2 * static_cast<std::uint64_t>(std::max(ranks, 1));
  std::vector<std::uint64_t> bounds{0};
  for (std::uint64_t at = 0; at < chunks;) bounds.push_back(at += std::max<std::uint64_t>(1, (chunks - at) / share));
  return bounds;
}

std::optional<Deal> RankDeals::deal(const DealRequest& request, double elapsed_seconds) {
  if (stopped_) return std::nullopt;
  if (!chunks_) {
    chunks_ = request.chunks;
    // The largest any rank saw before: another than this rank's means two ranks disagree (and the
    // rank that comes with a smaller one sees the larger).
    const auto chunks = static_cast<std::int64_t>(request.chunks);
    const std::int64_t seen = max(kChunksCounter, chunks + 1);
    if (seen != 0 && seen != chunks + 1)
      problem_ = "rank " + std::to_string(rank_) + " cuts the input into " + std::to_string(request.chunks) +
                 " chunks where another cut it into " + std::to_string(seen - 1) +
                 " (0: read whole, not mapped): every rank must read it alike";
    if (request.chunks > 0) bounds_ = guided_bounds(request.chunks, ranks_);
  }
  if (*chunks_ != request.chunks && problem_.empty())
    problem_ = "rank " + std::to_string(rank_) + " cut the input into " + std::to_string(*chunks_) + " chunks, then " +
               std::to_string(request.chunks);
  if (!problem_.empty()) {
    stop();
    return std::nullopt;
  }
  Deal deal;
  if (request.chunks == 0) {
    if (add(kTicketCounter, 0) >= kStoppedTickets) return std::nullopt;
    const auto loop = static_cast<std::uint32_t>(loop_ + 1);
    if (loop > 0 && !reads_again(loop, request, elapsed_seconds)) return std::nullopt;
    loop_ = loop;
    deal.loop = loop;
    deal.stride = static_cast<std::uint32_t>(ranks_);
    deal.offset = static_cast<std::uint32_t>(rank_);
    return deal;
  }
  const std::int64_t ticket = add(kTicketCounter, 1);
  if (ticket >= kStoppedTickets) return std::nullopt;
  const std::uint64_t per_reading = bounds_.size() - 1, t = static_cast<std::uint64_t>(ticket);
  const auto loop = static_cast<std::uint32_t>(t / per_reading);
  if (loop > 0 && !reads_again(loop, request, elapsed_seconds)) return std::nullopt;
  deal.loop = loop;
  deal.begin = bounds_[t % per_reading];
  deal.end = bounds_[t % per_reading + 1];
  return deal;
}

void RankDeals::stop() {
  if (!stopped_) add(kTicketCounter, kStoppedTickets);
  stopped_ = true;
}

int RankDeals::decided(std::uint32_t loop) {
  if (add(kYesCounter, 0) >= loop) return 1;
  const std::int64_t no = add(kNoCounter, 0);
  return no > 0 && kNever - no <= loop ? 0 : -1;
}

bool RankDeals::reads_again(std::uint32_t loop, const DealRequest& request, double elapsed_seconds) {
  if (loop <= yes_) return true;
  if (request.min_seconds <= 0) return false;  // the pipeline reads once: no rank asks otherwise
  const bool again = request.min_seconds > 0 && elapsed_seconds < request.min_seconds;
  if (max(kAskedCounter, loop) < loop) {
    // This rank decides, once the reading before is decided (by the rank that first needed it, a
    // few operations from now): the readings are decided in order, so that the latest to take
    // place says that all before it do.
    int before = loop == 1 ? 1 : decided(loop - 1);
    for (int tries = 0; before < 0; before = decided(loop - 1)) counters_.pause(++tries);
    if (before == 1 && again) {
      max(kYesCounter, loop);
      yes_ = loop;
      return true;
    }
    if (before == 1) max(kNoCounter, kNever - loop);
    return false;
  }
  int d = decided(loop);
  for (int tries = 0; d < 0; d = decided(loop)) counters_.pause(++tries);
  if (d == 1) yes_ = loop;
  return d == 1;
}

}  // namespace sudoku_bench
