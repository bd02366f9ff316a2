// The counters of a build without MPI: this process's own numbers.
#include <algorithm>
#include <utility>

#include "cluster/rank_counters.h"

namespace sudoku_bench {

RankCounters::RankCounters(World& world, int count) : world_(world), counters_(static_cast<std::size_t>(count), 0) {}

void RankCounters::close() { counters_.clear(); }

std::int64_t RankCounters::served(int i, int op, std::int64_t operand) {
  std::int64_t& c = counters_.at(static_cast<std::size_t>(i));
  return std::exchange(c, op == 0 ? c + operand : std::max(c, operand));
}

std::int64_t RankCounters::fetch_add(int i, std::int64_t add) { return served(i, 0, add); }

std::int64_t RankCounters::fetch_max(int i, std::int64_t value) { return served(i, 1, value); }

void RankCounters::progress() {}

}  // namespace sudoku_bench
