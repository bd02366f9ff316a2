// `sudoku-bench history`: its options; the work is run/history_reports.h's.
#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/command_state.h"

namespace sudoku_bench {
namespace {

std::shared_ptr<State<HistoryCommand>> declare_history(CLI::App& app) {
  auto s = std::make_shared<State<HistoryCommand>>(add_command(app, "history"));
  HistoryCommand& c = s->command;
  Options& o = s->options;
  declare_judging(o, c.options, Threshold::min_change);
  o.app()
      .add_option("--by", c.options.by,
                  "Order the reports by this label (run --label KEY=VALUE; versions as people write them: 1.9 "
                  "before 1.10) and name them by it; default: by date")
      ->type_name("KEY");
  o.app()
      .add_option("--html", c.html_path,
                  "Write the history's page here: each series' throughput over the reports, its changes marked")
      ->type_name("PATH");
  o.app()
      .add_option("REPORT", c.paths,
                  "Reports written by run --json (.gz allowed), or folders of them (their *.json and *.json.gz)")
      ->required();
  return s;
}

}  // namespace

Subcommand add_history(CLI::App& app) { return subcommand(declare_history(app), history_command); }

std::optional<HistoryCommand> parse_history(std::vector<std::string> args) { return parsed(declare_history, args); }

}  // namespace sudoku_bench
