#include "plugin/isolated_run.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace sudoku_bench::plugin {
namespace {

// Messages on the pipe: 'P' + text + '\n' for progress, 'R' + text to the end for the result.
void write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// A sanitizer build runs the plugin's code and the harness's tens of times slower: a limit meant
// to tell a hang from a slow answer is stretched as much.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kTimeScale = 20;
#else
constexpr int kTimeScale = 1;
#endif

}  // namespace

void ChildReport::progress(const std::string& what) const { write_all(fd_, "P" + what + "\n"); }

IsolatedResult run_isolated(const std::function<std::string(const ChildReport&)>& work,
                            std::chrono::milliseconds limit) {
  limit *= kTimeScale;
  IsolatedResult result;
  int fds[2];
  if (pipe(fds) != 0) {
    result.ending = IsolatedResult::Ending::crashed;
    result.value = "cannot make a pipe";
    return result;
  }
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    std::string value;
    try {
      value = work(ChildReport(fds[1]));
    } catch (const std::exception& e) {
      value = std::string("threw: ") + e.what();
    }
    write_all(fds[1], "R" + value);
    _exit(0);  // no atexit handlers, no static destructors: they belong to the parent
  }
  close(fds[1]);
  if (child < 0) {
    close(fds[0]);
    result.ending = IsolatedResult::Ending::crashed;
    result.value = "cannot fork";
    return result;
  }
  std::string received;
  const auto deadline = std::chrono::steady_clock::now() + limit;
  bool timed_out = false;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char buffer[4096];
    const ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the child is done, one way or another
    received.append(buffer, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  if (timed_out) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  // Split what came: progress lines, then perhaps a result.
  for (std::size_t at = 0; at < received.size();) {
    if (received[at] == 'R') {
      result.value = received.substr(at + 1);
      break;
    }
    const auto end = received.find('\n', at);
    if (end == std::string::npos) break;
    result.last_step = received.substr(at + 1, end - at - 1);
    at = end + 1;
  }
  if (timed_out) {
    result.ending = IsolatedResult::Ending::timed_out;
  } else if (WIFSIGNALED(status)) {
    result.ending = IsolatedResult::Ending::crashed;
    result.signal = WTERMSIG(status);
  }
  return result;
}

}  // namespace sudoku_bench::plugin
