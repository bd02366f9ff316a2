// The command line: each subcommand declares its options on a CLI11 app and says how to run once
// they are parsed. main() only adds them and runs the one given.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "run/ab.h"
#include "run/check_plugin.h"
#include "run/compare.h"
#include "run/history_reports.h"
#include "run/hunt_run.h"
#include "run/merge.h"
#include "run/run.h"
#include "run/solve.h"
#include "run/stored_report.h"

namespace CLI {
class App;
}  // namespace CLI

namespace sudoku_bench {

struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int()> run;  // returns the exit status
};

Subcommand add_solve(CLI::App& app);
Subcommand add_run(CLI::App& app);
Subcommand add_compare(CLI::App& app);
Subcommand add_ab(CLI::App& app);
Subcommand add_merge(CLI::App& app);
Subcommand add_report(CLI::App& app);
Subcommand add_history(CLI::App& app);
Subcommand add_solvers(CLI::App& app);
Subcommand add_check_plugin(CLI::App& app);
// Last: it prints the completions of the commands added before it.
Subcommand add_completions(CLI::App& app);
// `command_line` is the whole command as typed, which the hunt's output records.
Subcommand add_hunt(CLI::App& app, std::string command_line);

// What a command line (`run`, its options, its files) makes of a command's options, without
// running it; empty for a line the command refuses (said on stderr). Each command's struct owns
// its defaults: the line starts from them, and a test holds the two equal.
std::optional<SolveCommand> parse_solve(std::vector<std::string> args);
std::optional<RunCommand> parse_run(std::vector<std::string> args);
std::optional<AbCommand> parse_ab(std::vector<std::string> args);
std::optional<CompareCommand> parse_compare(std::vector<std::string> args);
std::optional<MergeCommand> parse_merge(std::vector<std::string> args);
std::optional<ReportCommand> parse_report(std::vector<std::string> args);
std::optional<HistoryCommand> parse_history(std::vector<std::string> args);
std::optional<CheckPluginCommand> parse_check_plugin(std::vector<std::string> args);
std::optional<HuntCommand> parse_hunt(std::vector<std::string> args);

// Each command's example, as its --help shows it ("sudoku-bench run ..."); one command's, "" for none.
std::vector<std::string> command_examples();
std::string command_example(std::string_view command);

}  // namespace sudoku_bench
