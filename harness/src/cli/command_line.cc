#include "cli/command_line.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "cli/command_state.h"
#include "cli/completions.h"
#include "cli/help_format.h"
#include "cli/measuring_commands.h"
#include "count/ab_counted.h"
#include "count/counted_run.h"
#include "run/solve_supervisor.h"
#include "run/supervisor.h"
#include "stream/noop.h"
#include "stream/solver_specs.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {

std::string known_solvers(bool with_noop) {
  std::string names;
  for (const auto& s : sudoku::strategy_list()) names += (names.empty() ? "" : ", ") + std::string(s.name);
  for (const SpecKind& k : spec_kinds())
    if (!k.syntax.empty()) names += ", " + std::string(k.syntax);
  return with_noop ? names + ", " + kNoopSpec + " (the harness alone)" : names;
}

void declare_measure(Options& o, Measuring& measuring, const std::string& measure_help,
                     const std::string& sample_help) {
  o.choice("--measure", measuring.measure, {{"time", Measure::time}, {"instructions", Measure::instructions}},
           measure_help);
  o.whole("--sample", measuring.sample, 1, kAnyCount, sample_help);
}

void declare_labels(Options& o, std::vector<std::string>& labels) {
  // A key given twice would keep one value silently: which one the user meant is not known.
  auto keys = std::make_shared<std::set<std::string>>();
  const CLI::Validator key_value(
      [keys](std::string& text) {
        const std::size_t eq = text.find('=');
        if (eq == std::string::npos || eq == 0) return "'" + text + "' is not KEY=VALUE";
        const std::string key = text.substr(0, eq);
        return keys->insert(key).second ? std::string()
                                        : "'" + text + "': the key " + key + " is given twice (one value per key)";
      },
      "KEY=VALUE");
  CLI::Option* label = o.app().add_option("--label", labels,
                                          "KEY=VALUE recorded in the report (settings.labels), repeatable: e.g. "
                                          "version=$(git -C mysolver rev-parse HEAD); history --by KEY orders and "
                                          "names reports by it");
  label->type_name("KEY=VALUE")
      ->check(key_value)
      ->allow_extra_args(false);  // one KEY=VALUE per --label: the files after it stay inputs
}

