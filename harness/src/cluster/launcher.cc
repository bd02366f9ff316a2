#include "cluster/launcher.h"

#include <cstdlib>
#include <string>

namespace sudoku_bench {
namespace {

int env_int(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return -1;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return *end == '\0' && n >= 0 && n < (1L << 30) ? static_cast<int>(n) : -1;
}

}  // namespace

bool started_by_mpi_launcher() {
  return env_int("OMPI_COMM_WORLD_SIZE") >= 0 || env_int("PMIX_RANK") >= 0 || env_int("PMI_RANK") >= 0;
}

std::string launch_problem() {
  const int tasks = env_int("SLURM_STEP_NUM_TASKS");
  if (started_by_mpi_launcher() || tasks <= 1) return "";
  return "started by srun as one of " + std::to_string(tasks) +
         " tasks without an MPI process manager: each would measure the whole job alone and write the same "
         "report. Launch with srun --mpi=pmix (the process manager Debian's Open MPI joins; srun --mpi=list names "
         "what this Slurm has), or give each task its shard: run --shard $((SLURM_PROCID+1))/" +
         std::to_string(tasks) + " (or an array job with run --shard auto), then merge";
}

int launcher_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS"})
    if (const int n = env_int(name); n >= 0 && started_by_mpi_launcher()) return n;
  return 0;
}

}  // namespace sudoku_bench
