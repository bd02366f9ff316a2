#include "cli/supervisor.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "cli/pass_link.h"
#include "cli/report_outputs.h"
#include "cli/supervision.h"
#include "cluster/world.h"
#include "plugin/call_guard.h"
#include "plugin/child_groups.h"
#include "report/context.h"
#include "report/pass_fields.h"
#include "report/report_json.h"
#include "report/report_table.h"
#include "stream/output_file.h"

namespace sudoku_bench {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kStopGrace = kSupervisorStopGrace;
constexpr auto kExitGrace = kSupervisorExitGrace;
constexpr int kTickMs = kSupervisorTickMs;

// ---- the child ----

int measuring_child(const RunCommand& command, std::FILE* out, std::FILE* err, int fd, pid_t parent) {
  PassLink& link = become_supervised(fd, parent, out);
  int status = kExitSolverFault;
  try {
    status = run_command(command, out, err, nullptr, &link);
  } catch (...) {  // a refusal main() names (a plugin that failed to load): said, not an exit() by a solver
    supervised_done(status);
    throw;
  }
  supervised_done(status);
  return status;
}

// ---- the parent ----

class Supervisor {
 public:
  Supervisor(const RunCommand& command, std::FILE* out, std::FILE* err, pid_t child, int fd)
      : command_(command), out_(out), err_(err), child_(child), reader_(fd) {}

  // Until the child has ended and been reaped, with whatever it left.
  void watch() {
    bool open = true;
    for (;;) {
      open = open ? reader_.read(kTickMs) : (usleep(kTickMs * 1000), false);
      take_frames();
      if (waitpid(child_, &wait_status_, WNOHANG | WUNTRACED) == child_) {
        if (!WIFSTOPPED(wait_status_)) break;
        continue_stopped();
      }
      escalate(open);
    }
    // What came before it ended: read once, as far as there is (a process it forked may hold the
    // socket open for ever).
    reader_.read(0);
    take_frames();
    sweep_descendants();
    settle_temps();
  }

  // The table and the reports, and the exit status.
  int finish() {
    const bool clean = done_ && !killed_ && WIFEXITED(wait_status_);
    if (!head_) {
      if (clean) return WEXITSTATUS(wait_status_);  // a refusal, said by the child
      std::fprintf(err_, "sudoku-bench run: the measuring process %s before it measured anything\n", cause().c_str());
      if (!interrupted()) return kExitSolverFault;
      // Interrupted before the child made its report: one written all the same, holding no pass.
      Report bare;
      bare.context = collect_context();
      bare.settings.solvers = command_.solvers;
      bare.interrupted = true;
      return write(bare) ? kExitInterrupted + signal_ : kExitIo;
    }
    Report report = from_json(from_binary(*head_));
    for (auto& [order, pass] : decoded_passes()) report.runs.push_back(std::move(pass));
    mark_outliers(report.runs);
    report.interrupted = interrupted_end_ || interrupted();
    if (!clean) say_abnormal_end(report.runs.size());
    const bool written = write(report);
    int status = clean ? WEXITSTATUS(wait_status_) : interrupted() ? kExitInterrupted + signal_ : kExitSolverFault;
    if (!written || rows_failed_) status = kExitIo;
    return status;
  }

 private:
  void take_frames() {
    while (auto frame = reader_.next()) {
      auto& [type, text] = *frame;
      switch (type) {
        case LinkFrame::head:
          head_ = std::move(text);
          break;
        case LinkFrame::starting:
          label_ = std::move(text);
          break;
        case LinkFrame::pass:
          take_pass(std::move(text));
          break;
        case LinkFrame::end:
          ended_ = true;
          interrupted_end_ = text == "interrupted";
          break;
        case LinkFrame::exiting:
          exiting_ = std::move(text);
          break;
        case LinkFrame::done:
          done_ = true;
          break;
        case LinkFrame::rows:
          rows_bytes_ = std::stoull(text);
          break;
        case LinkFrame::answers:  // solve's alone
          break;
      }
    }
  }

  // Kept as sent: decoded once the child has ended, so that the parent takes no CPU from the
  // passes being measured (bench/supervisor_benchmark.cc).
  void take_pass(std::string&& text) { sent_passes_.push_back(std::move(text)); }

