#include "sys/thread_count.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

#include "sys/cpu_set.h"

namespace sudoku_bench {

ThreadCount ThreadCount::all_cpus() {
  int cpus = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (const std::size_t allowed = sys::allowed_cpus().size(); allowed > 0) cpus = static_cast<int>(allowed);
  // Slurm gives a task this many CPUs; where it does not bind the task to them, the mask is wider.
  if (const char* v = std::getenv("SLURM_CPUS_PER_TASK")) {
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    if (end != v && *end == '\0' && n > 0 && n < cpus) cpus = static_cast<int>(n);
  }
  return ThreadCount(std::min(cpus, kMaxThreads));
}

}  // namespace sudoku_bench
