// run/rank_dealing.h alone, in a world of one process (the world tests get): the pass runs on a
// thread of its own and is dealt every chunk of a reading once, in input order; its error comes
// back and stops the dealing; an interrupt stops the dealing too; the CPU figures are measured.
#include "run/rank_dealing.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>
#include <vector>

#include "cluster/world.h"
#include "run/interrupt.h"

namespace {

using sudoku_bench::ChunkDealer;
using sudoku_bench::Deal;
using sudoku_bench::DealRequest;

// Every chunk of one reading of `chunks`, in the order the dealer gave them.
std::vector<std::uint64_t> dealt_chunks(ChunkDealer& dealer, std::uint64_t chunks) {
  std::vector<std::uint64_t> out;
  const DealRequest request{.chunks = chunks, .kept_any = true, .min_seconds = 0};
  while (const auto deal = dealer.next(request)) {
    EXPECT_EQ(deal->loop, 0u);
    for (std::uint64_t i = deal->begin; i < deal->end && i < chunks; ++i)
      if (deal->covers(i)) out.push_back(i);
  }
  return out;
}

class RankDealingTest : public ::testing::Test {
 protected:
  void TearDown() override { sudoku_bench::simulate_interrupt(0); }
  double dealing_cpu = -1, waiting_cpu = -1;
};

TEST_F(RankDealingTest, EveryChunkOnceInInputOrder) {
  std::vector<std::uint64_t> chunks;
  const std::string error = sudoku_bench::measure_dealt(
      sudoku_bench::World::current(),
      [&](ChunkDealer& dealer) {
        chunks = dealt_chunks(dealer, 1000);
        return std::string();
      },
      dealing_cpu, waiting_cpu);
  EXPECT_EQ(error, "");
  ASSERT_EQ(chunks.size(), 1000u);
  for (std::uint64_t i = 0; i < chunks.size(); ++i) ASSERT_EQ(chunks[i], i);
  EXPECT_GE(dealing_cpu, 0.0);
  EXPECT_GE(waiting_cpu, 0.0);
}

TEST_F(RankDealingTest, TheMeasuringsErrorComesBack) {
  const std::string error = sudoku_bench::measure_dealt(
      sudoku_bench::World::current(), [](ChunkDealer&) { return std::string("input.txt: cannot read"); }, dealing_cpu,
      waiting_cpu);
  EXPECT_EQ(error, "input.txt: cannot read");
}

TEST_F(RankDealingTest, AnInterruptStopsTheDealing) {
  bool stopped = false;
  sudoku_bench::measure_dealt(
      sudoku_bench::World::current(),
      [&](ChunkDealer& dealer) {
        // Whole readings, again and again for an hour, unless stopped.
        const DealRequest request{.chunks = 0, .kept_any = true, .min_seconds = 3600};
        EXPECT_TRUE(dealer.next(request).has_value());
        sudoku_bench::simulate_interrupt(SIGTERM);
        // The main thread passes the interrupt on at its next look (within 10 ms); deals stop then.
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < until)
          if (!dealer.next(request)) {
            stopped = true;
            break;
          }
        return std::string();
      },
      dealing_cpu, waiting_cpu);
  EXPECT_TRUE(stopped);
}

}  // namespace
