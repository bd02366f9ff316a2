#include "run/supervisor.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plugin/call_guard.h"
#include "report/pass_codec.h"
#include "report/report_json.h"
#include "report/report_table.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/pass_link.h"
#include "run/report_outputs.h"
#include "run/supervision.h"
#include "stream/output_file.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// ---- the parent ----

class Supervisor {
 public:
  Supervisor(const RunCommand& command, std::FILE* out, std::FILE* err, ChildWatch& watch)
      : command_(command), out_(out), err_(err), watch_(watch) {}

  // Until the child has ended and been reaped, with whatever it left.
  void watch() {
    watch_.watch([this](LinkFrame type, std::string& text) { take_frame(type, text); },
                 [this](int signal) {
                   Messages(err_, "run")
                       .errorf("the measuring process was stopped by %s%s; continuing it",
                               plugin::signal_description(signal).c_str(),
                               label_.empty() ? "" : (" during " + label_).c_str());
                 });
    settle_temps();
  }

  // The table and the reports, and the exit status.
  int finish() {
    const bool clean = watch_.clean();
    if (!head_) {
      if (clean) return watch_.exit_status();  // a refusal, said by the child
      Messages(err_, "run").errorf("the measuring process %s before it measured anything", watch_.cause().c_str());
      if (!interrupted()) return watch_.fault_status();
      // Interrupted before the child made its report: one written all the same, holding no pass
      // (or --resume's, every pass kept).
      Report bare;
      if (!unmeasured_report(command_, bare, err_)) return kExitIo;
      return write(bare) ? kExitInterrupted + watch_.signal() : kExitIo;
    }
    Report report = from_json(from_binary(*head_));
    for (auto& [order, pass] : decoded_passes()) report.passes.push_back(std::move(pass));
    mark_outliers(report.passes);
    report.interrupted = interrupted_end_ || interrupted();
    if (!clean) say_abnormal_end(report.passes.size());
    const bool written = write(report);
    int status = clean           ? watch_.exit_status()
                 : interrupted() ? kExitInterrupted + watch_.signal()
                                 : watch_.fault_status();
    if (!written || rows_failed_) status = kExitIo;
    return status;
  }

 private:
  void take_frame(LinkFrame type, std::string& text) {
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
      case LinkFrame::rows:
        rows_bytes_ = std::stoull(text);
        break;
      case LinkFrame::exiting:  // the watch's
      case LinkFrame::done:
      case LinkFrame::answers:   // solve's alone
      case LinkFrame::progress:  // ab's and hunt's
        break;
    }
  }

  // Kept as sent: decoded once the child has ended, so that the parent takes no CPU from the
  // passes being measured (bench/supervisor_benchmark.cc).
  void take_pass(std::string&& text) { sent_passes_.push_back(std::move(text)); }

  std::vector<std::pair<std::size_t, MeasuredPass>> decoded_passes() const {
    std::vector<std::pair<std::size_t, MeasuredPass>> passes;
    for (const std::string& text : sent_passes_) {
      try {
        const std::size_t newline = text.find('\n');
        passes.emplace_back(std::stoull(text.substr(0, newline)),
                            pass_from_bytes(std::string_view(text).substr(newline + 1)));
      } catch (const std::exception& e) {  // one pass that cannot be read costs that pass alone
        Messages(err_, "run").errorf("a pass the measuring process sent cannot be read (%s): left out", e.what());
      }
    }
    std::stable_sort(passes.begin(), passes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return passes;
  }

  bool interrupted() const { return watch_.signal() != 0; }

  void say_abnormal_end(std::size_t passes) {
    const std::string where = ended_ ? "after measuring" : label_.empty() ? "while starting" : "during " + label_;
    Messages(err_, "run")
        .errorf("the measuring process %s, %s; the %s measured before %s reported%s", watch_.cause().c_str(),
                where.c_str(), counted(passes, "pass", "passes").c_str(), passes == 1 ? "is" : "are",
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
      Messages(err_, "run").error(e.what());
      return false;
    }
  }

  // The child's temporary files, where a child that died left them (stream/output_file.h): the
  // per-puzzle rows of the passes it measured whole are kept, the rest removed.
  void settle_temps() {
    if (command_.per_puzzle_path.empty()) return;
    std::string folder;  // where the child made them: the output's own folder, links resolved
    try {
      folder = OutputFile(command_.per_puzzle_path, "--per-puzzle").folder();
    } catch (const IoError&) {
      return;
    }
    if (folder.empty()) return;  // written in place
    std::error_code ec;
    const std::string prefix = std::filesystem::path(OutputFile::temp_prefix(folder, watch_.pid())).filename();
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
      Messages(err_, "run").error(e.what());
      rows_failed_ = true;
      return false;
    }
  }

  const RunCommand& command_;
  std::FILE* out_;
  std::FILE* err_;
  ChildWatch& watch_;
  std::optional<std::string> head_;
  std::vector<std::string> sent_passes_;
  std::string label_;
  bool ended_ = false, interrupted_end_ = false;
  std::uint64_t rows_bytes_ = 0;  // of the per-puzzle rows, whole passes
  bool rows_kept_ = false, rows_failed_ = false;
};

}  // namespace

int supervised_run(const RunCommand& command, std::FILE* out, std::FILE* err) {
  return supervised(
      out, err, command.supervision.supervise, [&] { return run_command(command, out, err); },
      [&](PassLink& link) { return run_command(command, out, err, nullptr, &link); },
      [&](ChildWatch& watch) { return watched_by<Supervisor>(watch, command, out, err); });
}

}  // namespace sudoku_bench
