// sys/child_process.h: a program started and waited for, its descriptors mapped, a signal during
// the wait survived, a missing program an error.
#include "sys/child_process.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "temp_file.h"

namespace {

using sudoku_bench::sys::ChildFd;
using sudoku_bench::sys::ChildStart;
using sudoku_bench::sys::start_child;
using sudoku_bench::sys::Started;
using sudoku_bench::sys::wait_child;
using test_util::TempFile;

ChildStart shell(const std::string& command) { return ChildStart{{"/bin/sh", "-c", command}, {}, false, {}}; }

TEST(ChildProcessTest, AnExitStatusComesBackFromTheWait) {
  const Started started = start_child(shell("exit 3"));
  ASSERT_GT(started.pid, 0) << started.error;
  const auto status = wait_child(started.pid);
  ASSERT_TRUE(status.has_value());
  ASSERT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 3);
  EXPECT_FALSE(wait_child(started.pid).has_value());  // reaped: nothing left to wait for
}

TEST(ChildProcessTest, ItsOutputGoesWhereItIsMapped) {
  int out[2];
  ASSERT_EQ(pipe(out), 0);
  ChildStart start = shell("echo to-the-pipe; echo to-the-file >&2");
  start.fds[1] = ChildFd::from(out[1]);
  const TempFile log("");
  start.fds[2] = ChildFd::file(log.path());
  start.environment = std::vector<std::string>{"PATH=/usr/bin:/bin"};
  const Started started = start_child(start);
  close(out[1]);
  ASSERT_GT(started.pid, 0) << started.error;
  std::string got;
  char buffer[256];
  for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) got.append(buffer, static_cast<std::size_t>(n));
  close(out[0]);
  const auto status = wait_child(started.pid);
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(*status, 0);
  EXPECT_EQ(got, "to-the-pipe\n");
  std::ifstream in(log.path());
  std::ostringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "to-the-file\n");
}

extern "C" void on_alarm(int) {}

// A handler without SA_RESTART interrupts waitpid: the wait goes on to the child's end.
TEST(ChildProcessTest, ASignalDuringTheWaitIsSurvived) {
  struct sigaction action = {};
  struct sigaction before = {};
  action.sa_handler = on_alarm;
  sigemptyset(&action.sa_mask);
  ASSERT_EQ(sigaction(SIGALRM, &action, &before), 0);
  const Started started = start_child(shell("sleep 1; exit 5"));
  ASSERT_GT(started.pid, 0) << started.error;
  const pthread_t waiter = pthread_self();  // the thread in waitpid, not any thread of the process
  std::thread interrupter([waiter] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    pthread_kill(waiter, SIGALRM);
  });
  const auto status = wait_child(started.pid);
  interrupter.join();
  sigaction(SIGALRM, &before, nullptr);
  ASSERT_TRUE(status.has_value());
  ASSERT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 5);
}

TEST(ChildProcessTest, AMissingProgramIsAnErrorNotACrash) {
  const Started started = start_child(ChildStart{{"/nonexistent/program"}, {}, false, {}});
  EXPECT_EQ(started.pid, -1);
  EXPECT_EQ(started.error, ENOENT);
  ChildStart unwritable = shell("exit 0");
  unwritable.fds[2] = ChildFd::file("/nonexistent/directory/log");
  const Started refused = start_child(unwritable);
  EXPECT_EQ(refused.pid, -1);
  EXPECT_EQ(refused.error, ENOENT);
}

TEST(ChildProcessTest, AChildOfItsOwnGroupLeadsIt) {
  ChildStart start = shell("exit 0");
  start.own_group = true;
  const Started started = start_child(start);
  ASSERT_GT(started.pid, 0) << started.error;
  EXPECT_EQ(getpgid(started.pid), started.pid);  // not reaped yet: its group is still there
  const auto status = wait_child(started.pid);
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(*status, 0);
}

TEST(ChildProcessTest, APollNeitherBlocksNorMissesTheEnd) {
  const Started started = start_child(shell("exec sleep 30"));
  ASSERT_GT(started.pid, 0) << started.error;
  EXPECT_FALSE(sudoku_bench::sys::poll_child(started.pid).has_value());
  kill(started.pid, SIGKILL);
  std::optional<int> status;
  for (int i = 0; i < 3000 && !status; ++i) {
    status = sudoku_bench::sys::poll_child(started.pid);
    if (!status) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(status.has_value());
  ASSERT_TRUE(WIFSIGNALED(*status));
  EXPECT_EQ(WTERMSIG(*status), SIGKILL);
}

}  // namespace
