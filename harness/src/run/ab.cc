#include "run/ab.h"

#include <csignal>
#include <stdexcept>
#include <string>
#include <vector>

#include "plugin/call_guard.h"
#include "plugin/plugin_solver.h"
#include "report/context.h"
#include "report/report.h"
#include "report/units.h"
#include "run/ab_measurer.h"
#include "run/ab_outputs.h"
#include "run/ab_record.h"
#include "run/ab_rounds.h"
#include "run/ab_sides.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/pass_link.h"
#include "run/supervision.h"
#include "stream/input.h"
#include "stream/puzzle_clock.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// The command: its options checked, its sides loaded, the rounds measured (ab_rounds.h) and
// written (ab_outputs.h); or, in a supervisor, the rounds its measuring child sent, written.
class Ab {
 public:
  // `link`: the measuring child's way to its supervisor, told of each round as it is measured.
  Ab(const AbCommand& command, std::FILE* out, std::FILE* err, PassLink* link = nullptr)
      : c_(command),
        err_(err),
        link_(link),
        sides_(command),
        datasets_(dataset_names(command.files)),
        outputs_(command, sides_, record_, out, err) {}

  int run() {
    if (const int status = check(); status != kExitOk) return status;
    if (const int status = pin_ab(c_, err_, record_.cpu); status != kExitOk) return status;
    if (const int status = outputs_.open(); status != kExitOk) return status;
    record_.context = collect_context();
    if (c_.base_bench.empty() || c_.new_bench.empty()) record_.clock_name = PuzzleClock::for_pass().name();
    std::string fault;
    try {
      AbMeasurer measurer(c_, sides_, datasets_, err_, link_);
      AbRounds(c_, sides_, datasets_, measurer, record_, err_, link_).measure();
    } catch (const plugin::SolverFault& f) {
      Messages(err_, "ab").error(f.what());
      if (!f.interrupted()) fault = f.what();
    } catch (const IoError& e) {
      Messages(err_, "ab").error(e.what());
      return kExitIo;
    } catch (const std::runtime_error& e) {  // another build's run failed
      Messages(err_, "ab").error(e.what());
      return kExitIo;
    }
    if (fault.empty() && interrupt_requested() && interrupt_self_sent()) fault = self_sent_cause();
    if (!fault.empty()) return end_without_verdict(fault, kExitSolverFault);
    if (interrupt_requested())
      return end_without_verdict("interrupted by signal " + std::to_string(interrupt_signal()), interrupted_status());
    return outputs_.write("");
  }

  // The supervisor's side (ab_command): the sides identified and the outputs, without loading a solver.
  void prepare_parent() { sides_.identify(); }

  // What the measuring child said of its rounds: the parent's copy of them.
  void take_message(const nlohmann::ordered_json& message) { take_ab_message(record_, message); }

  // The measuring child ended before it could write: the rounds it sent, written with no verdict.
  int write_for_child(const std::string& cause, int status) {
    if (const int opened = outputs_.open(); opened != kExitOk) return opened;
    const int written = outputs_.write(cause);
    return written == kExitIo ? kExitIo : status;
  }

  std::size_t rounds_done() const { return record_.rounds_done; }

 private:
  // A fault or an interrupt: every output written, the rounds before kept, marked interrupted, and
  // no verdict.
  int end_without_verdict(const std::string& cause, int status) {
    Messages(err_, "ab")
        .errorf("%s after %s: no verdict; the rounds measured are written, marked \"interrupted\": true", cause.c_str(),
                counted(record_.rounds_done, "round").c_str());
    const int written = outputs_.write(cause);
    return written == kExitIo ? kExitIo : status;
  }

  static int interrupted_status() { return kExitInterrupted + (interrupt_signal() ? interrupt_signal() : SIGINT); }

