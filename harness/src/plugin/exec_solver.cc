#include "plugin/exec_solver.h"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

#include "plugin/batch_solver.h"
#include "plugin/call_guard.h"
#include "sudoku/parse.h"

extern char** environ;

namespace sudoku_bench::plugin {
namespace {

constexpr std::size_t kDefaultBatch = 64;  // ~5 KB each way: well inside a socket's buffer
constexpr auto kTick = std::chrono::milliseconds(100);

std::string puzzle_text(const sudoku::Grid& grid) {
  std::string text(static_cast<std::size_t>(grid.cell_count()), '.');
  sudoku::write_symbols(grid, text.data());
  return text;
}

// One running program: its standard input and output are sockets (a write to one that exited is
// an error, not a SIGPIPE that would end sudoku-bench).
class Process {
 public:
  Process(const std::string& name, const std::string& command) : name_(name) {
    int in[2], out[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0 ||
        socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out) != 0)
      throw SolverFault(name_, std::string("cannot be started: ") + std::strerror(errno), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[1], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
    const int spawned = posix_spawn(&pid_, "/bin/sh", &actions, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in[1]);
    close(out[1]);
    to_ = in[0];
    from_ = out[0];
    if (spawned != 0) {
      pid_ = -1;
      throw SolverFault(name_, std::string("cannot be started: ") + std::strerror(spawned), 0);
    }
  }
  ~Process() {
    close(to_);  // end of input: a well-behaved program exits
    close(from_);
    if (pid_ <= 0) return;
    int status = 0;
    if (reaped(status)) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  void send(const std::string& text, const std::string& first_puzzle) {
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::send(to_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw fault("stopped reading its input", first_puzzle);
      done += static_cast<std::size_t>(n);
    }
  }

  // The next line of output, waiting as long as it takes: named on stderr when long, stopped by
  // the run's interrupt.
  std::string receive(const std::string& puzzle) {
    const auto start = std::chrono::steady_clock::now();
    auto report = slow_call_report_after();
    for (;;) {
      if (const auto end = buffer_.find('\n'); end != std::string::npos) {
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      pollfd p{from_, POLLIN, 0};
      const int ready = poll(&p, 1, static_cast<int>(kTick.count()));
      if (ready < 0 && errno != EINTR) throw fault("cannot be read from", puzzle);
      if (ready > 0) {
        char chunk[8192];
        const ssize_t n = read(from_, chunk, sizeof chunk);
        if (n == 0) throw fault("closed its output", puzzle);
        if (n > 0) buffer_.append(chunk, static_cast<std::size_t>(n));
        continue;
      }
      const std::atomic<bool>* interrupt = interrupt_flag();
      if (interrupt && interrupt->load(std::memory_order_acquire))
        throw SolverFault(name_, "was stopped: the run was interrupted while it was solving", 0, true);
      const auto waited = std::chrono::steady_clock::now() - start;
      if (waited >= report) {
        std::fprintf(stderr, "sudoku-bench: %s has been solving %s for %lld s (SIGINT or SIGTERM stops it)\n",
                     name_.c_str(), puzzle.c_str(),
                     static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(waited).count()));
        report *= 2;
      }
    }
  }

  // Why the program stopped answering, with its exit when it has one.
  SolverFault fault(const std::string& what, const std::string& puzzle) {
    std::string why = what;
    int status = 0, signal = 0;
    if (pid_ > 0 && reaped(status)) {
      if (WIFEXITED(status)) why += " (it exited with status " + std::to_string(WEXITSTATUS(status)) + ")";
      if (WIFSIGNALED(status)) {
        signal = WTERMSIG(status);
        why += " (it was ended by " + signal_description(signal) + ")";
      }
    }
    return SolverFault(name_, why + " when given " + puzzle, signal);
  }

 private:
  // Whether the program ended within 0.1 s (it has closed its end, or been asked to by ours).
  bool reaped(int& status) {
    for (int i = 0; i < 20; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return true;
      }
      usleep(5000);
    }
    return false;
  }

  std::string name_;
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

struct Answer {
  sudoku::SolveResult result;
  sudoku::Grid solution;
  bool written = false;
};

// "COUNT[:SOLUTION[:GUESSES]]"; false when it is not of that form.
bool parse_answer(const std::string& line, const sudoku::Grid& puzzle, std::uint64_t limit, Answer& a) {
  const auto first = line.find(':');
  const std::string_view count = std::string_view(line).substr(0, first);
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
  if (ec != std::errc() || end != count.data() + count.size()) return false;
  a = Answer{};
  a.result.solutions = std::min(n, limit);
  if (first == std::string::npos) return true;
  std::string_view rest = std::string_view(line).substr(first + 1);
  const auto second = rest.find(':');
  const std::string_view solution = rest.substr(0, second);
  if (second != std::string_view::npos) {
    const std::string_view guesses = rest.substr(second + 1);
    const auto [g_end, g_ec] = std::from_chars(guesses.data(), guesses.data() + guesses.size(), a.result.guesses);
    if (g_ec != std::errc() || g_end != guesses.data() + guesses.size()) return false;
  }
  // Empty: none written. Anything else must be a grid of the puzzle's size (it is then judged): a
  // malformed one, taken as none, would pass unchecked as a count-only solver's.
  if (solution.empty()) return true;
  a.written = true;
  return sudoku::parse_record(solution, a.solution) && a.solution.box == puzzle.box;
}

class ExecFactory;

class ExecSolver final : public sudoku::Solver, public BatchSolver {
 public:
  ExecSolver(const ExecFactory& factory, std::unique_ptr<Process> process);
  ~ExecSolver() override;
  ExecSolver(const ExecSolver&) = delete;
  ExecSolver& operator=(const ExecSolver&) = delete;

