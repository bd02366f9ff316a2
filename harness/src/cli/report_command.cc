// `sudoku-bench report`: its options; the work is run/stored_report.h's.
#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/command_state.h"
#include "run/exit_codes.h"

namespace sudoku_bench {
namespace {

std::shared_ptr<State<ReportCommand, ReportOutputOptions>> declare_report(CLI::App& app) {
  auto s = std::make_shared<State<ReportCommand, ReportOutputOptions>>(add_command(app, "report"));
  CLI::App& cmd = s->options.app();
  s->check = [](State<ReportCommand, ReportOutputOptions>& state) {
    state.extra.add_to(state.command.outputs);
    return kExitOk;
  };
  s->extra.declare(cmd, true);
  cmd.add_option("REPORT", s->command.input, "A report written by run --json or merge (.gz allowed)")->required();
  cmd.add_option("--base", s->command.base_path,
                 "With --html: show REPORT against this report, pair by pair (the change in throughput with its "
                 "95% interval, p and verdict)")
      ->type_name("PATH");
  return s;
}

}  // namespace

Subcommand add_report(CLI::App& app) { return subcommand(declare_report(app), report_command); }

std::optional<ReportCommand> parse_report(std::vector<std::string> args) { return parsed(declare_report, args); }

}  // namespace sudoku_bench
