// Who reads which chunks: a shard's contiguous range (or every N-th chunk of an input that cannot be
// jumped through), and rank 0's deals to MPI ranks: every chunk of a reading dealt exactly once,
// in increasing order to each rank, large deals first; another reading for every rank or none.
#include "stream/chunk_deal.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace {

using sudoku_bench::ChunkDispenser;
using sudoku_bench::Deal;
using sudoku_bench::DealRequest;
using sudoku_bench::ShardDealer;

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

// Deals every rank asks for in turn, `slow` asking once for every `pace` asks of the others.
std::map<int, std::vector<Deal>> deal_all(ChunkDispenser& dispenser, int ranks, const DealRequest& request) {
  std::map<int, std::vector<Deal>> dealt;
  std::vector<bool> done(static_cast<std::size_t>(ranks), false);
  for (int open = ranks; open > 0;)
    for (int r = 0; r < ranks; ++r) {
      if (done[static_cast<std::size_t>(r)]) continue;
      if (const std::optional<Deal> d = dispenser.deal(r, request, 0))
        dealt[r].push_back(*d);
      else
        done[static_cast<std::size_t>(r)] = true, --open;
    }
  return dealt;
}

TEST(ChunkDispenserTest, EveryChunkOnceInIncreasingOrderLargeDealsFirst) {
  for (const int ranks : {1, 2, 3, 64}) {
    ChunkDispenser dispenser(ranks);
    const std::uint64_t chunks = 256 * static_cast<std::uint64_t>(ranks) + 5;
    std::vector<int> owners(chunks, 0);
    for (const auto& [rank, deals] : deal_all(dispenser, ranks, {chunks, true, 0})) {
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

TEST(ChunkDispenserTest, AnotherReadingForEveryRankOrNone) {
  ChunkDispenser dispenser(2);
  const DealRequest request{4, true, 10};
  std::vector<std::uint32_t> loops;
  for (int i = 0; i < 40; ++i)
    if (std::optional<Deal> d = dispenser.deal(i % 2, request, i < 12 ? 1.0 : 11.0)) loops.push_back(d->loop);
  // 4 chunks: deals of one chunk; readings go on while asked before 10 s, and then none at all.
  ASSERT_FALSE(loops.empty());
  std::map<std::uint32_t, int> per_loop;
  for (const std::uint32_t l : loops) ++per_loop[l];
  for (const auto& [loop, n] : per_loop) EXPECT_EQ(n, 4) << "reading " << loop << " dealt whole";
  EXPECT_GE(per_loop.size(), 2u);
}

TEST(ChunkDispenserTest, AReadingThatAnotherFollowsKeepsItsDealsWhole) {
  ChunkDispenser dispenser(2);
  const DealRequest request{64, true, 10};
  std::vector<std::uint64_t> sizes;
  for (int i = 0; i < 10; ++i)
    if (std::optional<Deal> d = dispenser.deal(i % 2, request, 1.0)) sizes.push_back(d->end - d->begin);
  // A quarter of the reading each (64 / (2 ranks * 2)): no tail of one-chunk deals to wait for.
  EXPECT_EQ(sizes, std::vector<std::uint64_t>(10, 16));
  std::uint64_t last = 64;
  for (int i = 0; i < 40; ++i)
    if (std::optional<Deal> d = dispenser.deal(i % 2, request, 20.0)) last = d->end - d->begin;
  EXPECT_EQ(last, 1u) << "the last reading's deals shrink, so that the ranks end it together";
}

TEST(ChunkDispenserTest, WholeReadingsWithAStrideWhenTheInputCannotBeJumpedThrough) {
  ChunkDispenser dispenser(3);
  const DealRequest request{0, true, 10};
  const std::optional<Deal> first = dispenser.deal(1, request, 0);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->stride, 3u);
  EXPECT_EQ(first->offset, 1u);
  EXPECT_EQ(dispenser.deal(1, request, 1)->loop, 1u);  // decided at the first ask: reading 1 takes place
  EXPECT_EQ(dispenser.deal(0, request, 0)->loop, 0u);
  EXPECT_EQ(dispenser.deal(0, request, 20)->loop, 1u) << "already decided for every rank";
  EXPECT_FALSE(dispenser.deal(0, request, 20)) << "reading 2: the time is up";
  EXPECT_FALSE(dispenser.deal(1, request, 5)) << "decided once, for every rank";
}

TEST(ChunkDispenserTest, RanksThatCutTheInputDifferentlyStopTheDealing) {
  ChunkDispenser dispenser(2);
  ASSERT_TRUE(dispenser.deal(0, {100, false, 0}, 0));
  EXPECT_FALSE(dispenser.deal(1, {0, false, 0}, 0)) << "rank 1 reads the file whole (not mapped)";
  EXPECT_NE(dispenser.problem().find("rank 1 cuts the input into 0 chunks where another cut it into 100"),
            std::string::npos)
      << dispenser.problem();
  EXPECT_FALSE(dispenser.deal(0, {100, false, 0}, 0));
}

TEST(ChunkDispenserTest, StoppedDealsNothing) {
  ChunkDispenser dispenser(2);
  ASSERT_TRUE(dispenser.deal(0, {100, false, 0}, 0));
  dispenser.stop();
  EXPECT_FALSE(dispenser.deal(1, {100, false, 0}, 0));
  EXPECT_FALSE(dispenser.deal(0, {100, false, 0}, 0));
}

}  // namespace
