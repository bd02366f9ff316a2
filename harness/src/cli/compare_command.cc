// `sudoku-bench compare`: its options; the work is run/compare.h's.
#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/command_state.h"
#include "run/exit_codes.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// --per-puzzle against the options that are for reports.
int check_compare(State<CompareCommand>& s) {
  const CompareCommand& c = s.command;
  if (c.per_puzzle && c.options.paired) {
    Messages(stderr, "compare").error("--paired is for reports; --per-puzzle pairs puzzles already");
    return kExitUsage;
  }
  if (c.per_puzzle && c.format != CompareFormat::text) {
    Messages(stderr, "compare")
        .errorf("--format %s is for reports; --per-puzzle prints text", std::string(name_of(c.format)).c_str());
    return kExitUsage;
  }
  return kExitOk;
}

std::shared_ptr<State<CompareCommand>> declare_compare(CLI::App& app) {
  auto s = std::make_shared<State<CompareCommand>>(add_command(app, "compare"));
  CompareCommand& c = s->command;
  Options& o = s->options;
  s->check = check_compare;
  CLI::App* cmd = &o.app();
  std::vector<std::pair<std::string, CompareFormat>> formats;
  for (const CompareFormatName& f : kCompareFormats) formats.emplace_back(f.name, f.format);
  cmd->add_option("BASE", c.base_path, "The reference report (sudoku-bench JSON; CSV with --per-puzzle; .gz allowed)")
      ->required();
  cmd->add_option("NEW", c.current_path, "The report to judge (.gz allowed)")->required();
  declare_judging(o, c.options);
  cmd->add_flag("--paired", c.options.paired,
                "Pair repetition i of BASE with repetition i of NEW (runs made in turns, as tools/ab makes them): "
                "a Wilcoxon signed-rank test on the rounds' log ratios and the verdict on their Hodges-Lehmann "
                "estimate. Both sides need as many repetitions (exit 2 otherwise); 6 rounds reach p < 0.05");
  o.choice("--format", c.format, formats,
           "What goes to standard output: text (the table and verdicts), markdown (a table for a pull "
           "request) or json (schema sudoku-bench-compare/3); notes go to stderr");
  cmd->add_flag("--strict", c.strict,
                "Exit 1 also where time per puzzle grew but the reports' noise (disturbed passes, a loaded machine, "
                "a spread of repetitions as large) leaves the verdict at \"cannot tell\" (exit 0 without it)");
  cmd->add_flag("--allow-context-mismatch", c.allow_context_mismatch,
                "Compare even when CPU, compiler, flags, build type, settings or the code a strategy picked differ");
  cmd->add_flag("--drop-disturbed", c.drop_disturbed,
                "Leave out passes marked disturbed (steal time or waiting for a CPU above the thresholds of "
                "docs/results-guide.md), "
                "and say how many");
  cmd->add_flag("--per-puzzle", c.per_puzzle,
                "BASE and NEW are run --per-puzzle CSVs (.gz too): pair puzzles by (dataset, solver, threads, file, "
                "line), a puzzle's repetitions once, at their median latency; per (dataset, solver, threads), who is "
                "faster how often, the median ratio with its 95% interval, a Wilcoxon signed-rank test, the most "
                "slowed puzzles. Exit 1 when a median ratio exceeds 1 + --max-slowdown with p < --alpha; 2 when "
                "nothing pairs; 3 when a row is malformed (FILE:LINE: column NAME: 'VALUE' is not ...)");
  o.whole("--show", c.show, 0, 1'000'000, "With --per-puzzle: how many most-slowed puzzles to name per dataset");
  return s;
}

}  // namespace

Subcommand add_compare(CLI::App& app) { return subcommand(declare_compare(app), compare_command); }

std::optional<CompareCommand> parse_compare(std::vector<std::string> args) { return parsed(declare_compare, args); }

}  // namespace sudoku_bench
