// run --shard: K/N given, or K (and N) from a job array's environment.
#pragma once

#include <optional>
#include <string>

#include "report/report.h"

namespace sudoku_bench {

// "K/N" (1 <= K <= N); "auto": Slurm job arrays (K = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1,
// N = SLURM_ARRAY_TASK_COUNT); "auto/N": K from Slurm likewise or from Kubernetes indexed jobs
// (JOB_COMPLETION_INDEX + 1), N as given. Empty, with `error` set, when it cannot be read.
std::optional<Settings::Shard> parse_shard(const std::string& text, std::string& error);

}  // namespace sudoku_bench
