#include "stream/solver_specs.h"

#include <string_view>

#include "plugin/exec_solver.h"
#include "plugin/plugin_solver.h"
#include "stream/noop.h"
#include "stream/test_delay.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

constexpr std::string_view kExecPrefix = "exec";

bool is_exec_spec(std::string_view spec) { return spec.starts_with("exec:") || spec.starts_with("exec/"); }

// A built-in strategy, noop, a plugin or an exec program, as named.
std::unique_ptr<sudoku::SolverFactory> make_factory(std::string_view spec, std::string& error, std::string* note) {
  if (spec == kNoopSpec) return make_noop_factory();
  if (is_exec_spec(spec)) return plugin::make_exec_factory(std::string(spec.substr(kExecPrefix.size())), error);
  if (spec.starts_with(plugin::kPluginPrefix))
    return plugin::load_plugin(std::string(spec.substr(plugin::kPluginPrefix.size())), error, note);
  return sudoku::make_solver_factory(spec, error);
}

constexpr SpecKind kSpecKinds[] = {
    {kNoopSpec, "", kNoopSummary},
    {plugin::kPluginPrefix, "plugin:PATH.so[:SYMBOL][@MODE]",
     "plugin:PATH.so[:SYMBOL][@auto|@private|@shared]: a solver in a shared library (tdoku's C signature, "
     "sudoku_bench/plugin_abi.h), 9x9; @auto (default) gives each thread a private instance when it is not "
     "reentrant; check it with check-plugin"},
    {"exec:", "exec:COMMAND",
     "exec:COMMAND, exec/N:COMMAND: a solver in any language, a program per thread answering 'PUZZLE LIMIT' "
     "lines with 'COUNT[:SOLUTION[:GUESSES]]', in batches of 64 (N)"},
};

}  // namespace

std::span<const SpecKind> spec_kinds() { return kSpecKinds; }

std::unique_ptr<sudoku::SolverFactory> factory_for_spec(std::string_view spec, std::string& error, std::string* note) {
  return detail::with_test_delay(make_factory(spec, error, note));
}

std::unique_ptr<sudoku::SolverFactory> reference_for_spec(std::string_view spec, std::string& error) {
  // Not slowed by the test delay: that delays the solver under test, not its judge.
  auto reference = make_factory(spec, error, nullptr);
  if (reference && !reference->counts_solutions()) {
    error = "--verify: " + reference->name() + " counts no solutions; it cannot be a reference";
    return nullptr;
  }
  return reference;
}

}  // namespace sudoku_bench
