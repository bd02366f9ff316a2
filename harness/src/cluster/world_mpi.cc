#include <mpi.h>
#include <time.h>

#include <algorithm>
#include <numeric>
#include <utility>

#include "cluster/launcher.h"
#include "cluster/world.h"

namespace sudoku_bench {
namespace {

// Waits for a request without spinning. MPI's blocking calls poll at full speed: a rank done with
// its share would take a core from the ranks still measuring wherever cores are shared (more ranks
// and threads than cores, hyperthreads, a VM's vCPUs). So every wait tests and sleeps, 50 us at
// first and twice as long after each test that found it unfinished, up to 10 ms: a wait of t ends
// at most max(t, 10 ms) late (about 2 x t while short), and a long one wakes 100 times a second
// (each wake a few us of CPU: well under 0.5% of a core). The first test comes at once.
void finish(MPI_Request& request, const std::function<void()>& meanwhile = {}) {
  constexpr long kFirstNs = 50'000, kMostNs = 10'000'000;
  int done = 0;
  for (long ns = kFirstNs;; ns = std::min(2 * ns, kMostNs)) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    if (meanwhile) meanwhile();
    const timespec pause{0, ns};
    nanosleep(&pause, nullptr);
  }
}

}  // namespace

World::World(int& argc, char**& argv) {
  made(this);
  problem_ = launch_problem();
  if (!problem_.empty()) return;
  if (!started_by_mpi_launcher()) return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  joined_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

World::~World() {
  if (joined_) MPI_Finalize();
  gone(this);
}

void World::barrier(const std::function<void()>& meanwhile) {
  if (!joined_) return;
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  finish(request, meanwhile);
}

std::vector<std::string> World::gather(const std::string& text) {
  if (!joined_) return {text};
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(rank_ == 0 ? size_ : 0), offsets(lengths.size());
  MPI_Request request;
  MPI_Igather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  finish(request);
  std::string all;
  if (rank_ == 0) {
    std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
    all.resize(static_cast<std::size_t>(offsets.back() + lengths.back()));
  }
  MPI_Igatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD,
               &request);
  finish(request);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < lengths.size(); ++i)
    out.push_back(all.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(lengths[i])));
  return out;
}

int World::broadcast(int value) {
  if (!joined_) return value;
  MPI_Request request;
  MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  finish(request);
  return value;
}

std::vector<double> World::gather_rows(const std::vector<double>& row) {
  if (!joined_) return row;
  std::vector<double> all(rank_ == 0 ? row.size() * static_cast<std::size_t>(size_) : 0);
  const int n = static_cast<int>(row.size());
  MPI_Request request;
  MPI_Igather(row.data(), n, MPI_DOUBLE, all.data(), n, MPI_DOUBLE, 0, MPI_COMM_WORLD, &request);
  finish(request);
  return all;
}

std::uint64_t World::or_everywhere(std::uint64_t bits) {
  std::uint64_t all = bits;
  if (!joined_) return all;
  MPI_Request request;
  MPI_Iallreduce(&bits, &all, 1, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD, &request);
  finish(request);
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
  finish(request);
}

void World::open_counters(int count) {
  if (!joined_) {
    counters_.assign(static_cast<std::size_t>(count), 0);
    return;
  }
  const MPI_Aint bytes = rank_ == 0 ? count * MPI_Aint{sizeof(std::int64_t)} : 0;
  std::int64_t* base = nullptr;
  MPI_Win win;
  MPI_Win_allocate(bytes, sizeof(std::int64_t), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  if (rank_ == 0) std::fill(base, base + count, 0);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  MPI_Win_sync(win);  // rank 0's zeros in the window before any rank's first operation
  window_ = MPI_Win_c2f(win);
  barrier();
}

void World::close_counters() {
  if (!joined_) {
    counters_.clear();
    return;
  }
  if (window_ < 0) return;
  MPI_Win win = MPI_Win_f2c(window_);
  MPI_Win_unlock_all(win);
  barrier();  // every rank's operations done: MPI_Win_free then waits for no one (and would spin)
  MPI_Win_free(&win);
  window_ = -1;
}

namespace {

// One operation on counter `i` of the window at rank 0, completed before it returns.
std::int64_t fetch_and_op(int window, int i, std::int64_t operand, MPI_Op op) {
  MPI_Win win = MPI_Win_f2c(window);
  std::int64_t was = 0;
  MPI_Fetch_and_op(&operand, &was, MPI_INT64_T, 0, i, op, win);
  MPI_Win_flush(0, win);
  return was;
}

}  // namespace

std::int64_t World::fetch_add(int i, std::int64_t add) {
  if (!joined_)
    return std::exchange(counters_.at(static_cast<std::size_t>(i)), counters_.at(static_cast<std::size_t>(i)) + add);
  return fetch_and_op(window_, i, add, MPI_SUM);
}

std::int64_t World::fetch_max(int i, std::int64_t value) {
  if (!joined_) {
    std::int64_t& c = counters_.at(static_cast<std::size_t>(i));
    return std::exchange(c, std::max(c, value));
  }
  return fetch_and_op(window_, i, value, MPI_MAX);
}

void World::progress() {
  if (!joined_) return;
  int arrived = 0;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, MPI_STATUS_IGNORE);
}

}  // namespace sudoku_bench
