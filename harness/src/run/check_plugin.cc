#include "run/check_plugin.h"

#include <cstring>
#include <memory>
#include <optional>

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

}  // namespace

bool checks_a_program(const SolverSpec& spec) { return spec.name().empty() && spec.kind() == SolverSpec::Kind::exec; }

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
  if (const SolverSpec exec(name); checks_a_program(exec)) {
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

}  // namespace sudoku_bench
