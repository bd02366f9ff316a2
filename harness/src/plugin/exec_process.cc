#include "plugin/exec_process.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "plugin/child_groups.h"
#include "sys/child_process.h"
#include "sys/message.h"

namespace sudoku_bench::plugin {
namespace {

constexpr auto kTick = std::chrono::milliseconds(100);

// Whether `word` names a program exec can start: a path to an executable file, or one found on PATH
// (a shell builtin such as `exit` or `read` is not, and stays the shell's).
bool program(const std::string& word) {
  if (word.find_first_of("'\"\\$=*?[~") != std::string::npos) return false;
  if (word.find('/') != std::string::npos) return access(word.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  for (std::string_view rest = path ? path : ""; !rest.empty();) {
    const std::string_view dir = rest.substr(0, rest.find(':'));
    rest.remove_prefix(std::min(rest.size(), dir.size() + 1));
    if (!dir.empty() && access((std::string(dir) + "/" + word).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// A simple command whose first word is a program (its words and redirections after it) runs as
// `exec COMMAND`: the shell becomes the program instead of waiting for it, so that nothing else holds
// the program's output open (one that closes it is named at once) and the program is the process
// signalled. A list, a pipeline, a compound command, a builtin or a leading assignment is left to the
// shell as written.
std::string shell_command(const std::string& command) {
  if (command.find_first_of(";&|\n(){}`") != std::string::npos) return command;
  const std::size_t start = command.find_first_not_of(" \t");
  if (start == std::string::npos) return command;
  const std::string first = command.substr(start, command.find_first_of(" \t", start) - start);
  return program(first) ? "exec " + command : command;
}

}  // namespace

// Its standard input and output are sockets: a write to one that exited is an error, not a
// SIGPIPE that would end sudoku-bench.
ExecProcess::ExecProcess(const std::string& name, const std::string& command) : name_(name) {
  int in[2], out[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0)
    throw SolverFault(name_, std::string("cannot be started: ") + std::strerror(errno), 0);
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out) != 0) {
    const int error = errno;
    close(in[0]);
    close(in[1]);
    throw SolverFault(name_, std::string("cannot be started: ") + std::strerror(error), 0);
  }
  sys::ChildStart start;
  start.argv = {"/bin/sh", "-c", shell_command(command)};
  // A process group of its own: it and everything it starts can be killed at once, and a
  // terminal's SIGINT reaches sudoku-bench alone, which then ends it.
  start.own_group = true;
  start.fds[0] = sys::ChildFd::from(in[1]);
  start.fds[1] = sys::ChildFd::from(out[1]);
  const sys::Started started = sys::start_child(start);
  pid_ = started.pid;
  struct stat input {};
  fstat(in[1], &input);  // the program's standard input, as its /proc/PID/fd names it
  close(in[1]);
  close(out[1]);
  to_ = in[0];
  from_ = out[0];
  if (started.pid < 0) {
    end();
    throw SolverFault(name_, std::string("cannot be started: ") + std::strerror(started.error), 0);
  }
  register_group(pid_);  // when every slot is taken, end() still kills it
  starvation_.emplace(pid_, input.st_ino);
}

ExecProcess::~ExecProcess() { end(); }

void ExecProcess::end() {
  close(to_);  // end of input: a well-behaved program exits
  close(from_);
  to_ = from_ = -1;
  if (pid_ <= 0) return;
  siginfo_t info{};
  if (!waited_) exited(info);
  // Whatever it left running too; its shell, not yet reaped, keeps the group's id from being reused.
  kill(-pid_, SIGKILL);
  forget_group(pid_);
  sys::wait_child(pid_);
  pid_ = -1;
}

void ExecProcess::exchange(const std::string& text, const std::vector<std::string>& puzzles,
                           std::vector<std::string>& lines) {
  lines.clear();
  take_lines(puzzles, lines);
  // Each answer's wait is its own: a slow puzzle is named with its own time, not the batch's.
  auto start = std::chrono::steady_clock::now();
  auto report = slow_call_report_after();
  std::size_t answered = lines.size();
  const auto waited_for = [&]() -> const std::string& { return puzzles[std::min(lines.size(), puzzles.size() - 1)]; };
  // Most batches fit the socket's buffer: written at once, as a blocking write would.
  std::size_t sent = write_some(text, 0, waited_for());
  while (lines.size() < puzzles.size() || sent < text.size()) {
    const std::string& puzzle = waited_for();
    // Once every answer came, its output waits for the next batch: a program that writes on without
    // reading is not read into memory without end.
    pollfd p[2] = {{sent < text.size() ? to_ : -1, POLLOUT, 0},
                   {lines.size() < puzzles.size() ? from_ : -1, POLLIN, 0}};
    const int ready = poll(p, 2, static_cast<int>(kTick.count()));
    if (ready < 0 && errno != EINTR) throw fault(std::string("cannot be waited for: ") + std::strerror(errno), puzzle);
    if (ready > 0 && p[0].revents != 0) sent = write_some(text, sent, puzzle);
    if (ready > 0 && p[1].revents != 0) read_lines(puzzles, lines);
    if (ready == 0) {
      named_if_ended(puzzle);
      if (sent == text.size() && starvation_->starved(to_))
        throw fault(
            "waits for input while " +
                (puzzles.size() - lines.size() == 1 ? std::string("1 answer is")
                                                    : std::to_string(puzzles.size() - lines.size()) + " answers are") +
                " due, having read every line it was given: its answers still in its output "
                "buffer (" +
                kFlushHint +
                "), or a program that reads ahead before it answers, or two "
                "processes sharing its standard input, each holding part of a line?",
            puzzle);
    } else {
      starvation_->reset();
    }
    if (lines.size() != answered) {
      answered = lines.size();
      start = std::chrono::steady_clock::now();
      report = slow_call_report_after();
    }
    watch(start, report, puzzle);
  }
}

std::size_t ExecProcess::write_some(const std::string& text, std::size_t sent, const std::string& puzzle) {
  const ssize_t n = ::send(to_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
  if (n >= 0) return sent + static_cast<std::size_t>(n);
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return sent;
  throw fault("stopped reading its input", puzzle);
}

void ExecProcess::read_lines(const std::vector<std::string>& puzzles, std::vector<std::string>& lines) {
  char chunk[65536];
  const ssize_t n = read(from_, chunk, sizeof chunk);
  const std::string& puzzle = puzzles[lines.size()];
  // A program that ends with unread input is reported once as a reset, then as the end.
  if (n == 0 || (n < 0 && errno == ECONNRESET)) throw fault("closed its output", puzzle);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (n < 0) throw fault(std::string("cannot be read from: ") + std::strerror(errno), puzzle);
  if (start_ > 0) {  // what lines took goes before the buffer grows, once per read
    buffer_.erase(0, start_);
    scanned_ -= start_;
    start_ = 0;
  }
  buffer_.append(chunk, static_cast<std::size_t>(n));
  take_lines(puzzles, lines);
}

// Each byte is searched once: from scanned_, where the last search ended.
void ExecProcess::take_lines(const std::vector<std::string>& puzzles, std::vector<std::string>& lines) {
  while (lines.size() < puzzles.size()) {
    const char* data = buffer_.data();
    const void* newline = std::memchr(data + scanned_, '\n', buffer_.size() - scanned_);
    const std::size_t end =
        newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) : buffer_.size();
    if (end - start_ > kMaxAnswerLine)
      throw SolverFault(
          name_, "answered a line longer than " + std::to_string(kMaxAnswerLine) + " bytes to " + puzzles[lines.size()],
          0);
    scanned_ = end;
    if (!newline) return;
    std::string& line = lines.emplace_back(buffer_, start_, end - start_);
    answered_ = true;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    start_ = scanned_ = end + 1;
  }
}

// Stops at the run's interrupt; names a slow batch on stderr, at the report time and each doubling.
void ExecProcess::watch(std::chrono::steady_clock::time_point start, std::chrono::milliseconds& report,
                        const std::string& puzzle) {
  const std::atomic<bool>* interrupt = interrupt_flag();
  if (interrupt && interrupt->load(std::memory_order_acquire))
    throw SolverFault(name_, "was stopped: the run was interrupted while it was solving " + puzzle, 0, true);
  const auto waited = std::chrono::steady_clock::now() - start;
  if (waited < report) return;
  Messages(stderr, "")
      .errorf("%s has been solving %s for %lld s (SIGINT or SIGTERM stops it)%s%s", name_.c_str(), puzzle.c_str(),
              static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(waited).count()),
              answered_ ? "" : "; no answer line has come from it yet: ", answered_ ? "" : kFlushHint);
  while (report <= waited) report *= 2;
}

// A program that has ended while a process it started holds its output open (no end of file
// comes) is named at once, not waited for until a signal.
void ExecProcess::named_if_ended(const std::string& puzzle) {
  siginfo_t info{};
  if (pid_ <= 0 || waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
      info.si_pid != pid_)
    return;
  throw fault("ended while a process it started holds its output open", puzzle);
}

// Why the program stopped answering, with its exit when it has one.
SolverFault ExecProcess::fault(const std::string& what, const std::string& puzzle) {
  std::string why = what;
  int signal = 0;
  siginfo_t info{};
  if (pid_ > 0 && exited(info)) {
    if (info.si_code == CLD_EXITED) why += " (it exited with status " + std::to_string(info.si_status) + ")";
    if (info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED) {
      signal = info.si_status;
      why += " (it was ended by " + signal_description(signal) + ")";
    }
  }
  return SolverFault(name_, why + " when given " + puzzle, signal);
}

// Whether its shell ended within 0.1 s (it has closed its end, or been asked to by ours); not
// reaped, so that its group's id stays its own until end() kills the group.
bool ExecProcess::exited(siginfo_t& info) {
  for (int i = 0; i < 20; ++i) {
    info = siginfo_t{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) {
      waited_ = true;
      return true;
    }
    usleep(5000);
  }
  waited_ = true;  // waited for once: end() kills it without waiting again
  return false;
}

}  // namespace sudoku_bench::plugin
