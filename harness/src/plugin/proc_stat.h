// What the harness reads of other processes in /proc/PID/stat: their state, process group and
// CPU time. Linux only, like the rest of the harness's process handling.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace sudoku_bench::plugin {

struct ProcStat {
  pid_t pid = 0;
  char state = '?';  // 'R' running, 'S' sleeping, …
  pid_t group = 0;
  std::uint64_t cpu_ticks = 0;       // utime + stime: its own CPU, every thread's
  std::uint64_t children_ticks = 0;  // cutime + cstime: of the children it has reaped
  std::uint64_t start_ticks = 0;     // when it started, after boot: with pid, names one process
};

// The process `pid` ("1234"), or none when it is gone or its line cannot be read.
std::optional<ProcStat> read_proc_stat(const std::string& pid);

// Calls `each` for every process /proc lists now.
void for_each_process(const std::function<void(const ProcStat&)>& each);

// Seconds in a clock tick (sysconf(_SC_CLK_TCK)).
double seconds_per_tick();

}  // namespace sudoku_bench::plugin
