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

int tasks_without_pmi() {
  const int tasks = env_int("SLURM_STEP_NUM_TASKS");
  return started_by_mpi_launcher() || tasks <= 1 ? 0 : tasks;
}

std::string launch_problem() {
  const int tasks = tasks_without_pmi();
  if (tasks == 0) return "";
  return "started by srun as one of " + std::to_string(tasks) +
         " tasks without an MPI process manager, which no MPI job joins";
}

std::string launch_advice(const std::string& command) {
  const int tasks = tasks_without_pmi();
  if (tasks == 0) return "";
  const std::string n = std::to_string(tasks);
  if (command == "run")
    return "each would measure the whole job alone and write the same report. Launch with srun --mpi=pmix (the "
           "process manager Debian's Open MPI joins; srun --mpi=list names what this Slurm has), or give each task "
           "its shard and its own report, single-quoted so that each task reads its own SLURM_PROCID: srun -n " +
           n +
           " bash -c 'sudoku-bench run --shard auto --json shard-$SLURM_PROCID.json FILE...' (--shard auto is K/N "
           "from SLURM_PROCID and SLURM_STEP_NUM_TASKS), then merge";
  return "each would give its own answer on the CPUs they share. " + command +
         " runs as one process: start it with srun -n 1 (only run is spread over ranks, started with srun "
         "--mpi=pmix)";
}

int launcher_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS"})
    if (const int n = env_int(name); n >= 0 && started_by_mpi_launcher()) return n;
  return 0;
}

}  // namespace sudoku_bench
