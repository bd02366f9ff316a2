// How many threads a pass, a pipeline or a hunt runs on: a count from 1 to kMaxThreads, never the
// "0: all CPUs" a command line may leave unsaid. A command resolves that once (ThreadCount::all_cpus),
// so that nothing below it has a sentinel to resolve again, each layer its own way.
#pragma once

#include <compare>
#include <optional>

namespace sudoku_bench {

// The most threads --threads takes, in every command.
inline constexpr int kMaxThreads = 1024;

class ThreadCount {
 public:
  // One thread: what a member holds until it is set.
  constexpr ThreadCount() = default;

  // `count` where it is from 1 to kMaxThreads; none otherwise.
  static constexpr std::optional<ThreadCount> of(int count) {
    if (count < 1 || count > kMaxThreads) return std::nullopt;
    return ThreadCount(count);
  }

  // One per CPU this process may run on: its affinity mask (taskset, numactl, a launcher's binding),
  // at most SLURM_CPUS_PER_TASK where Slurm set it, at most kMaxThreads.
  static ThreadCount all_cpus();

  // `given`, or all_cpus() where the command line left the count out.
  static ThreadCount given_or_all_cpus(const std::optional<ThreadCount>& given) { return given ? *given : all_cpus(); }

  constexpr int get() const { return count_; }

  constexpr auto operator<=>(const ThreadCount&) const = default;

 private:
  explicit constexpr ThreadCount(int count) : count_(count) {}

  int count_ = 1;
};

}  // namespace sudoku_bench
