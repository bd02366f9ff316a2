#include "cli/check_plugin_command.h"

#include <CLI/CLI.hpp>
#include <cstring>
#include <memory>
#include <optional>

#include "cli/command_state.h"
#include "cli/named_inputs.h"
#include "plugin/conformance.h"
#include "plugin/plugin_solver.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "stream/solver_specs.h"
#include "sys/message.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

// Where a rule's detail starts: after "PASS  ", the rule's name padded to 24 columns and a space.
constexpr std::size_t kDetailColumn = 31;

// exec:COMMAND and exec/N:COMMAND: a program behind the line protocol, checked through the solver
// run makes of it (a NAME= before it makes a plugin's path).
bool is_exec(const SolverSpec& spec) { return spec.name().empty() && spec.kind() == SolverSpec::Kind::exec; }

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
    return is_exec(spec) ? check_named_inputs("check-plugin", {{"", spec}}, {}, stderr) : kExitOk;
  };
  o.real_to("--rule-seconds", std::chrono::duration<double>(c.rule_limit).count(), 0.1, 600,
            "A rule that takes longer is reported as a hang", rule_limit);
  return s;
}

}  // namespace

int check_plugin_command(const CheckPluginCommand& command, std::FILE* out) {
  plugin::ConformanceOptions options;
  options.rule_limit = command.rule_limit;
  bool failed = false;
  const std::optional<std::size_t> width = output_width(out);
  const auto print = [&](const plugin::RuleResult& r) {
    char head[64];
    std::snprintf(head, sizeof head, "%s  %-24s ", std::string(plugin::verdict_name(r.verdict)).c_str(),
                  r.rule.c_str());
    // On a terminal the detail wraps under its own column, the verdicts left clear to run down.
    const std::size_t at = std::strlen(head);
    const std::string detail = width ? wrap(r.detail, *width, at, kDetailColumn).substr(at) : r.detail;
    std::fprintf(out, "%s%s\n", head, detail.c_str());
    std::fflush(out);
    failed |= r.verdict == plugin::Verdict::fail;
  };
  std::string name = command.plugin;
  std::vector<plugin::RuleResult> results;
  if (const SolverSpec exec(name); is_exec(exec)) {
    std::string error;
    if (const std::unique_ptr<sudoku::SolverFactory> factory = factory_for_spec(exec, error))
      results = plugin::check_solver(*factory, options, print);
    else
      print(results.emplace_back(plugin::RuleResult{"starts", plugin::Verdict::fail, error}));
  } else {
    std::string spec = name;
    if (spec.starts_with(plugin::kPluginPrefix)) spec.erase(0, plugin::kPluginPrefix.size());
    name = std::string(plugin::kPluginPrefix) + spec;
    results = plugin::check_plugin(spec, options, print);
  }
  if (interrupt_requested().load()) {
    // Each rule's child was killed at once; the lines above are the rules that were checked.
    const std::string said = results.empty()
                                 ? "before any rule was checked"
                                 : "after " + std::to_string(results.size()) + " rule" +
                                       (results.size() == 1 ? "" : "s") + "; the lines above say what they found";
    Messages(stderr, "check-plugin").errorf("interrupted by signal %d %s", interrupt_signal(), said.c_str());
    return kExitInterrupted + interrupt_signal();
  }
  std::size_t notes = 0;
  for (const auto& r : results) notes += r.verdict == plugin::Verdict::note;
  if (failed) {
    print_fitted(out, name + " is not usable as it is: see the FAIL lines\n");
    return kExitUndecided;
  }
  print_fitted(out, name + " is usable" + (notes ? " (sudoku-bench works around each NOTE as it says)" : "") + "\n");
  return kExitOk;
}

Subcommand add_check_plugin(CLI::App& app) {
  return subcommand(declare_check_plugin(app),
                    [](const CheckPluginCommand& c) { return check_plugin_command(c, stdout); });
}

std::optional<CheckPluginCommand> parse_check_plugin(std::vector<std::string> args) {
  return parsed(declare_check_plugin, args);
}

}  // namespace sudoku_bench
