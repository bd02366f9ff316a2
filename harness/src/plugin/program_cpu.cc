#include "plugin/program_cpu.h"

#include <algorithm>

#include "plugin/proc_stat.h"

namespace sudoku_bench::plugin {

ProgramCpu ProgramCpu::now(const std::vector<pid_t>& groups) {
  ProgramCpu cpu;
  if (groups.empty()) return cpu;
  for_each_process([&](const ProcStat& s) {
    if (std::find(groups.begin(), groups.end(), s.group) == groups.end()) return;
    cpu.processes_.push_back({s.pid, s.start_ticks, s.cpu_ticks + s.children_ticks});
  });
  return cpu;
}

double ProgramCpu::seconds_since(const ProgramCpu& before) const {
  std::uint64_t ticks = 0;
  for (const Process& p : processes_) {
    const auto was = std::find_if(before.processes_.begin(), before.processes_.end(),
                                  [&](const Process& b) { return b.pid == p.pid && b.start_ticks == p.start_ticks; });
    const std::uint64_t then = was == before.processes_.end() ? 0 : was->ticks;
    ticks += p.ticks > then ? p.ticks - then : 0;
  }
  return static_cast<double>(ticks) * seconds_per_tick();
}

}  // namespace sudoku_bench::plugin
