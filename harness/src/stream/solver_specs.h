// Solver specs as the command line gives them: a built-in strategy, `noop` (the harness alone), or
// plugin:PATH.so[:SYMBOL][@MODE].
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/solver.h"

namespace sudoku_bench {

// Null, with `error` set, when the spec names no built-in strategy or the plugin cannot be loaded.
// A plugin is "plugin:PATH[:SYMBOL][@shared|@private|@auto]" (plugin/plugin_solver.h); `note`,
// when not null, receives what loading it decided that the user should hear (private instances).
// exec:COMMAND or exec/N:COMMAND runs a program per thread (plugin/exec_solver.h).
std::unique_ptr<sudoku::SolverFactory> factory_for_spec(std::string_view spec, std::string& error,
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
std::unique_ptr<sudoku::SolverFactory> reference_for_spec(std::string_view spec, std::string& error);

}  // namespace sudoku_bench
