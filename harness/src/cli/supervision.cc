#include "cli/supervision.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "cli/descendants.h"
#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "plugin/call_guard.h"
#include "plugin/child_groups.h"
#include "stream/output_file.h"

namespace sudoku_bench {
namespace {

PassLink* child_link = nullptr;
bool child_finished = false;

// The supervisor died (PR_SET_PDEATHSIG): nobody will write, so nothing is left behind.
extern "C" void on_orphaned(int) {
  plugin::kill_all_groups();  // exec: programs, in process groups of their own
  kill_descendants();         // and whatever left its group (setsid)
  OutputFile::unlink_temps();
  _exit(kExitInterrupted + SIGKILL);
}

// A solver called exit(): the supervisor is told who was solving what.
extern "C" void on_child_exit() {
  if (child_finished || !child_link) return;
  const std::string calls = plugin::calls_in_progress();
  // Its temporary files are the supervisor's to keep (the rows of whole passes) or remove.
  child_link->exiting("exit() was called" + (calls.empty() ? std::string(" by a solver") : " while " + calls));
}

// The process's children, from /proc (the parent is single-threaded: one task).
std::vector<pid_t> children() {
  std::ifstream in("/proc/self/task/" + std::to_string(getpid()) + "/children");
  std::vector<pid_t> pids;
  for (pid_t pid; in >> pid;) pids.push_back(pid);
  return pids;
}

}  // namespace

bool single_threaded() {
  std::error_code ec;
  auto tasks = std::filesystem::directory_iterator("/proc/self/task", ec);
  return !ec && std::distance(begin(tasks), end(tasks)) == 1;
}

PassLink& become_supervised(int fd, pid_t parent, std::FILE* out) {
  prctl(PR_SET_PDEATHSIG, SIGHUP);
  if (getppid() != parent) _exit(kExitInterrupted + SIGKILL);  // it died before the line above
  prctl(PR_SET_CHILD_SUBREAPER, 1);  // what its descendants orphan stays below it, for on_orphaned
  struct sigaction orphaned {};
  orphaned.sa_handler = on_orphaned;
  sigemptyset(&orphaned.sa_mask);
  sigaction(SIGHUP, &orphaned, nullptr);
  tell_of_interrupts(parent);     // a signal sent to the child alone starts the parent's deadline too
  child_link = new PassLink(fd);  // kept for the exit handler
  std::atexit(on_child_exit);
  // The supervisor owns standard output: what a solver prints goes to stderr.
  std::fflush(out);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  return *child_link;
}

void supervised_done(int status) {
  child_finished = true;
  child_link->done(status);
}

void sweep_descendants() {
  for (int round = 0; round < 100; ++round) {
    const std::vector<pid_t> pids = children();
    if (pids.empty()) return;
    for (const pid_t pid : pids) {
      const pid_t group = getpgid(pid);
      if (group > 0 && group != getpgrp()) kill(-group, SIGKILL);
      kill(pid, SIGKILL);
    }
    for (const pid_t pid : pids) waitpid(pid, nullptr, 0);
  }
}

std::string wait_cause(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return "was ended by " + plugin::signal_description(signal) +
           (signal == SIGKILL ? " (the out-of-memory killer, or kill -9?)" : "");
  }
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace sudoku_bench