void ReportOutputOptions::declare(CLI::App& app, bool with_json) {
  for (std::size_t i = 0; i < std::size(kReportFormats); ++i) {
    const ReportFormatName& f = kReportFormats[i];
    if (f.format == ReportFormat::json && !with_json) continue;
    app.add_option("--" + std::string(f.name), paths[i],
                   "Write the report as " + std::string(f.name) + " (" + std::string(f.about) +
                       ") here, atomically; - for standard output")
        ->type_name("PATH")
        ->expected(1)
        ->allow_extra_args(false)  // one path per --NAME: the files after it stay inputs
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
}

void ReportOutputOptions::add_to(std::vector<ReportOutput>& outputs) const {
  for (std::size_t i = 0; i < std::size(kReportFormats); ++i)
    for (const std::string& path : paths[i]) outputs.push_back({kReportFormats[i].format, path});
}

void declare_threads(Options& o, std::optional<ThreadCount>& threads, const std::string& what) {
  o.whole_to("--threads", threads ? static_cast<std::uint64_t>(threads->get()) : 0, "INT", 1, kMaxThreads,
             threads
                 ? what
                 : what + " (default: the CPUs this process may use: its affinity mask, at most SLURM_CPUS_PER_TASK)",
             threads ? ShowDefault::yes : ShowDefault::no,
             [&threads](std::uint64_t v) { threads = ThreadCount::of(static_cast<int>(v)); });
}

void declare_threads(Options& o, ThreadCount& threads, const std::string& what) {
  o.whole_to("--threads", static_cast<std::uint64_t>(threads.get()), "INT", 1, kMaxThreads, what, ShowDefault::yes,
             [&threads](std::uint64_t v) { threads = *ThreadCount::of(static_cast<int>(v)); });
}

void declare_solver(Options& o, SolverSpec& solver, const std::string& help) {
  const auto take = [&solver](const std::string& text) {
    solver = SolverSpec(text);
    return std::string();
  };
  o.text("--solver", solver.given(), help, take);
}

void declare_judging(Options& o, Judging& judging, Threshold threshold) {
  if (threshold == Threshold::min_change)
    o.percent("--min-change", judging.max_slowdown, true,
              "The smallest change worth naming, like 3% (the default of compare's and ab's --max-slowdown; "
              "instruction reports: 0.25%)",
              &judging.threshold_given);
  else
    o.percent("--max-slowdown", judging.max_slowdown, false,
              "Allowed growth of time per puzzle, like 5% or 2.5 (one default for compare, ab and history; "
              "instruction reports: 0.25% of instructions per puzzle)",
              &judging.threshold_given);
  o.real("--alpha", judging.alpha, 1e-9, 0.5,
         "Significance level of the test, after correcting for the places a change was looked for (history); the "
         "change's interval is at 1 - alpha confidence");
  o.choice("--gate", judging.gate, {{"wall", GateTime::wall}, {"cpu", GateTime::cpu}},
           "Time per puzzle that decides: cpu (the CPU time of the process and its exec: programs; history follows "
           "CPU time per puzzle) or wall (1 / puzzles/s: history follows throughput)");
}

namespace {

// Each command: what it does (its --help's first lines) and one example, which its --help ends with
// and a usage error repeats; a test runs each example through the parser.
constexpr struct {
  const char* command;
  const char* about;
  const char* example;
} kCommands[] = {
    {"solve",
     "Solve every record; print PUZZLE:COUNT[:SOLUTION] per record, in input order.\n"
     "COUNT is 0..K, K meaning K or more; SOLUTION follows when COUNT is 1 (and the solver wrote it).\n"
     "Invalid records print RECORD:invalid, and FILE:LINE: reason on stderr;\n"
     "aborted ones PUZZLE:aborted. With --seed, solutions are mapped back to the puzzle as given.\n"
     "Every answer is judged: a reported solution must be one (a solver that writes none is asked\n"
     "again at limit 1; one that writes none even then only counts, and its counts alone are judged),\n"
     "and with --verify (default for plugin: and exec:) the count must match the reference's; an\n"
     "answer that fails prints PUZZLE:wrong, FILE:LINE: reason on stderr, exit 1.",
     "sudoku-bench solve --solver fast datasets/kaggle_first20k.txt > answers.txt"},
    {"run",
     "Measure throughput, latency and tree sizes for each FILE x solver x thread count.\n"
     "Prints a table; --json writes every repetition, percentiles, scaling and context.",
     "sudoku-bench run --solver bitmask,fast --threads 1,2 --json r.json datasets/easy50.txt"},
    {"compare",
     "Compare two run reports pair by pair (dataset, solver, threads), solvers by\n"
     "name (run --solver NAME=SPEC); where each report measured one solver, those two.\n"
     "Exit 1 when a pair's time per puzzle grew by more than --max-slowdown\n"
     "with p < --alpha (Mann-Whitney U over repetitions, or with --paired the\n"
     "Wilcoxon signed-rank test over rounds), else 0.",
     "sudoku-bench compare base.json new.json"},
    {"ab",
     "Is NEW slower than BASE? Two solvers (any specs, NAME=SPEC to name them) measured in one\n"
     "process on one pinned CPU, in turns shard by shard, for as many rounds as a pilot says a\n"
     "slowdown of --detect needs to be seen with probability --power; judged on CPU time per puzzle\n"
     "(Wilcoxon signed-rank test, Hodges-Lehmann estimate of the rounds' ratios). Exit 0: not slower;\n"
     "1: NEW slower by more than --max-slowdown with p < --alpha; 5: NEW's answers differ from BASE's\n"
     "or fail judging; 2 usage, 3 I/O, 4 a solver fault, 128+N interrupted.",
     "sudoku-bench ab plugin:v1/libmine.so plugin:v2/libmine.so datasets/easy50.txt"},
    {"merge", "Join reports of one build (same context) into one, repetitions renumbered.",
     "sudoku-bench merge --json all.json shard1.json shard2.json"},
    {"report",
     "Write a stored report in other formats (each as run would have written it), to files "
     "or to standard output (-).",
     "sudoku-bench report --html r.html r.json"},
    {"history",
     "The reports of one benchmark over time (ordered by date, or by a label: --by version), a series\n"
     "per (dataset, solver, threads) of CPU time per puzzle, and the first report of each change of\n"
     "level with its size, interval, p and what changed (the solver's files, the harness). Exit 1\n"
     "when a series' newest change is a slowdown.",
     "sudoku-bench history --by version reports/"},
    {"solvers", "List the built-in strategies, noop (the harness's own cost) and the external solvers' specs.",
     "sudoku-bench solvers"},
    {"check-plugin",
     "Check that a plugin, or a program behind exec:COMMAND, is usable as it is, in seconds, a line per\n"
     "rule: it loads (a program: it starts and answers); it counts 0, 1 and 2+ right on a fixed set (givens\n"
     "in conflict included); it respects the limit; it writes a valid solution keeping the givens at limit 1\n"
     "(one that writes none only counts: a NOTE, its counts judged) and at limit 2 or not; it reports\n"
     "guesses; a plugin reads no more than the 81 characters and the NUL after them and is reentrant, a\n"
     "program answers a batch handed over at once; and roughly how fast it is. Each rule runs in a child\n"
     "process, so a crash or a hang is named with the puzzle it happened on. PASS: the rule holds;\n"
     "NOTE: it does not (or does not apply), and run and solve work around it as the line says; FAIL:\n"
     "answers cannot be measured as they are. The last line says whether it is usable. Exit 0 when no\n"
     "rule failed, 1 otherwise.",
     "sudoku-bench check-plugin ./libmine.so"},
    {"hunt",
     "Search for the puzzles that make a solver work hardest, by tree size (nodes, the default) or time.\n"
     "random: solve Norvig's random puzzles (random candidates with propagation until 17 cells with 8\n"
     "digits are decided), evaluation i from (seed, i). climb: from a start puzzle (random, or FILE's),\n"
     "change one given at a time (add, remove or change a digit) and keep a change that does not shrink the\n"
     "measure; start again after --restart-after steps without a new best. Each evaluation solves at limit 2\n"
     "as run does. Writes the --top puzzles as a checks file (PUZZLE:COUNT, COUNT 0, 1, 2 = two or more, or\n"
     "aborted), each after a comment with its nodes, guesses and count, with the settings and a summary as\n"
     "comments; the summary also goes to stderr. With --evaluations and --seed the output repeats byte for byte\n"
     "at the same --threads, but for the lines starting '# time'. Runs until a bound or SIGINT/SIGTERM (which\n"
     "still writes what was found, exit 128+N).",
     "sudoku-bench hunt --solver fast --seconds 60 --top 10 --out hard.txt"},
    {"completions",
     "Print the completion script of a shell (bash, zsh or fish), written from the options declared. cmake "
     "--install puts all three where the shells look; to try one: source <(sudoku-bench completions bash).",
     "source <(sudoku-bench completions bash)"},
};

// A name and its summary, wrapped to the terminal's width under the summary's first column.
void print_solver(std::string_view name, std::string_view summary) {
  constexpr std::size_t kColumn = 11;
  std::printf("%-10s %s\n", std::string(name).c_str(),
              wrap(std::string(summary), help_width(), kColumn, kColumn).substr(kColumn).c_str());
}

}  // namespace

CLI::App* add_command(CLI::App& app, std::string_view name) {
  for (const auto& c : kCommands)
    if (name == c.command) return app.add_subcommand(c.command, c.about);
  return app.add_subcommand(std::string(name));
}

void finish_help(CLI::App& command) {
  group_options(command);
  if (const std::string example = command_example(command.get_name()); !example.empty())
    command.footer("Example:\n  " + example);
}

bool parses(std::vector<std::string> args, const std::function<void(CLI::App&)>& declare,
            const std::function<int()>& finish) {
  CLI::App app;
  declare(app);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError&) {
    return false;
  }
  return finish() == kExitOk;
}

