// How a rank waits for MPI (builds with MPI only).
#pragma once

#include <mpi.h>

#include <functional>

namespace sudoku_bench {

// Waits for a request without spinning. MPI's blocking calls poll at full speed: a rank done with
// its share would take a core from the ranks still measuring wherever cores are shared (more ranks
// and threads than cores, hyperthreads, a VM's vCPUs). So every wait tests and sleeps, 50 us at
// first and twice as long after each test that found it unfinished, up to 10 ms: a wait of t ends
// at most max(t, 10 ms) late (about 2 x t while short), and a long one wakes 100 times a second
// (each wake a few us of CPU: well under 0.5% of a core). The first test comes at once. `meanwhile`
// (when given) runs at every wake.
void wait_without_spinning(MPI_Request& request, const std::function<void()>& meanwhile = {});

}  // namespace sudoku_bench
