// `sudoku-bench check-plugin`: its options; the work is run/check_plugin.h's.
#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/command_state.h"
#include "cli/named_inputs.h"
#include "run/exit_codes.h"

namespace sudoku_bench {
namespace {

std::shared_ptr<State<CheckPluginCommand>> declare_check_plugin(CLI::App& app) {
  auto s = std::make_shared<State<CheckPluginCommand>>(add_command(app, "check-plugin"));
  CheckPluginCommand& c = s->command;
  Options& o = s->options;
  o.app()
      .add_option("PLUGIN", c.plugin,
                  "PATH.so or PATH.so:SYMBOL (default symbol: solve), as after plugin:; or exec:COMMAND, "
                  "exec/N:COMMAND, as --solver takes it")
      ->required();
  const auto rule_limit = [&c](double seconds) {
    c.rule_limit = std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
  };
  // A plugin is judged by loading it, rule by rule; an exec: program that is not there, at once.
  s->check_named = [](State<CheckPluginCommand>& state) {
    const SolverSpec spec(state.command.plugin);
    return checks_a_program(spec) ? check_named_inputs("check-plugin", {{"", spec}}, {}, stderr) : kExitOk;
  };
  o.real_to("--rule-seconds", std::chrono::duration<double>(c.rule_limit).count(), 0.1, 600,
            "A rule that takes longer is reported as a hang", rule_limit);
  return s;
}

}  // namespace

Subcommand add_check_plugin(CLI::App& app) {
  return subcommand(declare_check_plugin(app),
                    [](const CheckPluginCommand& c) { return check_plugin_command(c, stdout); });
}

std::optional<CheckPluginCommand> parse_check_plugin(std::vector<std::string> args) {
  return parsed(declare_check_plugin, args);
}

}  // namespace sudoku_bench
