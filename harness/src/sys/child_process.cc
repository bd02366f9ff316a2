#include "sys/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

extern char** environ;

namespace sudoku_bench::sys {
namespace {

// What each descriptor 0, 1 and 2 becomes, in the child, in this order.
void map_fds(const ChildStart& start, posix_spawn_file_actions_t& actions) {
  for (int target = 0; target < 3; ++target) {
    const ChildFd& how = start.fds[static_cast<std::size_t>(target)];
    if (how.kind == ChildFd::Kind::fd) posix_spawn_file_actions_adddup2(&actions, how.fd, target);
    if (how.kind == ChildFd::Kind::null)
      posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0);
    if (how.kind == ChildFd::Kind::file)
      posix_spawn_file_actions_addopen(&actions, target, how.path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  }
}

void own_group(posix_spawnattr_t& attr) {
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t none, defaults;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  sigemptyset(&defaults);
  for (const int s : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) sigaddset(&defaults, s);
  posix_spawnattr_setsigdefault(&attr, &defaults);
}

}  // namespace

// posix_spawn, not fork: glibc's shares the parent's memory until the exec (a fork copies the
// page tables of a parent holding a large dataset: 50 to 70 ms at 2 GiB, and a copy-on-write
// fault for each page the parent writes next), runs no atfork handler, and reports a failed exec.
Started start_child(const ChildStart& start) {
  if (start.argv.empty()) return {-1, EINVAL};
  std::vector<char*> argv;
  for (const std::string& a : start.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> env;
  if (start.environment) {
    for (const std::string& e : *start.environment) env.push_back(const_cast<char*>(e.c_str()));
    env.push_back(nullptr);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  map_fds(start, actions);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (start.own_group) own_group(attr);
  pid_t pid = -1;
  const int error = posix_spawn(&pid, argv[0], &actions, &attr, argv.data(), start.environment ? env.data() : environ);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) return {-1, error};
  return {pid, 0};
}

std::optional<int> wait_child(pid_t pid) {
  int status = 0;
  pid_t waited = 0;
  while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  if (waited != pid) return std::nullopt;
  return status;
}

std::optional<int> poll_child(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, WNOHANG | WUNTRACED) != pid) return std::nullopt;
  return status;
}

bool die_with_parent(pid_t parent, int signal) {
  prctl(PR_SET_PDEATHSIG, signal);
  return getppid() == parent;
}

}  // namespace sudoku_bench::sys