Subcommand add_solvers(CLI::App& app) {
  CLI::App* cmd = add_command(app, "solvers");
  finish_help(*cmd);
  return {cmd, [] {
            for (const auto& s : sudoku::strategy_list()) print_solver(s.name, s.summary);
            for (const SpecKind& k : spec_kinds()) print_solver(k.name, k.summary);
            return kExitOk;
          }};
}

Subcommand add_completions(CLI::App& app) {
  CLI::App* cmd = add_command(app, "completions");
  auto shell = std::make_shared<std::string>();
  cmd->add_option("SHELL", *shell, "bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember(std::vector<std::string>(std::begin(kCompletionShells), std::end(kCompletionShells))));
  finish_help(*cmd);
  return {cmd, [cmd, shell] {
            std::vector<std::string> solvers;  // as `solvers` lists them
            for (const auto& s : sudoku::strategy_list()) solvers.emplace_back(s.name);
            for (const SpecKind& k : spec_kinds()) solvers.emplace_back(k.name);
            const std::string script = completion_script(*cmd->get_parent(), *shell, solvers);
            std::fwrite(script.data(), 1, script.size(), stdout);
            return kExitOk;
          }};
}

Subcommand add_solve(CLI::App& app) { return subcommand(declare_solve(app), supervised_solve); }
Subcommand add_run(CLI::App& app) {
  return subcommand(declare_run(app), [](const RunCommand& c) {
    return c.measuring.measure == Measure::instructions ? counted_run(c, stdout, stderr)
                                                        : supervised_run(c, stdout, stderr);
  });
}
Subcommand add_ab(CLI::App& app) {
  return subcommand(declare_ab(app), [](const AbCommand& c) {
    return c.measuring.measure == Measure::instructions ? counted_ab(c, stdout, stderr) : ab_command(c, stdout, stderr);
  });
}
std::optional<SolveCommand> parse_solve(std::vector<std::string> args) { return parsed(declare_solve, args); }
std::optional<RunCommand> parse_run(std::vector<std::string> args) { return parsed(declare_run, args); }
std::optional<AbCommand> parse_ab(std::vector<std::string> args) { return parsed(declare_ab, args); }

std::string command_example(std::string_view command) {
  for (const auto& e : kCommands)
    if (command == e.command) return e.example;
  return "";
}

std::vector<std::string> command_examples() {
  std::vector<std::string> examples;
  for (const auto& e : kCommands) examples.emplace_back(e.example);
  return examples;
}

}  // namespace sudoku_bench