  int check() {
    const auto refuse = [&](const std::string& why) {
      Messages(err_, "ab").error(why);
      return kExitUsage;
    };
    const std::string least = std::to_string(kAbMinRounds);
    if (c_.files.empty()) return refuse("no input files");
    for (const std::string& f : c_.files)
      if (read_once(f)) return refuse(f + " can be read only once: ab reads its files once per round and side");
    if (c_.rule.rounds != 0 && c_.rule.rounds < kAbMinRounds)
      return refuse("--rounds must be 0 (stop when the answer is clear) or at least " + least);
    if (c_.rule.pilot < kAbMinRounds)
      return refuse("--pilot must be at least " + least + ": fewer rounds cannot reach p < 0.05");
    if (!(c_.rule.detect > c_.options.max_slowdown))
      return refuse("--detect (" + percent_text(c_.rule.detect) + ") must be above --max-slowdown (" +
                    percent_text(c_.options.max_slowdown) + ")");
    if (const std::string why = sides_.load(err_); !why.empty()) return refuse(why);
    return kExitOk;
  }

  const AbCommand& c_;
  std::FILE* err_;
  PassLink* link_;
  AbSides sides_;
  std::vector<std::string> datasets_;
  AbRecord record_;
  AbOutputs outputs_;
};

// ---- the supervisor ----

// The parent of ab's measuring child: it forwards the child's standard output, keeps each round
// the child sends, and when the child ends before it has written (a solver's exit(), a crash, a
// signal it sent itself, a hang), names the end and writes the rounds kept, with no verdict.
class AbSupervisor {
 public:
  AbSupervisor(const AbCommand& command, std::FILE* out, std::FILE* err, ChildWatch& watch)
      : ab_(command, out, err), out_(out), err_(err), watch_(watch) {
    ab_.prepare_parent();
  }

  void watch() {
    watch_.watch([this](LinkFrame type, std::string& text) { take(type, text); },
                 [this](int signal) {
                   Messages(err_, "ab")
                       .errorf("the measuring process was stopped by %s%s; continuing it",
                               plugin::signal_description(signal).c_str(),
                               label_.empty() ? "" : (" during " + label_).c_str());
                 });
  }

  int finish() {
    std::fflush(out_);
    if (watch_.clean()) return watch_.exit_status();  // it wrote every output, and said what it had to
    if (!head_) {
      Messages(err_, "ab").errorf("the measuring process %s before it measured anything", watch_.cause().c_str());
      return watch_.signal() ? kExitInterrupted + watch_.signal() : kExitSolverFault;
    }
    const std::string where = label_.empty() ? "" : ", during " + label_;
    const std::string cause = watch_.signal() ? "interrupted by signal " + std::to_string(watch_.signal()) +
                                                    " (the measuring process " + watch_.cause() + where + ")"
                                              : "the measuring process " + watch_.cause() + where;
    Messages(err_, "ab")
        .errorf("%s; no verdict: the %s measured before %s written, marked \"interrupted\": true", cause.c_str(),
                counted(ab_.rounds_done(), "round").c_str(), ab_.rounds_done() == 1 ? "is" : "are");
    return ab_.write_for_child(cause, watch_.signal() ? kExitInterrupted + watch_.signal() : kExitSolverFault);
  }

 private:
  void take(LinkFrame type, const std::string& text) {
    if (type == LinkFrame::starting) label_ = text;
    if (type == LinkFrame::answers && std::fwrite(text.data(), 1, text.size(), out_) != text.size()) watch_.stop();
    if (type != LinkFrame::progress) return;
    try {
      const nlohmann::ordered_json json = from_binary(text);
      if (json.contains("head")) head_ = true;
      ab_.take_message(json);
    } catch (const std::exception& e) {  // a round that cannot be read costs that round alone
      Messages(err_, "ab").errorf("a round the measuring process sent cannot be read (%s): left out", e.what());
    }
  }

  Ab ab_;
  std::FILE* out_;
  std::FILE* err_;
  ChildWatch& watch_;
  std::string label_;
  bool head_ = false;
};

// The measuring child: its standard output goes to the parent, which alone writes it.
int ab_in_child(const AbCommand& command, std::FILE* err, PassLink& link) {
  std::FILE* out = open_answers(link);
  if (!out) return kExitIo;
  const int status = Ab(command, out, err, &link).run();
  std::fclose(out);
  return status;
}

}  // namespace

int ab_command(const AbCommand& command, std::FILE* out, std::FILE* err) {
  return supervised(
      out, err, command.supervision.supervise, [&] { return Ab(command, out, err).run(); },
      [&](PassLink& link) { return ab_in_child(command, err, link); },
      [&](ChildWatch& watch) { return watched_by<AbSupervisor>(watch, command, out, err); });
}

}  // namespace sudoku_bench
