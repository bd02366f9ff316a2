// Reads the kernel's counters of what else ran while a pass did (Linux /proc), before and after it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "stats/noise.h"

namespace sudoku_bench {

struct NoiseCounters {
  // /proc/stat's "cpu" line, in clock ticks: steal, and every state's sum.
  bool ticks_known = false;
  std::uint64_t steal_ticks = 0, total_ticks = 0;
  std::uint64_t involuntary_switches = 0;  // getrusage(RUSAGE_SELF)
  // Each thread of the process: run-queue nanoseconds (schedstat) and migrations (sched); per
  // thread, because TBB's threads come and go and a thread new since `before` counts from 0.
  struct Task {
    pid_t tid = 0;
    std::uint64_t wait_ns = 0, migrations = 0;
  };
  bool wait_known = false, migrations_known = false;
  std::vector<Task> tasks;
  std::uint64_t continues = 0;  // SIGCONTs this process got (count_continues())
};

// From now on, each time this process is continued after a stop (Ctrl-Z and fg, SIGSTOP and
// SIGCONT) is counted: a pass stopped for a while measured the stop, not the solver.
void count_continues();

// `proc` is /proc; tests point it at captured files.
NoiseCounters read_noise_counters(const std::string& proc = "/proc");

// What happened between two readings of a pass of `threads` threads over `wall_seconds`.
PassNoise noise_between(const NoiseCounters& before, const NoiseCounters& after, double wall_seconds, int threads);

// A pass during which the process was stopped (a continue counted between the readings) is
// disturbed: the share of its threads' time off the CPUs (1 - cpu / (wall x threads)), at least
// the threshold, counts as waiting, since a report has no field of its own for it.
void note_stops(PassNoise& noise, const NoiseCounters& before, const NoiseCounters& after, double cpu_seconds,
                double wall_seconds, int threads);

}  // namespace sudoku_bench
