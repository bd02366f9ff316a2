// Who reads which chunks: a shard's contiguous range (or every N-th chunk of an input that cannot be
// jumped through), and the deals MPI ranks take from shared counters: every chunk of a reading dealt
// exactly once, in increasing order to each rank, large deals first, one counter operation a deal;
// another reading for every rank or none.
#include "stream/chunk_deal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <utility>
#include <vector>

namespace {

using sudoku_bench::Deal;
using sudoku_bench::DealRequest;
using sudoku_bench::RankDeals;
using sudoku_bench::ShardDealer;
using sudoku_bench::SharedCounters;

const auto kLongAgo = std::chrono::steady_clock::now() - std::chrono::hours(1);

TEST(ShardDealerTest, ContiguousRangesCoverEveryChunkOnce) {
  for (const std::uint64_t chunks : {1u, 7u, 1000u, 1025u})
    for (const int count : {1, 3, 1024}) {
      std::vector<int> owners(chunks, 0);
      for (int k = 0; k < count; ++k) {
        ShardDealer dealer(k, count, 0, kLongAgo);
        const std::optional<Deal> deal = dealer.next({chunks, false, 0});
        ASSERT_TRUE(deal);
        EXPECT_EQ(deal->loop, 0u);
        for (std::uint64_t i = 0; i < chunks; ++i) owners[i] += deal->covers(i);
        EXPECT_FALSE(dealer.next({chunks, true, 0})) << "read once without --min-time";
      }
      for (std::uint64_t i = 0; i < chunks; ++i) ASSERT_EQ(owners[i], 1) << chunks << " chunks, " << count << " shards";
    }
}

TEST(ShardDealerTest, AnInputReadWholeKeepsEveryNthChunk) {
  ShardDealer dealer(2, 4, 0, kLongAgo);
  const std::optional<Deal> deal = dealer.next({0, false, 0});
  ASSERT_TRUE(deal);
  EXPECT_TRUE(deal->covers(2));
  EXPECT_TRUE(deal->covers(6));
  EXPECT_FALSE(deal->covers(3));
}

TEST(ShardDealerTest, ReadsAgainWhileTheTimeIsNotUpAndTheShardHadChunks) {
  ShardDealer dealer(0, 1, 3600, std::chrono::steady_clock::now());
  ASSERT_EQ(dealer.next({10, false, 3600})->loop, 0u);
  ASSERT_EQ(dealer.next({10, true, 3600})->loop, 1u);
  EXPECT_FALSE(dealer.next({10, false, 3600})) << "a reading with nothing of this shard ends it";
}

// Counters in memory, shared by the ranks of a test as MPI ranks share rank 0's window.
class Counters final : public SharedCounters {
 public:
  std::int64_t fetch_add(int i, std::int64_t add) override {
    return std::exchange(c_.at(static_cast<std::size_t>(i)), c_.at(static_cast<std::size_t>(i)) + add);
  }
  std::int64_t fetch_max(int i, std::int64_t value) override {
    std::int64_t& c = c_.at(static_cast<std::size_t>(i));
    return std::exchange(c, std::max(c, value));
  }
  // The ranks of a test take turns: a decision is always made before another rank needs it.
  void pause(int) override { ADD_FAILURE() << "a rank waited for a decision"; }

