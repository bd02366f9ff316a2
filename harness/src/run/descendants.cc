#include "run/descendants.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <string>

#include "stream/input.h"
#include "stream/output_file.h"
#include "sys/child_process.h"

namespace sudoku_bench {
namespace {

// "SUDOKU_BENCH_RUN_PID=NANOSECONDS": a name of this process's own, so that a sudoku-bench started
// below another (an exec: program, ab's BASE) adds its mark beside the other's; the time tells a
// reused process id apart.
constexpr const char* kMarkPrefix = "SUDOKU_BENCH_RUN_";
std::string mark;
pid_t janitor_pid = 0;

// The signal the janitor is sent when this process ends; blocked there, taken by sigwaitinfo.
constexpr int kEndSignal = SIGUSR2;

// A decimal number at `text`, or -1.
long number(const char* text) {
  long n = 0;
  if (*text < '0' || *text > '9') return -1;
  for (; *text >= '0' && *text <= '9'; ++text) n = n * 10 + (*text - '0');
  return *text == '\0' || *text == ' ' ? n : -1;
}

// Whether process `pid`'s environment holds the mark (a process gone, or another user's: no).
bool marked(long pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/environ";
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::string text;
  char buffer[65536];
  for (ssize_t got; (got = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(got));
  close(fd);
  // Each entry is followed by a NUL: the mark is one whole entry.
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\0', at), text.size());
    if (text.compare(at, end - at, mark) == 0) return true;
    at = end + 1;
  }
  return false;
}

// Kills every marked process but this one; how many were found.
int kill_marked() {
  DIR* dir = opendir("/proc");
  if (!dir) return 0;
  int found = 0;
  while (const dirent* entry = readdir(dir)) {
    const long pid = number(entry->d_name);
    if (pid <= 0 || pid == getpid() || !marked(pid)) continue;
    kill(static_cast<pid_t>(pid), SIGKILL);
    ++found;
  }
  closedir(dir);
  return found;
}

// No descriptor of the command's is held open (a pipe's reader would wait for this process too).
void let_go_of_descriptors() {
  if (syscall(SYS_close_range, 0U, ~0U, 0U) != 0)
    for (int fd = 0; fd < 1024; ++fd) close(fd);
  const int null = open("/dev/null", O_RDWR);
  if (null == 0) {
    dup2(0, 1);
    dup2(0, 2);
  }
}

[[noreturn]] void janitor_main(pid_t owner) {
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_SETMASK, &all, nullptr);  // a terminal's signals are the command's to take
  sys::die_with_parent(owner, kEndSignal);  // an owner already gone: the loop below sees it
  // A session of its own: a kill of the command's process group (timeout -s KILL signals the
  // group too) does not reach it.
  setsid();
  prctl(PR_SET_NAME, "sb-janitor");
  let_go_of_descriptors();
  sigset_t end;
  sigemptyset(&end);
  sigaddset(&end, kEndSignal);
  // The same signal sent by anyone else, while the command runs, is not its end.
  while (getppid() == owner) {
    siginfo_t info{};
    sigwaitinfo(&end, &info);
  }
  // A process forked while the others were killed is found by the next round.
  for (int round = 0; round < 100 && kill_marked() > 0; ++round) usleep(1000);
  OutputFile::unlink_temps();
  _exit(0);
}

}  // namespace

void mark_environment(char** argv) {
  for (const char* launcher : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK", "MPI_LOCALNRANKS"})
    if (std::getenv(launcher)) return;
  const std::string name = kMarkPrefix + std::to_string(getpid());
  if (const char* value = std::getenv(name.c_str())) {
    mark = name + "=" + value;
    return;
  }
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  const std::string value = std::to_string(now.tv_sec * 1'000'000'000LL + now.tv_nsec);
  setenv(name.c_str(), value.c_str(), 1);
  // By the program's own path, so that its process name stays "sudoku-bench" (not "exe").
  char program[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", program, sizeof program - 1);
  if (length > 0) {
    program[length] = '\0';
    // A closed standard input, held by /dev/null since this image started, is closed again for
    // the next one to see it so.
    if (standard_input_closed()) close(STDIN_FILENO);
    execv(program, argv);
    if (standard_input_closed()) open("/dev/null", O_RDONLY);
  }
  unsetenv(name.c_str());  // not started again: /proc/PID/environ would not show it
}

void start_janitor() {
  if (mark.empty() || janitor_pid > 0) return;
  OutputFile::share_temps();
  const pid_t owner = getpid();
  const pid_t pid = fork();
  if (pid == 0) janitor_main(owner);
  if (pid > 0) janitor_pid = pid;
}

pid_t janitor() { return janitor_pid; }

}  // namespace sudoku_bench
