// `sudoku-bench merge`: its options; the work is run/merge.h's.
#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/command_state.h"

namespace sudoku_bench {
namespace {

std::shared_ptr<State<MergeCommand>> declare_merge(CLI::App& app) {
  auto s = std::make_shared<State<MergeCommand>>(add_command(app, "merge"));
  CLI::App& cmd = s->options.app();
  cmd.add_option("--json", s->command.json_path, "Write the merged report here")->required()->type_name("PATH");
  cmd.add_option("FILE", s->command.inputs, "Reports written by run --json (.gz allowed)")->required();
  return s;
}

}  // namespace

Subcommand add_merge(CLI::App& app) {
  return subcommand(declare_merge(app), [](const MergeCommand& c) { return merge_command(c, stderr); });
}

std::optional<MergeCommand> parse_merge(std::vector<std::string> args) { return parsed(declare_merge, args); }

}  // namespace sudoku_bench