  std::vector<std::pair<std::size_t, MeasuredPass>> decoded_passes() const {
    std::vector<std::pair<std::size_t, MeasuredPass>> passes;
    for (const std::string& text : sent_passes_) {
      const std::size_t newline = text.find('\n');
      passes.emplace_back(std::stoull(text.substr(0, newline)),
                          pass_from_json(from_binary(std::string_view(text).substr(newline + 1))));
    }
    std::stable_sort(passes.begin(), passes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return passes;
  }

  // A signal to this process goes on to the child; a child that has not ended by its deadline
  // (after a signal, after saying exit() was called, after saying it ended) is killed.
  void escalate(bool open) {
    const auto now = Clock::now();
    if (interrupt_requested().load() && !signal_) {
      signal_ = interrupt_signal() ? interrupt_signal() : SIGTERM;
      kill(child_, signal_);  // the same request to it, if it had the signal too (interrupt.h)
      deadline_ = std::min(deadline_.value_or(now + kStopGrace), now + kStopGrace);
    }
    if (second_request()) deadline_ = now;  // a second signal: at once
    if (!exiting_.empty() && !deadline_) deadline_ = now + kStopGrace;
    if (done_ && !open && !deadline_) deadline_ = now + kExitGrace;
    if (deadline_ && now >= *deadline_ && !killed_) {
      kill(child_, SIGKILL);
      killed_ = true;
    }
  }

  // A child stopped (a solver that raised SIGSTOP) would wait for ever, its watchdog stopped with
  // it: it is continued, and said.
  void continue_stopped() {
    std::fprintf(err_, "sudoku-bench run: the measuring process was stopped by %s%s; continuing it\n",
                 plugin::signal_description(WSTOPSIG(wait_status_)).c_str(),
                 label_.empty() ? "" : (" during " + label_).c_str());
    kill(child_, SIGCONT);
  }

  bool interrupted() const { return signal_ != 0; }

  std::string cause() const {
    if (killed_ && interrupted())
      return "did not stop within " + std::to_string(kStopGrace.count()) + " ms of signal " + std::to_string(signal_) +
             " (a solver call deaf to it?) and was killed";
    std::string cause =
        killed_ && !exiting_.empty() ? "did not finish exiting and was killed" : wait_cause(wait_status_);
    if (!exiting_.empty())
      cause += ": " + exiting_;
    else if (WIFEXITED(wait_status_) && !done_)
      cause += " without finishing (a solver called exit() or _exit()?)";
    return cause;
  }

  void say_abnormal_end(std::size_t passes) {
    const std::string where = ended_ ? "after measuring" : label_.empty() ? "while starting" : "during " + label_;
    std::fprintf(err_,
                 "sudoku-bench run: the measuring process %s, %s; the %zu passes measured before are reported%s\n",
                 cause().c_str(), where.c_str(), passes,
                 interrupted() && !command_.outputs.empty() ? " (marked \"interrupted\": true)" : "");
  }

  bool write(const Report& report) {
    try {
      ReportOutputs outputs(command_.outputs);
      std::FILE* table = outputs.writes_stdout() ? err_ : out_;
      print_table(table, report);
      std::fflush(table);
      return outputs.write(report, out_, err_, "run");
    } catch (const IoError& e) {
      std::fprintf(err_, "sudoku-bench run: %s\n", e.what());
      return false;
    }
  }

  // The child's temporary files, where a child that died left them (stream/output_file.h): the
  // per-puzzle rows of the passes it measured whole are kept, the rest removed.
  void settle_temps() {
    if (command_.per_puzzle_path.empty()) return;
    std::error_code ec;
    const auto folder = std::filesystem::absolute(command_.per_puzzle_path, ec).parent_path();
    const std::string prefix = std::filesystem::path(OutputFile::temp_prefix(folder.string(), child_)).filename();
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
      if (!entry.path().filename().string().starts_with(prefix)) continue;
      if (rows_bytes_ > 0 && !rows_kept_) rows_kept_ = keep_rows(entry.path().string());
      std::filesystem::remove(entry.path(), ec);
    }
  }

  bool keep_rows(const std::string& temp) {
    try {
      OutputFile rows(command_.per_puzzle_path, "--per-puzzle");
      rows.adopt(temp, rows_bytes_);
      rows.commit();
      return true;
    } catch (const IoError& e) {
      std::fprintf(err_, "sudoku-bench run: %s\n", e.what());
      rows_failed_ = true;
      return false;
    }
  }

  const RunCommand& command_;
  std::FILE* out_;
  std::FILE* err_;
  const pid_t child_;
  LinkReader reader_;
  std::optional<std::string> head_;
  std::vector<std::string> sent_passes_;
  std::string label_, exiting_;
  bool ended_ = false, interrupted_end_ = false, done_ = false, killed_ = false;
  int signal_ = 0;  // the signal passed on to the child
  std::optional<Clock::time_point> deadline_;
  std::uint64_t rows_bytes_ = 0;  // of the per-puzzle rows, whole passes
  bool rows_kept_ = false, rows_failed_ = false;
  int wait_status_ = 0;
};

}  // namespace

int supervised_run(const RunCommand& command, std::FILE* out, std::FILE* err) {
  if (!command.supervise || World::current().size() > 1 || !single_threaded()) return run_command(command, out, err);
  int link[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, link) != 0) return run_command(command, out, err);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  std::fflush(out);
  std::fflush(err);
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(link[0]);
    close(link[1]);
    return run_command(command, out, err);
  }
  if (child == 0) {
    close(link[0]);
    return measuring_child(command, out, err, link[1], parent);
  }
  close(link[1]);
  hold_second_request();
  Supervisor supervisor(command, out, err, child, link[0]);
  supervisor.watch();
  close(link[0]);
  return supervisor.finish();
}

}  // namespace sudoku_bench
