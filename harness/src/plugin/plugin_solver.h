// A plugin (plugin_abi.h) as a sudoku::SolverFactory: every call guarded (call_guard.h), every
// puzzle handed over as 81 characters and a NUL in a buffer of the solver's own, and a private
// instance of the library per solver thread when the plugin is not reentrant (library.h).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "plugin/library.h"
#include "sudoku/solver.h"

namespace sudoku_bench::plugin {

// How a spec names a plugin: "plugin:" then what load_plugin takes.
inline constexpr std::string_view kPluginPrefix = "plugin:";

// `spec` is PATH[:SYMBOL][@MODE] taken apart (library.h), `name` the spec as given, "plugin:"
// included. @auto (the default) checks the plugin for reentrancy once, here, and uses private
// instances when it fails; `note`, when not null, receives what was decided when it is worth
// telling the user. Null, with `error`, when the library or its symbol cannot be loaded.
std::unique_ptr<sudoku::SolverFactory> load_plugin(const PluginSpec& spec, const std::string& name, std::string& error,
                                                   std::string* note = nullptr);

}  // namespace sudoku_bench::plugin
