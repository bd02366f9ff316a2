// The world of a build without MPI: this process alone.
#include <algorithm>
#include <utility>

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

void World::open_counters(int count) { counters_.assign(static_cast<std::size_t>(count), 0); }

void World::close_counters() { counters_.clear(); }

std::int64_t World::fetch_add(int i, std::int64_t add) {
  return std::exchange(counters_.at(static_cast<std::size_t>(i)), counters_.at(static_cast<std::size_t>(i)) + add);
}

std::int64_t World::fetch_max(int i, std::int64_t value) {
  std::int64_t& c = counters_.at(static_cast<std::size_t>(i));
  return std::exchange(c, std::max(c, value));
}

void World::progress() {}

}  // namespace sudoku_bench
