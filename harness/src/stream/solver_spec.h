// A --solver value taken apart once, where the command line is read, and carried whole from there
// to the factory (solver_specs.h): its name, its kind and that kind's parts, and the text as given,
// which reports, tables and messages keep writing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "plugin/library.h"

namespace sudoku_bench {

class SolverSpec {
 public:
  // A built-in strategy (its options its own: "norvig:ac,var=mrv"), noop (the harness alone),
  // plugin:PATH[:SYMBOL][@MODE] (plugin/plugin_solver.h) or exec:COMMAND, exec/N:COMMAND
  // (plugin/exec_solver.h). A name the solver library does not know is a strategy still: the
  // factory names what is wrong, as it always has.
  enum class Kind { strategy, noop, plugin, exec };

  // NAME=SPEC: a name the user gives a solver, which reports, tables and pages show and `compare`
  // pairs by. A name is letters, digits and . _ + - (at most 64), and what follows = starts a spec;
  // anything else is a spec without a name (exec:A=1 prog, plugin:a=b.so).
  explicit SolverSpec(std::string_view given);
  SolverSpec() = default;  // "": no solver given yet

  // `run --solver a,b:opts,c`: a comma-separated piece that does not start a spec (a strategy's
  // name, noop, plugin:, exec) continues the one before, so that "norvig:ac,var=mrv" is one spec.
  static std::vector<SolverSpec> list(std::string_view text);

  const std::string& given() const { return given_; }  // as the line gave it, NAME= included
  const std::string& name() const { return name_; }    // NAME of NAME=SPEC; "" when none
  const std::string& spec() const { return spec_; }    // without NAME=
  Kind kind() const { return kind_; }

  // A plugin's parts; an exec: program's command (what follows the first ':') and batch (exec/N;
  // 64 when not given).
  const plugin::PluginSpec& plugin() const { return plugin_; }
  const std::string& command() const { return command_; }
  std::size_t batch() const { return batch_; }
  // Why a plugin: or exec: spec is not of its form, as the factory says it; "" when it is.
  const std::string& malformed() const { return malformed_; }

  // The same solver loaded another way: a plugin spec @MODE ("private"), the given text so too.
  SolverSpec with_plugin_mode(std::string_view mode) const;
  // The spec under `name` when it has none of its own.
  SolverSpec named_or(std::string_view name) const;
  // The spec without its NAME=.
  SolverSpec unnamed() const;

  bool operator==(const SolverSpec&) const = default;

 private:
  void parse_plugin();
  void parse_exec();

  std::string given_, name_, spec_;
  Kind kind_ = Kind::strategy;
  plugin::PluginSpec plugin_;
  std::string command_;
  std::size_t batch_ = 0;
  std::string malformed_;
};

// The names a spec may start with, built-in strategies first: what a mistyped name is offered.
std::vector<std::string> solver_names();
// Whether `spec` (without NAME=) starts with a solver's name: a built-in strategy, noop, plugin or
// exec (exec/N too). A comma piece that does not continues the spec before it (list()); a spec
// that does not is refused by the factory.
bool names_a_solver(std::string_view spec);

// The specs as given, NAME= included: what reports write (settings.solvers).
std::vector<std::string> given_texts(const std::vector<SolverSpec>& specs);

}  // namespace sudoku_bench
