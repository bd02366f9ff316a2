// What an MPI launcher tells the processes it starts, through their environment: Open MPI's
// mpirun (OMPI_COMM_WORLD_*), PMIx launchers such as srun --mpi=pmix (PMIX_RANK), PMI-1/2 ones
// such as srun --mpi=pmi2 or MPICH's (PMI_RANK, PMI_SIZE). A process started otherwise is alone,
// and never initialises MPI (which is slow, and fails on machines without a network set up).
#pragma once

#include <string>

namespace sudoku_bench {

bool started_by_mpi_launcher();
// "" when nothing is wrong with how the process was started; else why it must not run: srun
// started it as one of several tasks (SLURM_STEP_NUM_TASKS) without PMI, so no MPI job joins them.
std::string launch_problem();
// The tasks of that step (SLURM_STEP_NUM_TASKS) when it is so; else 0.
int tasks_without_pmi();
// What `command` (run, ab, hunt) should do instead there, to follow launch_problem(); "" when nothing
// is wrong. For run: srun --mpi=pmix, or a shard of its own for each task (run --shard auto), the
// example single-quoted so that each task, not the submitting shell, expands it.
std::string launch_advice(const std::string& command);
// The processes the launcher started; 0 when it does not say (or none did).
int launcher_size();

}  // namespace sudoku_bench
