#include "cluster/mpi_wait.h"

#include <time.h>

#include <algorithm>

namespace sudoku_bench {

void wait_without_spinning(MPI_Request& request, const std::function<void()>& meanwhile) {
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

}  // namespace sudoku_bench
