#include <mpi.h>

#include <algorithm>
#include <array>
#include <utility>

#include "cluster/mpi_wait.h"
#include "cluster/rank_counters.h"

namespace sudoku_bench {
namespace {

constexpr int kCounterTag = 7, kCounterAnswerTag = 8;  // the collectives use none

// A counter operation on this rank's own counters: 0 sum, 1 max.
std::int64_t apply(std::vector<std::int64_t>& counters, int i, int op, std::int64_t operand) {
  std::int64_t& c = counters.at(static_cast<std::size_t>(i));
  return std::exchange(c, op == 0 ? c + operand : std::max(c, operand));
}

// One operation on counter `i` of the window at rank 0, completed before it returns.
std::int64_t fetch_and_op(int window, int i, std::int64_t operand, MPI_Op op) {
  MPI_Win win = MPI_Win_f2c(window);
  std::int64_t was = 0;
  MPI_Fetch_and_op(&operand, &was, MPI_INT64_T, 0, i, op, win);
  MPI_Win_flush(0, win);
  return was;
}

}  // namespace

RankCounters::RankCounters(World& world, int count) : world_(world) {
  if (!world_.joined() || !world_.one_sided()) {
    counters_.assign(static_cast<std::size_t>(count), 0);  // rank 0's, served (progress)
    world_.barrier();
    return;
  }
  world_.barrier();  // every rank here: MPI_Win_allocate then waits for no one (and would spin)
  const bool rank0 = world_.rank() == 0;
  const MPI_Aint bytes = rank0 ? count * MPI_Aint{sizeof(std::int64_t)} : 0;
  std::int64_t* base = nullptr;
  MPI_Win win;
  MPI_Win_allocate(bytes, sizeof(std::int64_t), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  if (rank0) std::fill(base, base + count, 0);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  MPI_Win_sync(win);  // rank 0's zeros in the window before any rank's first operation
  window_ = MPI_Win_c2f(win);
  world_.barrier();
}

void RankCounters::close() {
  if (!world_.joined() || !world_.one_sided()) {
    if (world_.joined()) world_.barrier([&] { progress(); });  // rank 0 serves until every rank is done
    counters_.clear();
    return;
  }
  if (window_ < 0) return;
  MPI_Win win = MPI_Win_f2c(window_);
  MPI_Win_unlock_all(win);
  world_.barrier();  // every rank's operations done: MPI_Win_free then waits for no one (and would spin)
  MPI_Win_free(&win);
  window_ = -1;
}

std::int64_t RankCounters::served(int i, int op, std::int64_t operand) {
  if (!world_.joined() || world_.rank() == 0) return apply(counters_, i, op, operand);
  // Asked of rank 0, which answers when it next looks (progress): at most 10 ms later.
  std::array<std::int64_t, 3> ask{i, op, operand};
  MPI_Send(ask.data(), 3, MPI_INT64_T, 0, kCounterTag, MPI_COMM_WORLD);
  std::int64_t was = 0;
  MPI_Request request;
  MPI_Irecv(&was, 1, MPI_INT64_T, 0, kCounterAnswerTag, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  return was;
}

std::int64_t RankCounters::fetch_add(int i, std::int64_t add) {
  if (!world_.joined() || !world_.one_sided()) return served(i, 0, add);
  return fetch_and_op(window_, i, add, MPI_SUM);
}

std::int64_t RankCounters::fetch_max(int i, std::int64_t value) {
  if (!world_.joined() || !world_.one_sided()) return served(i, 1, value);
  return fetch_and_op(window_, i, value, MPI_MAX);
}

void RankCounters::progress() {
  if (!world_.joined()) return;
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, kCounterTag, MPI_COMM_WORLD, &arrived, &status);
  if (world_.one_sided() || world_.rank() != 0) return;
  for (; arrived; MPI_Iprobe(MPI_ANY_SOURCE, kCounterTag, MPI_COMM_WORLD, &arrived, &status)) {
    std::array<std::int64_t, 3> ask{};
    MPI_Recv(ask.data(), 3, MPI_INT64_T, status.MPI_SOURCE, kCounterTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::int64_t was = apply(counters_, static_cast<int>(ask[0]), static_cast<int>(ask[1]), ask[2]);
    MPI_Send(&was, 1, MPI_INT64_T, status.MPI_SOURCE, kCounterAnswerTag, MPI_COMM_WORLD);
  }
}

}  // namespace sudoku_bench
