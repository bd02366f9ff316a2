#include "cli/shard_option.h"

#include <charconv>
#include <cstdlib>

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
    if (id && min && count) {
      k = *id - *min + 1;
      if (slash == std::string::npos) n = count;
    } else if (index) {
      k = *index + 1;
    }
    if (!k) {
      error =
          "--shard auto: no job array in the environment (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and "
          "SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX)";
      return std::nullopt;
    }
    if (!n) {
      error =
          "--shard auto: the shard count is not in the environment (Kubernetes does not say it): give it, as "
          "--shard auto/N";
      return std::nullopt;
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
