#include "cli/shard_option.h"

#include <charconv>
#include <cstdlib>

#include "cluster/launcher.h"

namespace sudoku_bench {
namespace {

std::optional<int> number(std::string_view text) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

std::optional<int> env_number(const char* name) {
  const char* v = std::getenv(name);
  return v ? number(v) : std::nullopt;
}

}  // namespace

std::optional<Settings::Shard> parse_shard(const std::string& text, std::string& error) {
  const std::size_t slash = text.find('/');
  const std::string k_text = text.substr(0, slash);
  std::optional<int> k, n;
  if (slash != std::string::npos) n = number(std::string_view(text).substr(slash + 1));
  if (k_text == "auto") {
    const auto id = env_number("SLURM_ARRAY_TASK_ID"), min = env_number("SLURM_ARRAY_TASK_MIN"),
               count = env_number("SLURM_ARRAY_TASK_COUNT");
    const auto index = env_number("JOB_COMPLETION_INDEX");
    // The tasks of one srun step that no MPI job joins (srun -n N --mpi=none): each its own shard,
    // within the array task's when both.
    const auto task = env_number("SLURM_PROCID");
    const int tasks = tasks_without_pmi();
    if (id && min && count) {
      k = *id - *min + 1;
      if (slash == std::string::npos) n = count;
    } else if (index) {
      k = *index + 1;
    } else if (tasks > 1 && task) {
      if (n && *n != tasks) {
        error = "--shard " + text + ": this srun step has " + std::to_string(tasks) + " tasks, each a shard: say auto";
        return std::nullopt;
      }
      k = n = 1;  // of the step's own
    }
    if (!k) {
      error =
          "--shard auto: no job array in the environment (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and "
          "SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX), nor tasks of an srun step (SLURM_PROCID and "
          "SLURM_STEP_NUM_TASKS)";
      return std::nullopt;
    }
    if (!n) {
      error =
          "--shard auto: the shard count is not in the environment (Kubernetes does not say it): give it, as "
          "--shard auto/N";
      return std::nullopt;
    }
    if (tasks > 1 && task && *task >= 0 && *task < tasks && *n >= 1 && *k >= 1 && *k <= *n) {
      k = (*k - 1) * tasks + *task + 1;
      n = *n * tasks;
    }
  } else {
    k = number(k_text);
  }
  if (!k || !n || *n < 1 || *k < 1 || *k > *n) {
    error = "--shard " + text + ": expected K/N with 1 <= K <= N (shards count from 1), auto or auto/N";
    return std::nullopt;
  }
  return Settings::Shard{*k, *n};
}

}  // namespace sudoku_bench
