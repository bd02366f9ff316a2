// Counters at rank 0 that every rank reads and changes by atomic operations of its own while a pass
// runs (run/rank_dealing.h), no rank serving them: an MPI window, passive target (MPI_Win_lock_all;
// MPI_Fetch_and_op, each completed by MPI_Win_flush). No compare-and-swap: Open MPI 4.1's osc/rdma
// crashes in it on shared memory (mca_btl_vader_emu_acswap, CMA single copy). Where the world's
// ranks cannot share a window (World::one_sided), rank 0 holds them and serves every other rank's
// operations when it calls progress(). In a world of one, plain numbers.
#pragma once

#include <cstdint>
#include <vector>

#include "cluster/world.h"

namespace sudoku_bench {

class RankCounters {
 public:
  // Every rank makes them together: `count` counters, each 0.
  RankCounters(World& world, int count);
  // Every rank ends them together, once it needs them no more. Counters an error left open are
  // left to MPI_Finalize: no rank waits for the others on its way out.
  void close();
  RankCounters(const RankCounters&) = delete;
  RankCounters& operator=(const RankCounters&) = delete;

  // Adds `add` to counter `i` (MPI_SUM); returns what it held before.
  std::int64_t fetch_add(int i, std::int64_t add);
  // Sets counter `i` to the larger of it and `value` (MPI_MAX); returns what it held before.
  std::int64_t fetch_max(int i, std::int64_t value);
  // Lets MPI progress what other ranks asked of this one: on shared memory their atomics need
  // nothing of rank 0; a transport without remote atomics completes them when rank 0 calls into
  // MPI, and where the counters are no window rank 0 serves the operations asked of it here. Its
  // main thread calls this at every wake.
  void progress();

 private:
  std::int64_t served(int i, int op, std::int64_t operand);

  World& world_;
  // In a world of one, these; under MPI, rank 0's served ones, or the window's memory at rank 0.
  std::vector<std::int64_t> counters_;
  int window_ = -1;  // under MPI while the counters are open as a window, their MPI_Win (MPI_Win_c2f)
};

}  // namespace sudoku_bench
