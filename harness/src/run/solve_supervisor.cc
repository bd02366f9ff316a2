#include "run/solve_supervisor.h"

#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "plugin/call_guard.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/pass_link.h"
#include "run/supervision.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// ---- the child ----

// The answers' stream: each buffer full is a frame to the parent (PassLink sends from the child
// alone: a copy forked by a solver holds the same buffer, and must not write it twice).
extern "C" ssize_t write_answers(void* cookie, const char* data, std::size_t size) {
  static_cast<PassLink*>(cookie)->answers(std::string(data, size));
  return static_cast<ssize_t>(size);
}

// Solves into a stream whose buffers go to the parent as frames.
int solve_to_parent(const SolveCommand& command, std::FILE* err, PassLink& link) {
  cookie_io_functions_t io{};
  io.write = write_answers;
  std::FILE* answers = fopencookie(&link, "w", io);
  if (!answers) return kExitIo;
  setvbuf(answers, nullptr, _IOFBF, 1 << 16);
  const int status = solve_command(command, answers, err);
  std::fflush(answers);
  return status;
}

// ---- the parent ----

class SolveSupervisor {
 public:
  SolveSupervisor(std::FILE* out, std::FILE* err, ChildWatch& watch) : out_(out), err_(err), watch_(watch) {}

  void watch() {
    watch_.watch(
        [this](LinkFrame type, std::string& text) {
          if (type == LinkFrame::answers) forward(text);
        },
        [this](int signal) {
          Messages(err_, "solve")
              .errorf("the solving process was stopped by %s; continuing it",
                      plugin::signal_description(signal).c_str());
        });
  }

  int finish() {
    std::fflush(out_);
    if (!write_error_.empty()) {
      Messages(err_, "solve").errorf("<stdout>: cannot write: %s", write_error_.c_str());
      return kExitIo;
    }
    if (watch_.clean()) return watch_.exit_status();  // its messages said by the child
    Messages(err_, "solve")
        .errorf(
            "the solving process %s; the %s written before %s kept: the first records have theirs, in order, up to the "
            "chunk in progress%s",
            watch_.cause().c_str(), counted(lines_, "line").c_str(), lines_ == 1 ? "is" : "are",
            pending_.empty() ? "" : ", a line cut short dropped");
    return watch_.signal() ? kExitInterrupted + watch_.signal() : watch_.fault_status();
  }

 private:
  // Whole lines only: a line the child was cut in the middle of is never printed.
  void forward(const std::string& text) {
    if (!write_error_.empty()) return;
    pending_ += text;
    const std::size_t end = pending_.rfind('\n');
    if (end == std::string::npos) return;
    if (std::fwrite(pending_.data(), 1, end + 1, out_) != end + 1 || std::fflush(out_) != 0) {
      // A closed pipe (`| head`): the rest of the solving is of no use.
      write_error_ = std::strerror(errno);
      watch_.stop();
      return;
    }
    lines_ += static_cast<std::uint64_t>(std::count(pending_.begin(), pending_.begin() + end + 1, '\n'));
    pending_.erase(0, end + 1);
  }

  std::FILE* out_;
  std::FILE* err_;
  ChildWatch& watch_;
  std::string pending_, write_error_;
  std::uint64_t lines_ = 0;
};

}  // namespace

int supervised_solve(const SolveCommand& command, std::FILE* out, std::FILE* err) {
  return supervised(
      out, err, command.supervise, [&] { return solve_command(command, out, err); },
      [&](PassLink& link) { return solve_to_parent(command, err, link); },
      [&](ChildWatch& watch) { return watched_by<SolveSupervisor>(watch, out, err); });
}

}  // namespace sudoku_bench
