#include "run/hunt_supervisor.h"

#include <optional>
#include <string>

#include "plugin/call_guard.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/pass_link.h"
#include "run/supervision.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// The parent of the hunting child: forwards its standard output, keeps its latest finds, and
// when the child ends before it has written them (a solver's exit(), a crash, a hang), names the
// end and writes them itself.
class HuntSupervisor {
 public:
  HuntSupervisor(const HuntCommand& command, std::FILE* out, std::FILE* err, ChildWatch& watch)
      : command_(command), out_(out), err_(err), watch_(watch) {}

  void watch() {
    watch_.watch(
        [this](LinkFrame type, std::string& text) {
          if (type == LinkFrame::answers && std::fwrite(text.data(), 1, text.size(), out_) != text.size())
            watch_.stop();
          if (type == LinkFrame::progress) take_finds(std::move(text));
        },
        [this](int signal) {
          Messages(err_, "hunt")
              .errorf("the hunting process was stopped by %s; continuing it",
                      plugin::signal_description(signal).c_str());
        });
  }

  int finish() {
    std::fflush(out_);
    // It wrote its finds, and said what it had to; but a solver's fault it caught (said by main())
    // ends the hunt before they are written.
    const bool fault = watch_.clean() && watch_.exit_status() == kExitSolverFault && !written_;
    if (watch_.clean() && !fault) return watch_.exit_status();
    const int status = watch_.signal() && !fault ? kExitInterrupted + watch_.signal() : kExitSolverFault;
    const std::string cause = fault ? "stopped at the solver's fault above" : watch_.cause();
    if (latest_.empty()) {
      Messages(err_, "hunt").errorf("the hunting process %s before it found anything", cause.c_str());
      return status;
    }
    try {
      const nlohmann::ordered_json finds = from_binary(latest_);
      Messages(err_, "hunt")
          .errorf("the hunting process %s; the %s found in the %s before %s written", cause.c_str(),
                  counted(finds["found"].get<std::size_t>(), "puzzle").c_str(),
                  counted(finds["evaluations"].get<std::size_t>(), "evaluation").c_str(),
                  finds["found"].get<std::size_t>() == 1 ? "is" : "are");
      std::optional<OutputFile> opened;
      if (!command_.out_path.empty()) opened.emplace(command_.out_path, "--out");
      write_checks(opened, finds["checks"].get<std::string>(), out_);
      return status;
    } catch (const std::exception& e) {  // IoError, FileError, or finds that cannot be read
      Messages(err_, "hunt").error(e.what());
      return kExitIo;
    }
  }

 private:
  const HuntCommand& command_;
  std::FILE* out_;
  std::FILE* err_;
  ChildWatch& watch_;
  void take_finds(std::string&& text) {
    try {
      written_ = written_ || from_binary(text).contains("written");
    } catch (const std::exception&) {  // finds that cannot be read: finish() says so, if it needs them
    }
    if (!written_) latest_ = std::move(text);
  }

  std::string latest_;
  bool written_ = false;  // the child wrote its finds itself
};

// The hunting child: its standard output goes to the parent, which alone writes it.
int hunt_in_child(const HuntCommand& command, std::FILE* err, PassLink& link) {
  std::FILE* out = open_answers(link);
  if (!out) return kExitIo;
  const int status = hunt_command(command, out, err, &link);
  std::fclose(out);
  return status;
}

}  // namespace

int supervised_hunt(const HuntCommand& command, std::FILE* out, std::FILE* err) {
  return supervised(
      out, err, command.supervise, [&] { return hunt_command(command, out, err); },
      [&](PassLink& link) { return hunt_in_child(command, err, link); },
      [&](ChildWatch& watch) { return watched_by<HuntSupervisor>(watch, command, out, err); });
}

}  // namespace sudoku_bench
