// `sudoku-bench check-plugin PATH[:SYMBOL]` or `check-plugin exec:COMMAND`: whether a plugin, or a
// program speaking the exec: line protocol, is usable as it is, a line per rule.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include "stream/solver_spec.h"

namespace sudoku_bench {

struct CheckPluginCommand {
  std::string plugin;  // PATH[:SYMBOL], "plugin:" allowed before it; or exec:COMMAND, exec/N:COMMAND
  std::chrono::milliseconds rule_limit{3000};  // a rule taking longer is reported as a hang

  bool operator==(const CheckPluginCommand&) const = default;
};

// Prints each rule's verdict to `out` as it comes, then "SPEC is usable" or "is not usable"; returns
// 0 when it is usable (no rule failed; NOTE lines say what sudoku-bench works around), 1 when a
// rule failed (loading, or starting a program, is one).
int check_plugin_command(const CheckPluginCommand& command, std::FILE* out);

// Whether PLUGIN names a program behind the exec: line protocol (exec:COMMAND, exec/N:COMMAND),
// checked through the solver run makes of it; a NAME= before it makes a plugin's path.
bool checks_a_program(const SolverSpec& spec);

}  // namespace sudoku_bench
