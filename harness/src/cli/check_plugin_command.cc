#include "cli/check_plugin_command.h"

#include "cli/exit_codes.h"
#include "plugin/conformance.h"
#include "plugin/plugin_solver.h"

namespace sudoku_bench {

int check_plugin_command(const CheckPluginCommand& command, std::FILE* out) {
  std::string spec = command.plugin;
  if (spec.starts_with(plugin::kPluginPrefix)) spec.erase(0, plugin::kPluginPrefix.size());
  plugin::ConformanceOptions options;
  options.rule_limit = command.rule_limit;
  bool failed = false;
  const auto results = plugin::check_plugin(spec, options, [&](const plugin::RuleResult& r) {
    std::fprintf(out, "%s  %-24s %s\n", std::string(plugin::verdict_name(r.verdict)).c_str(), r.rule.c_str(),
                 r.detail.c_str());
    std::fflush(out);
    failed |= r.verdict == plugin::Verdict::fail;
  });
  std::size_t notes = 0;
  for (const auto& r : results) notes += r.verdict == plugin::Verdict::note;
  if (failed) {
    std::fprintf(out, "plugin:%s is not usable as it is: see the FAIL lines\n", spec.c_str());
    return kExitUndecided;
  }
  std::fprintf(out, "plugin:%s is usable%s\n", spec.c_str(),
               notes ? " (sudoku-bench works around each NOTE as it says)" : "");
  return kExitOk;
}

}  // namespace sudoku_bench
