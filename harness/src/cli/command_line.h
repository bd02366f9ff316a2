// The command line: each subcommand declares its options on a CLI11 app and says how to run once
// they are parsed. main() only adds them and runs the one given.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

namespace sudoku_bench {

struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int()> run;  // returns the exit status
};

Subcommand add_solve(CLI::App& app);
Subcommand add_run(CLI::App& app);
Subcommand add_compare(CLI::App& app);
Subcommand add_merge(CLI::App& app);
Subcommand add_solvers(CLI::App& app);
Subcommand add_check_plugin(CLI::App& app);
// `command_line` is the whole command as typed, which the hunt's output records.
Subcommand add_hunt(CLI::App& app, std::string command_line);

}  // namespace sudoku_bench
