// The CPUs this process may run on, read in one place: glibc's fixed cpu_set_t holds 1,024 CPUs,
// and a larger machine's mask does not fit it (sched_getaffinity then fails with EINVAL), so the
// set is sized to the machine.
#pragma once

#include <vector>

namespace sudoku_bench::sys {

// The CPUs the calling thread may run on (sched_getaffinity), in increasing order; empty when the
// kernel does not say.
std::vector<int> allowed_cpus();

// Binds the calling thread to `cpu` alone (sched_setaffinity). 0, or the errno of the failure
// (EINVAL: no such CPU, or not one this process may use).
int pin_to_cpu(int cpu);

}  // namespace sudoku_bench::sys
