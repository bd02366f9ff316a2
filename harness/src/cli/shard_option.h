// run --shard: K/N given, or K (and N) from a job array's environment.
#pragma once

#include <optional>
#include <string>

#include "report/report.h"

namespace sudoku_bench {

// "K/N" (1 <= K <= N); "auto": Slurm job arrays (K = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1,
// N = SLURM_ARRAY_TASK_COUNT); "auto/N": K from Slurm likewise or from Kubernetes indexed jobs
// (JOB_COMPLETION_INDEX + 1), N as given. In a step of several srun tasks that no MPI job joins
// (SLURM_STEP_NUM_TASKS > 1, no MPI launcher), task SLURM_PROCID (from 0) of T: "auto" is shard
// SLURM_PROCID + 1 of T, and within a job array's shard K of N, shard (K - 1) x T + SLURM_PROCID + 1
// of N x T ("auto/N" likewise). Empty, with `error` set, when it cannot be read.
std::optional<Settings::Shard> parse_shard(const std::string& text, std::string& error);

}  // namespace sudoku_bench
