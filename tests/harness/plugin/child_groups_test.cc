// The registry of exec: programs' process groups (plugin/child_groups.h): kill_all_groups() ends
// every group remembered, from a signal handler too, and none forgotten; a full registry says so.
#include "plugin/child_groups.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

using sudoku_bench::plugin::forget_group;
using sudoku_bench::plugin::kill_all_groups;
using sudoku_bench::plugin::kMaxChildGroups;
using sudoku_bench::plugin::register_group;

// `sleep 60` leading a process group of its own, as an exec: program's shell does.
pid_t sleeper() {
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid = -1;
  const char* argv[] = {"sleep", "60", nullptr};
  EXPECT_EQ(posix_spawnp(&pid, "sleep", nullptr, &attr, const_cast<char**>(argv), environ), 0);
  posix_spawnattr_destroy(&attr);
  return pid;
}

// Whether `pid` is still running after 0.2 s; reaped when not.
bool still_running(pid_t pid) {
  usleep(200000);
  int status = 0;
  const pid_t got = waitpid(pid, &status, WNOHANG);
  if (got == pid) {
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  }
  return got == 0;
}

void end(pid_t pid) {
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
}

TEST(ChildGroupsTest, KillsTheGroupsRememberedAndNoneForgotten) {
  const pid_t kept = sleeper(), forgotten = sleeper();
  ASSERT_TRUE(register_group(kept));
  ASSERT_TRUE(register_group(forgotten));
  forget_group(forgotten);
  kill_all_groups();
  EXPECT_FALSE(still_running(kept));
  EXPECT_TRUE(still_running(forgotten));
  forget_group(kept);
  end(forgotten);
}

extern "C" void kill_on_signal(int) { kill_all_groups(); }

TEST(ChildGroupsTest, KillsFromASignalHandler) {
  const pid_t pid = sleeper();
  ASSERT_TRUE(register_group(pid));
  struct sigaction action {};
  struct sigaction before {};
  action.sa_handler = kill_on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGUSR1, &action, &before);
  raise(SIGUSR1);
  sigaction(SIGUSR1, &before, nullptr);
  EXPECT_FALSE(still_running(pid));
  forget_group(pid);
}

TEST(ChildGroupsTest, AFullRegistrySaysSoAndTakesAgainOnceForgotten) {
  const pid_t pid = sleeper();
  // The same group in every slot: a full registry that signals no one else's group.
  for (int i = 0; i < kMaxChildGroups; ++i) ASSERT_TRUE(register_group(pid)) << i;
  EXPECT_FALSE(register_group(pid));
  forget_group(pid);
  EXPECT_TRUE(register_group(pid));
  for (int i = 0; i < kMaxChildGroups; ++i) forget_group(pid);
  EXPECT_FALSE(register_group(0));  // no group: kill(-0) would signal sudoku-bench's own
  kill_all_groups();                // nothing remembered: nothing killed
  EXPECT_TRUE(still_running(pid));
  end(pid);
}

}  // namespace
