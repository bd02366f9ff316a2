#include "cli/compare_command.h"

#include <algorithm>

#include "cli/command_state.h"
#include "report/comparison_formats.h"
#include "report/comparison_text.h"
#include "report/report_json.h"
#include "run/exit_codes.h"
#include "run/per_puzzle_files.h"
#include "run/report_files.h"
#include "stream/input.h"

namespace sudoku_bench {
namespace {

constexpr int kExitSlower = 1;  // compare's own meaning of status 1

// The run id both reports' passes share, when one run made both (a report compared with itself); "".
std::string same_run(const Report& base, const Report& current) {
  if (base.runs.empty() || base.runs.size() != current.runs.size()) return "";
  for (std::size_t i = 0; i < base.runs.size(); ++i)
    if (base.runs[i].run_id.empty() || base.runs[i].run_id != current.runs[i].run_id ||
        base.runs[i].sequence != current.runs[i].sequence)
      return "";
  return base.runs.front().run_id;
}

// Reads a --per-puzzle file into `side`; false, with the message on `err`, when it cannot be read.
bool read_side(const std::string& path, PerPuzzleSide& side, std::FILE* err) {
  try {
    side = read_per_puzzle_file(path);
    return true;
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench compare: %s\n", e.what());
    return false;
  }
}

int compare_per_puzzle_files(const CompareCommand& command, std::FILE* out, std::FILE* err) {
  PerPuzzleSide base, current;
  if (!read_side(command.base_path, base, err) || !read_side(command.current_path, current, err)) return kExitIo;
  for (const auto* side : {&base, &current})
    if (side->empty())
      std::fprintf(err, "sudoku-bench compare: %s has a header and no row: nothing to compare\n",
                   (side == &base ? command.base_path : command.current_path).c_str());
  if (base.empty() || current.empty()) return kExitUsage;
  PerPuzzleOptions options;
  options.alpha = command.options.alpha;
  options.max_slowdown = command.options.max_slowdown;
  options.show = command.show;
  const PerPuzzleComparison comparison = compare_per_puzzle(std::move(base), std::move(current), options);
  note_unpaired(comparison, err);
  const std::vector<const GroupComparison*> compared = compared_groups(comparison, err);
  if (comparison.groups.empty()) {
    std::fprintf(err, "sudoku-bench compare: no (dataset, solver, threads, file) in both files: nothing to compare\n");
    return kExitUsage;
  }
  if (compared.empty()) {
    std::fprintf(err, "sudoku-bench compare: no puzzle timed and solved in both files: nothing to compare\n");
    return kExitUsage;
  }
  return print_per_puzzle_text(out, command.base_path, command.current_path, compared, options) ? kExitSlower : kExitOk;
}

// compare --drop-disturbed: leaves out the passes whose figures a disturbance put in doubt.
void drop_disturbed(std::vector<Report>& reports, std::FILE* err) {
  for (std::size_t i = 0; i < 2; ++i) {
    std::vector<MeasuredPass>& runs = reports[i].runs;
    const std::size_t before = runs.size();
    std::erase_if(runs, [](const MeasuredPass& r) { return !r.disturbed().empty(); });
    std::fprintf(err, "sudoku-bench compare: --drop-disturbed: left out %zu of %zu passes of %s\n",
                 before - runs.size(), before, i == 0 ? "BASE" : "NEW");
  }
}

// False when the two reports' contexts differ and the command does not allow it; says so on `err`.
bool contexts_comparable(const Report& base, const Report& current, const CompareCommand& command, std::FILE* err) {
  const auto mismatches = context_mismatches(base, current);
  if (mismatches.empty()) return true;
  std::fprintf(err, "sudoku-bench compare: %s results from different contexts:\n",
               command.allow_context_mismatch ? "warning: comparing" : "refusing to compare");
  for (const std::string& m : mismatches) std::fprintf(err, "  %s\n", m.c_str());
  if (command.allow_context_mismatch) return true;
  std::fprintf(err, "Differences there are not the code's. --allow-context-mismatch compares them anyway.\n");
  return false;
}

// The options as judged: --gate cpu falls back to wall time where a report's passes have no CPU
// time, named with the pass, so that a report edited or written before cpu_seconds was recorded
// never changes the verdict's figure unseen.
CompareOptions gated(const CompareCommand& command, const Report& base, const Report& current, std::FILE* err) {
  CompareOptions judged = command.options;
  // Instruction reports are judged on their counts; their CPU times are valgrind's.
  if (judged.gate != GateTime::cpu || base.settings.measure == Measure::instructions) return judged;
  const std::pair<const std::string*, const Report*> sides[] = {{&command.base_path, &base},
                                                                {&command.current_path, &current}};
  for (const auto& [path, report] : sides)
    if (const std::string missing = missing_cpu_time(*report); !missing.empty()) {
      std::fprintf(err,
                   "sudoku-bench compare: warning: %s: %s (not recorded: written before cpu_seconds was, or "
                   "edited): judged on wall time, as --gate wall\n",
                   path->c_str(), missing.c_str());
      judged.gate = GateTime::wall;
    }
  return judged;
}

// 1 for a slower pair; with --strict, also for one that may have got slower but the reports' noise
// leaves in doubt (a CI gate that must not pass what it could not judge). Else 0: "cannot tell" is
// no regression found, and a gate that failed on every noisy runner would be switched off.
int status_of(int slower, const Comparison& c, bool strict) {
  if (slower) return kExitSlower;
  if (strict)
    for (const PairComparison& pair : c.pairs)
      if (pair.verdict() == Verdict::cannot_tell && pair.gated_metric().slowdown > 0) return kExitSlower;
  return kExitOk;
}

// --per-puzzle against the options that are for reports.
int check_compare(State<CompareCommand>& s) {
  const CompareCommand& c = s.command;
  if (c.per_puzzle && c.options.paired) {
    std::fprintf(stderr, "sudoku-bench compare: --paired is for reports; --per-puzzle pairs puzzles already\n");
    return kExitUsage;
  }
  if (c.per_puzzle && c.format != CompareFormat::text) {
    std::fprintf(stderr, "sudoku-bench compare: --format %s is for reports; --per-puzzle prints text\n",
                 std::string(name_of(c.format)).c_str());
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

int compare_command(const CompareCommand& command, std::FILE* out, std::FILE* err) {
  const CompareOptions& o = command.options;
  if (!(o.max_slowdown >= 0) || !(o.alpha > 0 && o.alpha < 1)) {
    std::fprintf(err, "sudoku-bench compare: --max-slowdown must be >= 0 and --alpha between 0 and 1\n");
    return kExitUsage;
  }
  if (command.per_puzzle) return compare_per_puzzle_files(command, out, err);
  std::vector<Report> reports;
  if (const int status = read_reports({command.base_path, command.current_path}, reports, "compare", err);
      status != kExitOk)
    return status;
  if (command.drop_disturbed) drop_disturbed(reports, err);
  const Report& base = reports[0];
  const Report& current = reports[1];
  // No option compares these: their figures are of different things.
  if (const std::string why = measure_mismatch(base, current); !why.empty()) {
    std::fprintf(err, "sudoku-bench compare: refusing to compare: %s\n", why.c_str());
    return kExitUsage;
  }
  for (const std::string& w : counter_warnings(base, current))
    std::fprintf(err, "sudoku-bench compare: warning: %s\n", w.c_str());
  if (!contexts_comparable(base, current, command, err)) return kExitUsage;
  if (const std::string same = same_run(base, current); !same.empty())
    std::fprintf(err,
                 "sudoku-bench compare: note: BASE and NEW are the same run (run id %s): it is compared with itself, "
                 "so every change is 0\n",
                 same.c_str());
  if (o.paired) {
    const std::vector<std::string> unequal = unequal_repetitions(base, current);
    for (const std::string& line : unequal)
      std::fprintf(err, "sudoku-bench compare: --paired: %s (rounds pair by number: both sides need as many)\n",
                   line.c_str());
    if (!unequal.empty()) return kExitUsage;
  }
  const CompareOptions judged = gated(command, base, current, err);
  const Comparison c = compare_reports(base, current, judged);
  if (!c.paired_solvers.first.empty())
    std::fprintf(err, "sudoku-bench compare: note: each report measured one solver: BASE's %s against NEW's %s\n",
                 c.paired_solvers.first.c_str(), c.paired_solvers.second.c_str());
  for (const std::string& name : c.only_base)
    std::fprintf(err, "sudoku-bench compare: only in BASE: %s\n", name.c_str());
  for (const std::string& name : c.only_current)
    std::fprintf(err, "sudoku-bench compare: only in NEW: %s\n", name.c_str());
  if (c.pairs.empty()) {
    std::fprintf(err, "sudoku-bench compare: no (dataset, solver, threads) in common: nothing to compare\n");
    return kExitUsage;
  }
  if (command.format != CompareFormat::text) {
    const ComparedSide b{command.base_path, base.context.git_commit, base.context.date},
        n{command.current_path, current.context.git_commit, current.context.date};
    const std::string text = command.format == CompareFormat::json ? json_text(comparison_json(c, judged, b, n))
                                                                   : comparison_markdown(c, judged, b, n);
    std::fputs(text.c_str(), out);
    // The verdicts are in the document.
    return status_of(print_comparison_text(c, judged, nullptr, err), c, command.strict);
  }
  print_comparison_head(out, base, command.base_path, current, command.current_path, c);
  return status_of(print_comparison_text(c, judged, out, err), c, command.strict);
}

Subcommand add_compare(CLI::App& app) {
  return subcommand(declare_compare(app), [](const CompareCommand& c) { return compare_command(c, stdout, stderr); });
}

std::optional<CompareCommand> parse_compare(std::vector<std::string> args) { return parsed(declare_compare, args); }

}  // namespace sudoku_bench
