// The processes of one run: the ranks of an MPI job when the program was started by an MPI
// launcher (mpirun, srun) and built with MPI, else this process alone. Knows nothing of reports:
// it moves text and waits. Only the main thread calls it (MPI_THREAD_FUNNELED), never a TBB worker.
#pragma once

#include <array>
#include <cstdint>
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
  int size() const { return size_; }
  // What stands in the way of running, "" when nothing: started by a launcher of several
  // processes in a build without MPI (each would run the whole job alone).
  const std::string& problem() const { return problem_; }

  // Every rank waits for every other (MPI_Barrier).
  void barrier();
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

  // A few numbers from one rank to another while a pass runs (run/rank_dealing.h): sent without
  // waiting for the receiver (so small a message goes eagerly), taken once it has arrived.
  struct Note {
    int from = 0;
    std::array<std::int64_t, 6> values{};
  };
  void send(int to, const Note& note);
  // A note that has arrived from any rank, in the order each rank sent them; false when none has.
  bool receive(Note& note);

 private:
  World() = default;  // a world of one
  // The world current() returns while it lives (world.cc).
  static void made(World* world);
  static void gone(World* world);
  int rank_ = 0;
  int size_ = 1;
  bool joined_ = false;
  std::string problem_;
};

}  // namespace sudoku_bench
