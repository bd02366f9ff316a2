#include <mpi.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <string>
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
  if (!joined_ || !one_sided_) {
    counters_.assign(static_cast<std::size_t>(count), 0);  // rank 0's, served (progress)
    barrier();
    return;
  }
  barrier();  // every rank here: MPI_Win_allocate then waits for no one (and would spin)
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
  if (!joined_ || !one_sided_) {
    if (joined_) barrier([&] { progress(); });  // rank 0 serves until every rank is done
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

namespace {

constexpr int kCounterTag = 7, kCounterAnswerTag = 8;  // the collectives use none

// A counter operation on this rank's own counters: 0 sum, 1 max.
std::int64_t apply(std::vector<std::int64_t>& counters, int i, int op, std::int64_t operand) {
  std::int64_t& c = counters.at(static_cast<std::size_t>(i));
  return std::exchange(c, op == 0 ? c + operand : std::max(c, operand));
}

}  // namespace

std::int64_t World::served(int i, int op, std::int64_t operand) {
  if (!joined_ || rank_ == 0) return apply(counters_, i, op, operand);
  // Asked of rank 0, which answers when it next looks (progress): at most 10 ms later.
  std::array<std::int64_t, 3> ask{i, op, operand};
  MPI_Send(ask.data(), 3, MPI_INT64_T, 0, kCounterTag, MPI_COMM_WORLD);
  std::int64_t was = 0;
  MPI_Request request;
  MPI_Irecv(&was, 1, MPI_INT64_T, 0, kCounterAnswerTag, MPI_COMM_WORLD, &request);
  finish(request);
  return was;
}

std::int64_t World::fetch_add(int i, std::int64_t add) {
  if (!joined_ || !one_sided_) return served(i, 0, add);
  return fetch_and_op(window_, i, add, MPI_SUM);
}

std::int64_t World::fetch_max(int i, std::int64_t value) {
  if (!joined_ || !one_sided_) return served(i, 1, value);
  return fetch_and_op(window_, i, value, MPI_MAX);
}

void World::progress() {
  if (!joined_) return;
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, kCounterTag, MPI_COMM_WORLD, &arrived, &status);
  if (one_sided_ || rank_ != 0) return;
  for (; arrived; MPI_Iprobe(MPI_ANY_SOURCE, kCounterTag, MPI_COMM_WORLD, &arrived, &status)) {
    std::array<std::int64_t, 3> ask{};
    MPI_Recv(ask.data(), 3, MPI_INT64_T, status.MPI_SOURCE, kCounterTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::int64_t was = apply(counters_, static_cast<int>(ask[0]), static_cast<int>(ask[1]), ask[2]);
    MPI_Send(&was, 1, MPI_INT64_T, status.MPI_SOURCE, kCounterAnswerTag, MPI_COMM_WORLD);
  }
}

}  // namespace sudoku_bench
