#include "stream/solver_specs.h"

#include <string_view>

#include "plugin/exec_solver.h"
#include "plugin/plugin_solver.h"
#include "stream/noop.h"
#include "stream/test_delay.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

constexpr std::string_view kPluginPrefix = "plugin:";
constexpr std::string_view kExecPrefix = "exec";

bool is_exec_spec(std::string_view spec) { return spec.starts_with("exec:") || spec.starts_with("exec/"); }

}  // namespace

std::unique_ptr<sudoku::SolverFactory> factory_for_spec(std::string_view spec, std::string& error, std::string* note) {
  if (spec == kNoopSpec) return detail::with_test_delay(make_noop_factory());
  if (is_exec_spec(spec))
    return detail::with_test_delay(plugin::make_exec_factory(std::string(spec.substr(kExecPrefix.size())), error));
  return detail::with_test_delay(is_plugin_spec(spec)
                                     ? plugin::load_plugin(std::string(spec.substr(kPluginPrefix.size())), error, note)
                                     : sudoku::make_solver_factory(spec, error));
}

bool is_plugin_spec(std::string_view spec) {
  return spec.substr(0, kPluginPrefix.size()) == kPluginPrefix || is_exec_spec(spec);
}

std::unique_ptr<sudoku::SolverFactory> reference_for_spec(std::string_view spec, std::string& error) {
  if (spec == kNoopSpec) {
    error = "--verify: noop counts no solutions; it cannot be a reference";
    return nullptr;
  }
  // Not slowed by the test delay: that delays the solver under test, not its judge.
  if (is_exec_spec(spec)) return plugin::make_exec_factory(std::string(spec.substr(kExecPrefix.size())), error);
  return is_plugin_spec(spec) ? plugin::load_plugin(std::string(spec.substr(kPluginPrefix.size())), error)
                              : sudoku::make_solver_factory(spec, error);
}

}  // namespace sudoku_bench
