#include "run/descendants.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>

namespace sudoku_bench {
namespace {

constexpr int kMaxProcesses = 8192;

// Static, not on the stack: a signal handler may run on a small alternate stack.
pid_t pids[kMaxProcesses], parents[kMaxProcesses];
bool below[kMaxProcesses];

struct DirEntry {  // linux_dirent64
  std::uint64_t inode;
  std::int64_t offset;
  unsigned short length;
  unsigned char type;
  char name[1];
};

// A decimal number at `text`, or -1.
long number(const char* text) {
  long n = 0;
  if (*text < '0' || *text > '9') return -1;
  for (; *text >= '0' && *text <= '9'; ++text) n = n * 10 + (*text - '0');
  return *text == '\0' || *text == ' ' ? n : -1;
}

// The parent of process `pid`, from /proc/PID/stat ("PID (COMM) STATE PPID ..."; COMM may hold
// spaces and parentheses: the last ')' ends it); -1 when it is gone.
pid_t parent_of(long pid) {
  char path[32] = "/proc/";
  int at = 6;
  char digits[20];
  int n = 0;
  for (long p = pid; p > 0 && n < 20; p /= 10) digits[n++] = static_cast<char>('0' + p % 10);
  while (n > 0) path[at++] = digits[--n];
  const char tail[] = "/stat";
  for (char c : tail) path[at++] = c;
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char stat[512];
  const ssize_t got = read(fd, stat, sizeof stat - 1);
  close(fd);
  if (got <= 0) return -1;
  stat[got] = '\0';
  const char* close_paren = nullptr;
  for (const char* c = stat; *c; ++c)
    if (*c == ')') close_paren = c;
  if (!close_paren || close_paren[1] != ' ' || close_paren[2] == '\0' || close_paren[3] != ' ') return -1;
  return static_cast<pid_t>(number(close_paren + 4));
}

// Every process's id and parent, into pids and parents; their count.
int read_processes() {
  const int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  int count = 0;
  alignas(8) char buffer[8192];
  for (long got; count < kMaxProcesses && (got = syscall(SYS_getdents64, dir, buffer, sizeof buffer)) > 0;) {
    for (long offset = 0; offset < got && count < kMaxProcesses;) {
      const auto* entry = reinterpret_cast<const DirEntry*>(buffer + offset);
      offset += entry->length;
      const long pid = number(entry->name);
      if (pid <= 0) continue;
      pids[count] = static_cast<pid_t>(pid);
      parents[count] = parent_of(pid);
      ++count;
    }
  }
  close(dir);
  return count;
}

}  // namespace

void kill_descendants() {
  const int count = read_processes();
  const pid_t self = getpid();
  for (int i = 0; i < count; ++i) below[i] = parents[i] == self;
  for (bool grew = true; grew;) {  // the children of those below, until no more are found
    grew = false;
    for (int i = 0; i < count; ++i) {
      if (below[i]) continue;
      for (int j = 0; j < count && !below[i]; ++j) below[i] = below[j] && pids[j] == parents[i];
      grew |= below[i];
    }
  }
  for (int i = 0; i < count; ++i)
    if (below[i]) kill(pids[i], SIGKILL);
}

}  // namespace sudoku_bench