 private:
  std::vector<std::int64_t> c_ = std::vector<std::int64_t>(sudoku_bench::kDealCounters, 0);
};

// The ranks of a job, each with its RankDeals on one set of counters.
struct Job {
  explicit Job(int ranks) {
    for (int r = 0; r < ranks; ++r) deals.emplace_back(counters, r, ranks);
  }
  Counters counters;
  std::deque<RankDeals> deals;
};

// Deals every rank asks for in turn until none is left for any.
std::map<int, std::vector<Deal>> deal_all(Job& job, const DealRequest& request, double elapsed = 0) {
  std::map<int, std::vector<Deal>> dealt;
  const int ranks = static_cast<int>(job.deals.size());
  std::vector<bool> done(static_cast<std::size_t>(ranks), false);
  for (int open = ranks; open > 0;)
    for (int r = 0; r < ranks; ++r) {
      if (done[static_cast<std::size_t>(r)]) continue;
      if (const std::optional<Deal> d = job.deals[static_cast<std::size_t>(r)].deal(request, elapsed))
        dealt[r].push_back(*d);
      else
        done[static_cast<std::size_t>(r)] = true, --open;
    }
  return dealt;
}

TEST(RankDealsTest, EveryChunkOnceInIncreasingOrderLargeDealsFirst) {
  for (const int ranks : {1, 2, 3, 64}) {
    Job job(ranks);
    const std::uint64_t chunks = 256 * static_cast<std::uint64_t>(ranks) + 5;
    std::vector<int> owners(chunks, 0);
    for (const auto& [rank, deals] : deal_all(job, {chunks, true, 0})) {
      for (std::size_t i = 0; i < deals.size(); ++i) {
        EXPECT_EQ(deals[i].loop, 0u);
        EXPECT_LT(deals[i].begin, deals[i].end);
        if (i > 0) {
          EXPECT_GE(deals[i].begin, deals[i - 1].end) << "a rank's deals go forward";
          EXPECT_LE(deals[i].end - deals[i].begin, deals[i - 1].end - deals[i - 1].begin) << "they shrink";
        }
        for (std::uint64_t c = deals[i].begin; c < deals[i].end; ++c) ++owners[c];
      }
      EXPECT_LE(deals.front().end - deals.front().begin, chunks / (2 * static_cast<std::uint64_t>(ranks)) + 1);
    }
    for (std::uint64_t c = 0; c < chunks; ++c) ASSERT_EQ(owners[c], 1) << ranks << " ranks, chunk " << c;
  }
}

// A deal is one fetch_add: no rank serves, and a rank's operations are its deals and a few more.
TEST(RankDealsTest, ADealIsOneOperationOnTheSharedCounters) {
  Job job(4);
  const std::uint64_t chunks = 100'000;
  const auto dealt = deal_all(job, {chunks, true, 0});
  const std::size_t per_reading = RankDeals::guided_bounds(chunks, 4).size() - 1;
  std::size_t deals = 0;
  for (int r = 0; r < 4; ++r) {
    const std::size_t mine = dealt.count(r) ? dealt.at(r).size() : 0;
    deals += mine;
    // Its deals, the one that found none, the chunk count checked.
    EXPECT_EQ(job.deals[static_cast<std::size_t>(r)].operations(), mine + 2) << "rank " << r;
  }
  EXPECT_EQ(deals, per_reading);
  EXPECT_LT(per_reading, 200u) << "about 2 x ranks x ln(chunks / (2 x ranks)) deals a reading";
}

TEST(RankDealsTest, AnotherReadingForEveryRankOrNone) {
  Job job(2);
  const DealRequest request{4, true, 10};
  std::vector<std::uint32_t> loops;
  for (int i = 0; i < 40; ++i)
    if (std::optional<Deal> d = job.deals[static_cast<std::size_t>(i % 2)].deal(request, i < 12 ? 1.0 : 11.0))
      loops.push_back(d->loop);
  // 4 chunks: deals of one chunk; readings go on while asked before 10 s, and then none at all.
  ASSERT_FALSE(loops.empty());
  std::map<std::uint32_t, int> per_loop;
  for (const std::uint32_t l : loops) ++per_loop[l];
  for (const auto& [loop, n] : per_loop) EXPECT_EQ(n, 4) << "reading " << loop << " dealt whole";
  EXPECT_GE(per_loop.size(), 2u);
}

TEST(RankDealsTest, EveryReadingIsCutAlike) {
  Job job(2);
  const DealRequest request{64, true, 10};
  std::vector<std::uint64_t> sizes;
  for (int i = 0; i < 60; ++i)
    if (std::optional<Deal> d = job.deals[static_cast<std::size_t>(i % 2)].deal(request, i < 40 ? 1.0 : 20.0))
      sizes.push_back(d->end - d->begin);
  const std::vector<std::uint64_t> bounds = RankDeals::guided_bounds(64, 2);
  ASSERT_GE(sizes.size(), 2 * (bounds.size() - 1));
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const std::size_t k = i % (bounds.size() - 1);
    EXPECT_EQ(sizes[i], bounds[k + 1] - bounds[k]) << "deal " << i;
  }
  EXPECT_EQ(sizes.front(), 16u) << "a quarter of the reading (64 / (2 ranks x 2))";
  EXPECT_EQ(sizes.back(), 1u) << "the last deals shrink, so that the ranks end each reading together";
}

TEST(RankDealsTest, WholeReadingsWithAStrideWhenTheInputCannotBeJumpedThrough) {
  Job job(3);
  const DealRequest request{0, true, 10};
  const std::optional<Deal> first = job.deals[1].deal(request, 0);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->stride, 3u);
  EXPECT_EQ(first->offset, 1u);
  EXPECT_EQ(job.deals[1].deal(request, 1)->loop, 1u);  // decided at the first ask: reading 1 takes place
  EXPECT_EQ(job.deals[0].deal(request, 0)->loop, 0u);
  EXPECT_EQ(job.deals[0].deal(request, 20)->loop, 1u) << "already decided for every rank";
  EXPECT_FALSE(job.deals[0].deal(request, 20)) << "reading 2: the time is up";
  EXPECT_FALSE(job.deals[1].deal(request, 5)) << "decided once, for every rank";
}

TEST(RankDealsTest, RanksThatCutTheInputDifferentlyStopTheDealing) {
  Job job(2);
  ASSERT_TRUE(job.deals[0].deal({100, false, 0}, 0));
  EXPECT_FALSE(job.deals[1].deal({0, false, 0}, 0)) << "rank 1 reads the file whole (not mapped)";
  EXPECT_NE(job.deals[1].problem().find("rank 1 cuts the input into 0 chunks where another cut it into 100"),
            std::string::npos)
      << job.deals[1].problem();
  EXPECT_FALSE(job.deals[0].deal({100, false, 0}, 0));
}

TEST(RankDealsTest, StoppedDealsNothing) {
  Job job(2);
  ASSERT_TRUE(job.deals[0].deal({100, false, 0}, 0));
  job.deals[0].stop();
  EXPECT_FALSE(job.deals[1].deal({100, false, 0}, 0));
  EXPECT_FALSE(job.deals[0].deal({100, false, 0}, 0));
}

}  // namespace
