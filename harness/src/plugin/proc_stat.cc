#include "plugin/proc_stat.h"

#include <dirent.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace sudoku_bench::plugin {

std::optional<ProcStat> read_proc_stat(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(in, text)) return std::nullopt;
  const std::size_t close = text.rfind(')');  // the command name may hold spaces and parentheses
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 1));
  ProcStat s;
  std::string skip;
  std::uint64_t utime = 0, stime = 0, cutime = 0, cstime = 0;
  fields >> s.state >> skip >> s.group;
  for (int i = 0; i < 8; ++i) fields >> skip;  // session to cmajflt
  fields >> utime >> stime >> cutime >> cstime;
  for (int i = 0; i < 4; ++i) fields >> skip;  // priority to itrealvalue
  fields >> s.start_ticks;
  if (!fields) return std::nullopt;
  s.pid = static_cast<pid_t>(std::stol(pid));
  s.cpu_ticks = utime + stime;
  s.children_ticks = cutime + cstime;
  return s;
}

void for_each_process(const std::function<void(const ProcStat&)>& each) {
  DIR* proc = opendir("/proc");
  if (!proc) return;
  while (const dirent* entry = readdir(proc)) {
    const std::string pid = entry->d_name;
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    if (const auto s = read_proc_stat(pid)) each(*s);
  }
  closedir(proc);
}

double seconds_per_tick() {
  static const double seconds = [] {
    const long ticks = sysconf(_SC_CLK_TCK);
    return ticks > 0 ? 1.0 / static_cast<double>(ticks) : 0.01;
  }();
  return seconds;
}

}  // namespace sudoku_bench::plugin
