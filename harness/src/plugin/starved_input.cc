#include "plugin/starved_input.h"

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "plugin/proc_stat.h"

namespace sudoku_bench::plugin {
namespace {

constexpr auto kStarvedFor = std::chrono::seconds(1);

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
  std::uint64_t cpu = 0;
  bool reading = false, running = false;
  for_each_process([&](const ProcStat& s) {
    if (s.group != group_) return;
    running |= s.state == 'R';
    cpu += s.cpu_ticks;
    reading = reading || reads_from(std::to_string(s.pid), input_);
  });
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
