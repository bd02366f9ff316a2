#include "stream/chunk_deal.h"

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

}  // namespace sudoku_bench
