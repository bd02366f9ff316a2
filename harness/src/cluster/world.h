// The processes of one run: the ranks of an MPI job when the program was started by an MPI
// launcher (mpirun, srun) and built with MPI, else this process alone. Knows nothing of reports:
// it moves text and waits. Only the main thread calls it, never a TBB worker, except for the
// counters (fetch_add, fetch_max, progress), which one thread at a time may call from any thread
// where any_thread() (MPI_THREAD_SERIALIZED provided), so that a rank's reader takes its deals itself.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sudoku_bench {

// Joins the job for the lifetime of the object (MPI_Init_thread / MPI_Finalize) when a launcher
// started this process; otherwise a world of one. One per program, made first thing in main.
class World {
 public:
  World(int& argc, char**& argv);
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // The world made in main; a world of one when none was made (tests).
  static World& current();

  int rank() const { return rank_; }
  // Whether the counters may be used from any thread, one at a time (MPI_THREAD_SERIALIZED).
  bool any_thread() const { return any_thread_; }
  int size() const { return size_; }
  // What stands in the way of running, "" when nothing: started by a launcher of several
  // processes in a build without MPI (each would run the whole job alone).
  const std::string& problem() const { return problem_; }

  // Every rank waits for every other (MPI_Ibarrier, tested and slept on: see world_mpi.cc), running
  // `meanwhile` (when given) at every wake.
  void barrier(const std::function<void()>& meanwhile = {});
  // Every rank's text in rank order at rank 0 (MPI_Gatherv); empty on the other ranks.
  std::vector<std::string> gather(const std::string& text);
  // Rank 0's value on every rank (MPI_Bcast).
  int broadcast(int value);

  // Every rank's `row` (as long on every rank) one after another in rank order at rank 0
  // (MPI_Gather); empty on the other ranks.
  std::vector<double> gather_rows(const std::vector<double>& row);
  // Every rank's `bits` or-ed together, on every rank (MPI_Allreduce, MPI_BOR).
  std::uint64_t or_everywhere(std::uint64_t bits);
  // Every rank's `values` (as many on every rank) summed element by element, at rank 0 (MPI_Reduce,
  // MPI_SUM, along a tree: no rank receives more than a few of them); unchanged elsewhere.
  void sum_at_rank0(std::vector<std::uint64_t>& values);

  // Counters at rank 0 that every rank reads and changes by atomic operations of its own while a
  // pass runs (run/rank_dealing.h), no rank serving them: an MPI window, passive target
  // (MPI_Win_lock_all; MPI_Fetch_and_op, each completed by MPI_Win_flush). Every rank opens them
  // together (`count` counters, each 0) and closes them together. No compare-and-swap: Open MPI
  // 4.1's osc/rdma crashes in it on shared memory (mca_btl_vader_emu_acswap, CMA single copy).
  void open_counters(int count);
  void close_counters();
  // Adds `add` to counter `i` (MPI_SUM); returns what it held before.
  std::int64_t fetch_add(int i, std::int64_t add);
  // Sets counter `i` to the larger of it and `value` (MPI_MAX); returns what it held before.
  std::int64_t fetch_max(int i, std::int64_t value);
  // Lets MPI progress what other ranks asked of this one: on shared memory their atomics need
  // nothing of rank 0; a transport without remote atomics completes them when rank 0 calls into
  // MPI, and where the counters are no window (across machines without SUDOKU_BENCH_ONE_SIDED=1)
  // rank 0 serves the operations asked of it here. Its main thread calls this at every wake.
  bool one_sided() const { return one_sided_; }
  void progress();

 private:
  World() = default;  // a world of one
  // The world current() returns while it lives (world.cc).
  static void made(World* world);
  static void gone(World* world);
  int rank_ = 0;
  int size_ = 1;
  bool joined_ = false;
  bool any_thread_ = true;
  std::string problem_;
  // The counters: in a world of one, these; under MPI, the window's (world_mpi.cc), whose memory at
  // rank 0 these hold too.
  std::vector<std::int64_t> counters_;
  int window_ = -1;  // under MPI while the counters are open, their MPI_Win (MPI_Win_c2f)
  // Whether the counters are a window (one machine, or SUDOKU_BENCH_ONE_SIDED=1); else rank 0
  // holds them in counters_ and serves every other rank's operations when it calls progress().
  bool one_sided_ = true;
  std::int64_t served(int i, int op, std::int64_t operand);
};

}  // namespace sudoku_bench