  sudoku::SolveResult solve(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                            sudoku::Grid* solution) override {
    const Answer* answer = nullptr;
    if (next_ < answers_.size() && options.max_solutions == prefetched_limit_ && same(puzzle, puzzles_[next_])) {
      answer = &answers_[next_++];
    } else {
      // Not what was handed over (a second ask at limit 1, say): a round trip of its own, which
      // leaves the batch's answers waiting.
      single_puzzle_.assign(1, puzzle);
      exchange(single_puzzle_, options, single_answer_);
      answer = &single_answer_[0];
    }
    const Answer& a = *answer;
    if (solution && a.written && a.result.solutions > 0) sudoku::copy_grid(a.solution, *solution);
    return a.result;
  }

  std::size_t batch_size() const override;

  void prefetch(const std::vector<sudoku::Grid>& puzzles, const sudoku::SolveOptions& options) override {
    if (puzzles.empty()) return;
    puzzles_ = puzzles;
    exchange(puzzles_, options, answers_);
    next_ = 0;
    prefetched_limit_ = options.max_solutions;
  }

 private:
  static bool same(const sudoku::Grid& a, const sudoku::Grid& b) {
    return a.box == b.box && std::equal(a.cells.begin(), a.cells.begin() + a.cell_count(), b.cells.begin());
  }

  // Sends `puzzles` at once and reads their answers into `answers`, in order.
  void exchange(const std::vector<sudoku::Grid>& puzzles, const sudoku::SolveOptions& options,
                std::vector<Answer>& answers) {
    const std::string limit = std::to_string(options.max_solutions);
    std::string text, first;
    for (const sudoku::Grid& p : puzzles) {
      const std::string symbols = puzzle_text(p);
      if (first.empty()) first = symbols;
      text += symbols + " " + limit + "\n";
    }
    broken_ = true;  // until every answer came
    process_->send(text, first);
    answers.resize(puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const std::string symbols = puzzle_text(puzzles[i]);
      const std::string line = process_->receive(symbols);
      if (!parse_answer(line, puzzles[i], options.max_solutions, answers[i]))
        throw SolverFault(name_,
                          "answered '" + line.substr(0, 200) + "' to " + symbols +
                              ": expected COUNT[:SOLUTION[:GUESSES]], SOLUTION empty or a grid of the puzzle's size",
                          0);
    }
    broken_ = false;
  }

  const ExecFactory& factory_;
  std::string name_;
  std::unique_ptr<Process> process_;
  bool broken_ = false;  // a process that failed mid-batch is not reused
  std::vector<sudoku::Grid> puzzles_, single_puzzle_;
  std::vector<Answer> answers_, single_answer_;
  std::size_t next_ = 0;
  std::uint64_t prefetched_limit_ = 0;
};

class ExecFactory final : public sudoku::SolverFactory {
 public:
  ExecFactory(std::string name, std::string command, std::size_t batch)
      : name_(std::move(name)), command_(std::move(command)), batch_(batch) {}

  std::string name() const override { return name_; }
  bool supports(int box) const override { return box >= sudoku::kMinBox && box <= sudoku::kMaxBox; }
  std::unique_ptr<sudoku::Solver> make() const override {
    std::unique_ptr<Process> process;
    {
      const std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        process = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    // Started once per solver thread and kept for later passes: a program's start-up is not a
    // pass's work.
    if (!process) process = std::make_unique<Process>(name_, command_);
    return std::make_unique<ExecSolver>(*this, std::move(process));
  }
  bool reports_tree_size() const override { return false; }
  std::string recounted_by() const override { return "bitmask"; }  // any size

  std::size_t batch() const { return batch_; }
  void give_back(std::unique_ptr<Process> process) const {
    const std::lock_guard lock(mutex_);
    idle_.push_back(std::move(process));
  }

 private:
  std::string name_, command_;
  std::size_t batch_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<Process>> idle_;
};

ExecSolver::ExecSolver(const ExecFactory& factory, std::unique_ptr<Process> process)
    : factory_(factory), name_(factory.name()), process_(std::move(process)) {}

ExecSolver::~ExecSolver() {
  if (!broken_) factory_.give_back(std::move(process_));
}

std::size_t ExecSolver::batch_size() const { return factory_.batch(); }

}  // namespace

std::unique_ptr<sudoku::SolverFactory> make_exec_factory(const std::string& spec, std::string& error) {
  std::size_t batch = kDefaultBatch;
  std::string rest = spec;
  if (rest.starts_with("/")) {
    const auto colon = rest.find(':');
    const std::string n = rest.substr(1, colon == std::string::npos ? std::string::npos : colon - 1);
    const auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), batch);
    if (colon == std::string::npos || ec != std::errc() || end != n.data() + n.size() || batch < 1 || batch > 4096) {
      error = "solver 'exec" + spec + "': expected exec:COMMAND or exec/N:COMMAND, N a batch of 1 to 4096 puzzles";
      return nullptr;
    }
    rest.erase(0, colon);
  }
  if (!rest.starts_with(":") || rest.size() < 2) {
    error = "solver 'exec" + spec + "': expected exec:COMMAND or exec/N:COMMAND";
    return nullptr;
  }
  return std::make_unique<ExecFactory>("exec" + spec, rest.substr(1), batch);
}

}  // namespace sudoku_bench::plugin
