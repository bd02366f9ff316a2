// The world of a build without MPI: this process alone.
#include "cluster/launcher.h"
#include "cluster/world.h"

namespace sudoku_bench {

World::World(int&, char**&) {
  made(this);
  problem_ = launch_problem();
  if (!problem_.empty()) return;
  if (launcher_size() > 1)
    problem_ = "started as " + std::to_string(launcher_size()) +
               " MPI processes, but this build has no MPI (configure with libopenmpi-dev installed and "
               "-DSUDOKU_BENCH_MPI=ON): each would measure the whole job alone";
}

World::~World() { gone(this); }

void World::barrier(const std::function<void()>&) {}

std::vector<std::string> World::gather(const std::string& text) { return {text}; }

int World::broadcast(int value) { return value; }

std::vector<double> World::gather_rows(const std::vector<double>& row) { return row; }

std::uint64_t World::or_everywhere(std::uint64_t bits) { return bits; }

void World::sum_at_rank0(std::vector<std::uint64_t>&) {}

}  // namespace sudoku_bench
