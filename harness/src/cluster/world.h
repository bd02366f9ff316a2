// The processes of one run: the ranks of an MPI job when the program was started by an MPI
// launcher (mpirun, srun) and built with MPI, else this process alone. Knows nothing of reports:
// it moves text and waits. Only the main thread calls it, never a TBB worker; the counters that
// ranks share (cluster/rank_counters.h) one thread at a time may use from any thread where
// any_thread() (MPI_THREAD_SERIALIZED provided), so that a rank's reader takes its deals itself.
#pragma once

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
  // Whether RankCounters may be used from any thread, one at a time (MPI_THREAD_SERIALIZED).
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

  // Whether every rank can reach rank 0's memory by one-sided atomics (RankCounters' window): one
  // machine, or SUDOKU_BENCH_ONE_SIDED=1. Else rank 0 serves the other ranks' counter operations.
  bool one_sided() const { return one_sided_; }
  // Whether this process joined an MPI job (else it is a world of one).
  bool joined() const { return joined_; }

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
  bool one_sided_ = true;
};

}  // namespace sudoku_bench
