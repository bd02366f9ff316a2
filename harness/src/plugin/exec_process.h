// One running exec: program (exec_solver.h has the protocol), and the one loop that talks to it.
// The program runs as `/bin/sh -c COMMAND` in a process group of its own, which is killed whole on
// every end (destruction, a fault, an interrupt): a shell's children and whatever the program
// starts in the background go with it, and the group is in the process-wide registry
// (child_groups.h) while it lives.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "plugin/call_guard.h"
#include "plugin/starved_input.h"

namespace sudoku_bench::plugin {

// The longest answer line taken, in bytes. The longest valid one is 2,443 (a 49x49 grid's 2,401
// symbols, a 20-digit count and guesses, two colons, a CR): this leaves room many times over and
// still bounds what a program that never ends its line costs (its buffer, and the time to name it).
inline constexpr std::size_t kMaxAnswerLine = 64 * 1024;

// What a program that has not answered is told: the commonest cause is an answer left in its
// output buffer (stdout to a pipe is fully buffered in C and Python).
inline constexpr const char* kFlushHint =
    "a program must flush each answer line (Python: print(..., flush=True) or python3 -u; C: fflush(stdout))";

class ExecProcess {
 public:
  // Throws SolverFault, named `name`, when the program cannot be started.
  ExecProcess(const std::string& name, const std::string& command);
  // Closes its input (a well-behaved program exits), waits 0.1 s at most, then kills its group.
  ~ExecProcess();
  ExecProcess(const ExecProcess&) = delete;
  ExecProcess& operator=(const ExecProcess&) = delete;

  // Writes `text`, one line per puzzle (`puzzles` not empty), while reading the answers, until `lines` holds one per
  // puzzle (`puzzles` their text, for messages): writing and reading at once, since a batch may
  // fill both directions' buffers. Names itself on stderr when slow; throws SolverFault when the
  // program exits, closes either end, answers a line longer than kMaxAnswerLine or the run is
  // interrupted (checked every 0.1 s at most).
  void exchange(const std::string& text, const std::vector<std::string>& puzzles, std::vector<std::string>& lines);

  pid_t group() const { return pid_; }

 private:
  std::size_t write_some(const std::string& text, std::size_t sent, const std::string& puzzle);
  void read_lines(const std::vector<std::string>& puzzles, std::vector<std::string>& lines);
  void take_lines(const std::vector<std::string>& puzzles, std::vector<std::string>& lines);
  void watch(std::chrono::steady_clock::time_point start, std::chrono::milliseconds& report, const std::string& puzzle);
  void named_if_ended(const std::string& puzzle);
  SolverFault fault(const std::string& what, const std::string& puzzle);
  bool exited(siginfo_t& info);
  void end();

  std::string name_;
  pid_t pid_ = -1;       // the program's shell, and its group's id
  bool waited_ = false;  // waited for its end once already
  int to_ = -1, from_ = -1;
  // What it wrote and no line has taken yet: buffer_ from start_; no newline before scanned_.
  std::string buffer_;
  std::size_t start_ = 0, scanned_ = 0;
  bool answered_ = false;                      // some answer line has come
  std::optional<InputStarvation> starvation_;  // once started
};

}  // namespace sudoku_bench::plugin
