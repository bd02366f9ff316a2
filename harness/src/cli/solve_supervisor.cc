#include "cli/solve_supervisor.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <string>

#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "cli/pass_link.h"
#include "cli/supervision.h"
#include "cluster/world.h"
#include "plugin/call_guard.h"

namespace sudoku_bench {
namespace {

using Clock = std::chrono::steady_clock;

// ---- the child ----

// The answers' stream: each buffer full is a frame to the parent, from the process that opened it
// only (a copy forked by a solver holds the same buffer, and must not write it twice).
struct AnswerSink {
  PassLink* link;
  pid_t owner;
};

extern "C" ssize_t write_answers(void* cookie, const char* data, std::size_t size) {
  const auto* sink = static_cast<const AnswerSink*>(cookie);
  if (getpid() == sink->owner) sink->link->answers(std::string(data, size));
  return static_cast<ssize_t>(size);
}

int solving_child(const SolveCommand& command, std::FILE* out, std::FILE* err, int fd, pid_t parent) {
  PassLink& link = become_supervised(fd, parent, out);
  static AnswerSink sink{&link, getpid()};
  cookie_io_functions_t io{};
  io.write = write_answers;
  std::FILE* answers = fopencookie(&sink, "w", io);
  if (!answers) {
    supervised_done(kExitIo);
    return kExitIo;
  }
  setvbuf(answers, nullptr, _IOFBF, 1 << 16);
  int status = kExitSolverFault;
  try {
    status = solve_command(command, answers, err);
    std::fflush(answers);
  } catch (...) {  // a refusal main() names: said, not an exit() by a solver
    supervised_done(status);
    throw;
  }
  supervised_done(status);
  return status;
}

// ---- the parent ----

class SolveSupervisor {
 public:
  SolveSupervisor(std::FILE* out, std::FILE* err, pid_t child, int fd)
      : out_(out), err_(err), child_(child), reader_(fd) {}

  void watch() {
    bool open = true;
    for (;;) {
      open = open ? reader_.read(kSupervisorTickMs) : (usleep(kSupervisorTickMs * 1000), false);
      take_frames();
      if (waitpid(child_, &wait_status_, WNOHANG | WUNTRACED) == child_) {
        if (!WIFSTOPPED(wait_status_)) break;
        std::fprintf(err_, "sudoku-bench solve: the solving process was stopped by %s; continuing it\n",
                     plugin::signal_description(WSTOPSIG(wait_status_)).c_str());
        kill(child_, SIGCONT);
      }
      escalate(open);
    }
    // What came before it ended, read once (a process it forked may hold the socket for ever).
    reader_.read(0);
    take_frames();
    sweep_descendants();
  }

  int finish() {
    std::fflush(out_);
    if (done_ && !killed_ && WIFEXITED(wait_status_)) return WEXITSTATUS(wait_status_);  // said by the child
    std::string cause;
    if (killed_ && signal_)
      cause = "did not stop within " + std::to_string(kSupervisorStopGrace.count()) + " ms of signal " +
              std::to_string(signal_) + " (a solver call deaf to it?) and was killed";
    else
      cause = killed_ && !exiting_.empty() ? "did not finish exiting and was killed" : wait_cause(wait_status_);
    if (!exiting_.empty())
      cause += ": " + exiting_;
    else if (WIFEXITED(wait_status_) && !done_)
      cause += " without finishing (a solver called exit() or _exit()?)";
    std::fprintf(err_,
                 "sudoku-bench solve: the solving process %s; the %llu lines written before are kept: the first "
                 "records have theirs, in order, up to the chunk in progress%s\n",
                 cause.c_str(), static_cast<unsigned long long>(lines_),
                 pending_.empty() ? "" : ", a line cut short dropped");
    return signal_ ? kExitInterrupted + signal_ : kExitSolverFault;
  }

 private:
  void take_frames() {
    while (auto frame = reader_.next()) {
      auto& [type, text] = *frame;
      if (type == LinkFrame::answers) {
        forward(text);
      } else if (type == LinkFrame::exiting) {
        exiting_ = std::move(text);
      } else if (type == LinkFrame::done) {
        done_ = true;
      }
    }
  }

  // Whole lines only: a line the child was cut in the middle of is never printed.
  void forward(const std::string& text) {
    pending_ += text;
    const std::size_t end = pending_.rfind('\n');
    if (end == std::string::npos) return;
    std::fwrite(pending_.data(), 1, end + 1, out_);
    std::fflush(out_);
    for (std::size_t i = 0; i <= end; ++i) lines_ += pending_[i] == '\n';
    pending_.erase(0, end + 1);
  }

  void escalate(bool open) {
    const auto now = Clock::now();
    if (interrupt_requested().load() && !signal_) {
      signal_ = interrupt_signal() ? interrupt_signal() : SIGTERM;
      kill(child_, signal_);
      deadline_ = std::min(deadline_.value_or(now + kSupervisorStopGrace), now + kSupervisorStopGrace);
    }
    if (second_request()) deadline_ = now;
    if (!exiting_.empty() && !deadline_) deadline_ = now + kSupervisorStopGrace;
    if (done_ && !open && !deadline_) deadline_ = now + kSupervisorExitGrace;
    if (deadline_ && now >= *deadline_ && !killed_) {
      kill(child_, SIGKILL);
      killed_ = true;
    }
  }

  std::FILE* out_;
  std::FILE* err_;
  const pid_t child_;
  LinkReader reader_;
  std::string pending_, exiting_;
  std::uint64_t lines_ = 0;
  bool done_ = false, killed_ = false;
  int signal_ = 0, wait_status_ = 0;
  std::optional<Clock::time_point> deadline_;
};

}  // namespace

int supervised_solve(const SolveCommand& command, std::FILE* out, std::FILE* err) {
  if (!command.supervise || World::current().size() > 1 || !single_threaded()) return solve_command(command, out, err);
  int link[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, link) != 0) return solve_command(command, out, err);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  std::fflush(out);
  std::fflush(err);
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(link[0]);
    close(link[1]);
    return solve_command(command, out, err);
  }
  if (child == 0) {
    close(link[0]);
    return solving_child(command, out, err, link[1], parent);
  }
  close(link[1]);
  hold_second_request();
  SolveSupervisor supervisor(out, err, child, link[0]);
  supervisor.watch();
  close(link[0]);
  return supervisor.finish();
}

}  // namespace sudoku_bench
