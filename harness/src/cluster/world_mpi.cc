#include <mpi.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <string>
#include <utility>

#include "cluster/launcher.h"
#include "cluster/mpi_wait.h"
#include "cluster/world.h"

namespace sudoku_bench {

World::World(int& argc, char**& argv) {
  made(this);
  problem_ = launch_problem();
  if (!problem_.empty()) return;
  if (!started_by_mpi_launcher()) return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  joined_ = true;
  any_thread_ = provided >= MPI_THREAD_SERIALIZED;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  // One-sided counters where every rank shares rank 0's memory (one machine: Open MPI's osc/sm, or
  // osc/rdma over vader), or where asked for (SUDOKU_BENCH_ONE_SIDED=1: a network with remote
  // atomics; =0 never: the ranks of one machine then deal as across machines). Across machines over TCP, Open MPI 4.1
  // makes no window (osc/pt2pt wants MPI_THREAD_MULTIPLE: MPI_Win_allocate fails, "invalid window"), so there rank 0
  // serves them.
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int on_node = 0;
  MPI_Comm_size(node, &on_node);
  MPI_Comm_free(&node);
  const char* forced = std::getenv("SUDOKU_BENCH_ONE_SIDED");
  int one_sided =
      (on_node == size_ || (forced && std::string(forced) == "1")) && !(forced && std::string(forced) == "0");
  MPI_Allreduce(MPI_IN_PLACE, &one_sided, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  one_sided_ = one_sided != 0;
}

World::~World() {
  if (joined_) MPI_Finalize();
  gone(this);
}

void World::barrier(const std::function<void()>& meanwhile) {
  if (!joined_) return;
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  wait_without_spinning(request, meanwhile);
}

std::vector<std::string> World::gather(const std::string& text) {
  if (!joined_) return {text};
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(rank_ == 0 ? size_ : 0), offsets(lengths.size());
  MPI_Request request;
  MPI_Igather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  std::string all;
  if (rank_ == 0) {
    std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
    all.resize(static_cast<std::size_t>(offsets.back() + lengths.back()));
  }
  MPI_Igatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD,
               &request);
  wait_without_spinning(request);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < lengths.size(); ++i)
    out.push_back(all.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(lengths[i])));
  return out;
}

int World::broadcast(int value) {
  if (!joined_) return value;
  MPI_Request request;
  MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  return value;
}

std::vector<double> World::gather_rows(const std::vector<double>& row) {
  if (!joined_) return row;
  std::vector<double> all(rank_ == 0 ? row.size() * static_cast<std::size_t>(size_) : 0);
  const int n = static_cast<int>(row.size());
  MPI_Request request;
  MPI_Igather(row.data(), n, MPI_DOUBLE, all.data(), n, MPI_DOUBLE, 0, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  return all;
}

std::uint64_t World::or_everywhere(std::uint64_t bits) {
  std::uint64_t all = bits;
  if (!joined_) return all;
  MPI_Request request;
  MPI_Iallreduce(&bits, &all, 1, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  return all;
}

void World::sum_at_rank0(std::vector<std::uint64_t>& values) {
  if (!joined_ || values.empty()) return;
  const int n = static_cast<int>(values.size());
  MPI_Request request;
  if (rank_ == 0)
    MPI_Ireduce(MPI_IN_PLACE, values.data(), n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &request);
  else
    MPI_Ireduce(values.data(), nullptr, n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
}

}  // namespace sudoku_bench
