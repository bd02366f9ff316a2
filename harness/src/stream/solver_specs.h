// What solver specs (solver_spec.h: a built-in strategy, `noop` (the harness alone),
// plugin:PATH.so[:SYMBOL][@MODE] or exec:COMMAND, each optionally named: NAME=SPEC) make and need.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stream/solver_spec.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

// The files that hold a spec's code, as absolute paths: a plugin's library; an exec: program (found
// on PATH as the shell would) and each later word of its command that names an existing file (a
// script). None for a built-in strategy or noop; a file that does not exist is left out.
std::vector<std::string> files_of_spec(const SolverSpec& spec);

// What is wrong with a spec that can be seen without loading or starting it: a name that is no
// solver; an exec: command whose program is not there ("did you mean" the nearest on PATH). "" when
// none is seen (a plugin is judged by loading it). factory_for_spec refuses these too.
std::string spec_problem(const SolverSpec& spec);

// Null, with `error` set, when the spec names no built-in strategy or the plugin cannot be loaded.
// A named spec (NAME=SPEC) makes the factory of SPEC, called NAME.
// A plugin is "plugin:PATH[:SYMBOL][@shared|@private|@auto]" (plugin/plugin_solver.h); `note`,
// when not null, receives what loading it decided that the user should hear (private instances).
// exec:COMMAND or exec/N:COMMAND runs a program per thread (plugin/exec_solver.h).
std::unique_ptr<sudoku::SolverFactory> factory_for_spec(const SolverSpec& spec, std::string& error,
                                                        std::string* note = nullptr);

// The specs beside the built-in strategies, each declared once: how the --solver help writes it,
// and what it is (`sudoku-bench solvers`), in the order `solvers` lists them.
struct SpecKind {
  std::string_view name;    // as `solvers` lists it: "noop", "plugin:", "exec:"
  std::string_view syntax;  // as the --solver help writes it; empty: named as `name`
  std::string_view summary;
};
std::span<const SpecKind> spec_kinds();

// The reference strategy of --verify: any spec whose factory counts solutions (not noop).
std::unique_ptr<sudoku::SolverFactory> reference_for_spec(const SolverSpec& spec, std::string& error);

}  // namespace sudoku_bench
