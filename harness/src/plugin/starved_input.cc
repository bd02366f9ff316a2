#include "plugin/starved_input.h"

#include <dirent.h>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace sudoku_bench::plugin {
namespace {

constexpr auto kStarvedFor = std::chrono::seconds(1);

struct ProcessState {
  char state = '?';
  pid_t group = 0;
  std::uint64_t cpu = 0;  // utime + stime, in clock ticks
};

std::optional<ProcessState> state_of(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(in, text)) return std::nullopt;
  const std::size_t close = text.rfind(')');  // the command name may hold spaces and parentheses
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 1));
  ProcessState s;
  std::string skip;
  std::uint64_t utime = 0, stime = 0;
  fields >> s.state >> skip >> s.group;
  for (int i = 0; i < 8; ++i) fields >> skip;  // session to cmajflt
  fields >> utime >> stime;
  if (!fields) return std::nullopt;
  s.cpu = utime + stime;
  return s;
}

// Whether the process waits in read() on a descriptor that is the socket `input`.
bool reads_from(const std::string& pid, ino_t input) {
  std::ifstream in("/proc/" + pid + "/syscall");
  long number = -1;
  std::string fd_text;
  if (!(in >> number >> fd_text) || number != SYS_read) return false;
  const long fd = std::strtol(fd_text.c_str(), nullptr, 16);
  char target[64] = {};
  const std::string link = "/proc/" + pid + "/fd/" + std::to_string(fd);
  if (readlink(link.c_str(), target, sizeof target - 1) <= 0) return false;
  return std::string(target) == "socket:[" + std::to_string(input) + "]";
}

}  // namespace

std::optional<std::uint64_t> InputStarvation::idle_cpu() const {
  DIR* proc = opendir("/proc");
  if (!proc) return std::nullopt;
  std::uint64_t cpu = 0;
  bool reading = false, running = false;
  while (const dirent* entry = readdir(proc)) {
    const std::string pid = entry->d_name;
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto s = state_of(pid);
    if (!s || s->group != group_) continue;
    running |= s->state == 'R';
    cpu += s->cpu;
    reading = reading || reads_from(pid, input_);
  }
  closedir(proc);
  if (running || !reading) return std::nullopt;
  return cpu;
}

bool InputStarvation::starved(int input_fd) {
  int unread = 0;
  const auto cpu = ioctl(input_fd, SIOCOUTQ, &unread) == 0 && unread == 0 ? idle_cpu() : std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  if (!cpu || (since_ && *cpu != cpu_)) {
    since_.reset();
    if (cpu) {
      since_ = now;
      cpu_ = *cpu;
    }
    return false;
  }
  if (!since_) {
    since_ = now;
    cpu_ = *cpu;
    return false;
  }
  return now - *since_ >= kStarvedFor;
}

}  // namespace sudoku_bench::plugin
