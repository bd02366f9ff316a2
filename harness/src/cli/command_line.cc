#include "cli/command_line.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

#include "cli/check_plugin_command.h"
#include "cli/compare_command.h"
#include "cli/completions.h"
#include "cli/exit_codes.h"
#include "cli/help_format.h"
#include "cli/hunt_command.h"
#include "cli/merge_command.h"
#include "cli/options.h"
#include "cli/record_options.h"
#include "cli/run_command.h"
#include "cli/shard_option.h"
#include "cli/solve_command.h"
#include "cli/solve_supervisor.h"
#include "cli/solver_spec_list.h"
#include "cli/supervisor.h"
#include "cli/thread_list.h"
#include "report/units.h"
#include "stream/noop.h"
#include "stream/solver_specs.h"
#include "sudoku/grid.h"
#include "sudoku/random_puzzle.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

constexpr int kMaxThreads = 1024;

// The strategies, then the other specs' syntax; noop, not a solver, only where it may run.
std::string known_solvers(bool with_noop) {
  std::string names;
  for (const auto& s : sudoku::strategy_list()) names += (names.empty() ? "" : ", ") + std::string(s.name);
  for (const SpecKind& k : spec_kinds())
    if (!k.syntax.empty()) names += ", " + std::string(k.syntax);
  return with_noop ? names + ", " + kNoopSpec + " (the harness alone)" : names;
}

// What each command does, for --help.
constexpr const char* kSolveAbout =
    "Solve every record; print PUZZLE:COUNT[:SOLUTION] per record, in input order.\n"
    "COUNT is 0..K, K meaning K or more; SOLUTION follows when COUNT is 1 (and the solver wrote it).\n"
    "Invalid records print RECORD:invalid, and FILE:LINE: reason on stderr;\n"
    "aborted ones PUZZLE:aborted. With --seed, solutions are mapped back to the puzzle as given.\n"
    "Every answer is judged: a reported solution must be one (a solver that writes none is asked\n"
    "again at limit 1; one that writes none even then only counts, and its counts alone are judged),\n"
    "and with --verify (default for plugin: and exec:) the count must match the reference's; an\n"
    "answer that fails prints PUZZLE:wrong, FILE:LINE: reason on stderr, exit 1.";

constexpr const char* kRunAbout =
    "Measure throughput, latency and tree sizes for each FILE x solver x thread count.\n"
    "Prints a table; --json writes every repetition, percentiles, scaling and context.";

constexpr const char* kCompareAbout =
    "Compare two run reports pair by pair (dataset, solver, threads), solvers by\n"
    "name (run --solver NAME=SPEC); where each report measured one solver, those two.\n"
    "Exit 1 when a pair's time per puzzle grew by more than --max-slowdown\n"
    "with p < --alpha (Mann-Whitney U over repetitions, or with --paired the\n"
    "Wilcoxon signed-rank test over rounds), else 0.";

constexpr const char* kHistoryAbout =
    "The reports of one benchmark over time (ordered by date, or by a label: --by version), a series\n"
    "per (dataset, solver, threads) of CPU time per puzzle, and the first report of each change of\n"
    "level with its size, interval, p and what changed (the solver's files, the harness). Exit 1\n"
    "when a series' newest change is a slowdown.";

constexpr const char* kCheckPluginAbout =
    "Check that a plugin, or a program behind exec:COMMAND, is usable as it is, in seconds, a line per\n"
    "rule: it loads (a program: it starts and answers); it counts 0, 1 and 2+ right on a fixed set (givens\n"
    "in conflict included); it respects the limit; it writes a valid solution keeping the givens at limit 1\n"
    "(one that writes none only counts: a NOTE, its counts judged) and at limit 2 or not; it reports\n"
    "guesses; a plugin reads no more than the 81 characters and the NUL after them and is reentrant, a\n"
    "program answers a batch handed over at once; and roughly how fast it is. Each rule runs in a child\n"
    "process, so a crash or a hang is named with the puzzle it happened on. PASS: the rule holds;\n"
    "NOTE: it does not (or does not apply), and run and solve work around it as the line says; FAIL:\n"
    "answers cannot be measured as they are. The last line says whether it is usable. Exit 0 when no\n"
    "rule failed, 1 otherwise.";

constexpr const char* kHuntAbout =
    "Search for the puzzles that make a solver work hardest, by tree size (nodes, the default) or time.\n"
    "random: solve Norvig's random puzzles (random candidates with propagation until 17 cells with 8\n"
    "digits are decided), evaluation i from (seed, i). climb: from a start puzzle (random, or FILE's),\n"
    "change one given at a time (add, remove or change a digit) and keep a change that does not shrink the\n"
    "measure; start again after --restart-after steps without a new best. Each evaluation solves at limit 2\n"
    "as run does. Writes the --top puzzles as a checks file (PUZZLE:COUNT, COUNT 0, 1, 2 = two or more, or\n"
    "aborted), each after a comment with its nodes, guesses and count, with the settings and a summary as\n"
    "comments; the summary also goes to stderr. With --evaluations and --seed the output repeats byte for byte\n"
    "at the same --threads, but for the lines starting '# time'. Runs until a bound or SIGINT/SIGTERM (which\n"
    "still writes what was found, exit 128+N).";

// Each command's state while its line is parsed: the command's own struct, which owns every
// default, and its options, declared once into it; `extra`, what the line holds besides (run's
// --json output). finish() converts what was given and checks what no one option can (kExitOk, or
// the exit status of a bad line, said on stderr).
template <class Command, class Extra = std::monostate>
struct State {
  explicit State(CLI::App* app) : options(*app) {}
  Command command;
  Options options;
  Extra extra;
  std::function<int(State&)> check = [](State&) { return kExitOk; };

  int finish() { return options.apply(stderr) ? check(*this) : kExitUsage; }
};

std::shared_ptr<State<SolveCommand>> declare_solve(CLI::App& app) {
  auto s = std::make_shared<State<SolveCommand>>(app.add_subcommand("solve", kSolveAbout));
  SolveCommand& c = s->command;
  Options& o = s->options;
  s->check = [](State<SolveCommand>& state) {
    return verify_options_agree(state.options, stderr) ? kExitOk : kExitUsage;
  };
  o.whole("--threads", c.pipeline.threads, 1, kMaxThreads,
          "Worker threads (default: the CPUs this process may use: its affinity mask, at most SLURM_CPUS_PER_TASK)",
          ShowDefault::no);
  o.app().add_option("--solver", c.solver, "Strategy: " + known_solvers(false))->capture_default_str();
  declare_record_options(
      o, c.step, c.pipeline, [&c](const std::string& reference) { c.verify = reference; }, nullptr);
  o.flag("--no-verify", "Do not recount a plugin's answers with bitmask (on by default for plugins)",
         [&c] { c.verify = ""; });
  o.unset("--no-supervisor", c.supervise,
          "Solve in this process, without the supervising parent that keeps every answer line written whatever "
          "ends the solving (a solver's exit(), a crash on its own thread, a signal it ignores): for a debugger");
  o.app().add_option("FILE", c.input, "Puzzle file, .gz allowed; - for standard input")->capture_default_str();
  return s;
}

// "" for KEY=VALUE, else why not.
std::string key_value_refusal(std::string& text) {
  const std::size_t eq = text.find('=');
  return eq == std::string::npos || eq == 0 ? "'" + text + "' is not KEY=VALUE" : std::string();
}

// --label KEY=VALUE, repeatable, as given: what identifies the measurement in the report.
void declare_labels(Options& o, std::vector<std::string>& labels) {
  const CLI::Validator key_value(key_value_refusal, "KEY=VALUE");
  CLI::Option* label = o.app().add_option("--label", labels,
                                          "KEY=VALUE recorded in the report (settings.labels), repeatable: e.g. "
                                          "version=$(git -C mysolver rev-parse HEAD); history --by KEY orders and "
                                          "names reports by it");
  label->type_name("KEY=VALUE")
      ->check(key_value)
      ->allow_extra_args(false);  // one KEY=VALUE per --label: the files after it stay inputs
}

// What run's line holds besides its struct: --json PATH in --format, and the outputs of the other formats.
struct RunOutputs {
  ReportOutput json;
  ReportOutputOptions others;
};
// --threads, --solver, --repetitions, --warmup-seconds, --min-time and --interleave: what run
// measures, how often and in which order.
void declare_run_plan(Options& o, RunCommand& c) {
  o.text("--threads", "",
         "Thread counts, like 1,2,4 or 1:16 (default: 1 to the CPUs this process may use: its affinity mask, at most "
         "SLURM_CPUS_PER_TASK)",
         [&c](const std::string& text) {
           std::string error;
           c.threads = parse_thread_list(text, error);
           return c.threads.empty() ? "--threads: " + error : std::string();
         });
  o.text("--solver", join(c.solvers, ","), "Comma-separated strategies: " + known_solvers(true),
         [&c](const std::string& text) {
           c.solvers = split_solver_specs(text);
           return std::string();
         });
  declare_labels(o, c.labels);
  o.whole("--repetitions", c.repetitions, 1, 1'000'000, "Measured passes per thread count");
  o.real("--warmup-seconds", c.warmup_seconds, 0, 3600, "Unmeasured passes before each thread count");
  o.real("--min-time", c.min_time_seconds, 0, 3600,
         "Seconds a measured pass lasts at least: it reads its file again (whole files) until then, and "
         "reports the loops; 0 reads it once (the default under --shard, so that merged shards weigh every "
         "puzzle alike)");
  // A flag, so that it never takes the next argument (a FILE) as its seed: --interleave=SEED.
  o.valued_flag("--interleave{random}",
                "Run the passes of every (file, solver, threads, repetition) in a shuffled order, so that the "
                "machine's drift hits every arm alike; --interleave=SEED repeats an order (the report names the "
                "seed)",
                [&c](const std::string& text) {
                  if (text == "random") {
                    c.interleave_seed = std::random_device{}();
                    return std::string();
                  }
                  std::uint64_t seed = 0;
                  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
                  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
                      end != text.data() + text.size())
                    return Options::refusal("--interleave=SEED", text,
                                            "a whole number from 0 to " + std::to_string(kAnyCount));
                  c.interleave_seed = seed;
                  return std::string();
                })
      ->option_text("[=SEED]");
}

// The outputs, which --format, --json and the other formats' options make together.
int check_run(State<RunCommand, RunOutputs>& s) {
  RunCommand& c = s.command;
  const ReportOutput& json = s.extra.json;
  if (json.format != ReportFormat::json && json.path.empty()) {
    std::fprintf(stderr, "sudoku-bench run: --format %s needs --json PATH\n", name_of(json.format).data());
    return kExitUsage;
  }
  if (!json.path.empty()) c.outputs.push_back(json);
  s.extra.others.add_to(c.outputs);
  // Shards cannot agree on a number of readings as MPI ranks do: each read once, merged shards
  // count every puzzle once, as one process does (its readings are whole).
  if (c.shard.count && s.options.app().count("--min-time") == 0) c.min_time_seconds = 0;
  if (std::count_if(c.outputs.begin(), c.outputs.end(), [](const ReportOutput& o) { return o.path == "-"; }) > 1) {
    std::fprintf(stderr, "sudoku-bench run: only one report can go to standard output (-)\n");
    return kExitUsage;
  }
  return verify_options_agree(s.options, stderr) ? kExitOk : kExitUsage;
}

std::shared_ptr<State<RunCommand, RunOutputs>> declare_run(CLI::App& app) {
  auto s = std::make_shared<State<RunCommand, RunOutputs>>(app.add_subcommand("run", kRunAbout));
  RunCommand& c = s->command;
  Options& o = s->options;
  s->check = check_run;
  std::vector<std::pair<std::string, ReportFormat>> formats;
  std::vector<std::string> described;
  for (const ReportFormatName& f : kReportFormats) {
    formats.emplace_back(f.name, f.format);
    described.push_back(std::string(f.name) + " (" + std::string(f.about) + ")");
  }
  declare_run_plan(o, c);
  o.app()
      .add_option("--json", s->extra.json.path,
                  "Write the report here (atomically), in --format; - for standard output; .gz: compressed")
      ->type_name("PATH");
  o.app()
      .add_option("--per-puzzle", c.per_puzzle_path,
                  "Write a CSV row per record of every measured pass here (.gz: compressed), for compare --per-puzzle")
      ->type_name("PATH");
  o.choice("--format", s->extra.json.format, formats, "Format of the --json file: " + join(described, ", "));
  s->extra.others.declare(o.app(), false);
  declare_record_options(
      o, c.pass.step, c.pass.pipeline, [&c](const std::string& reference) { c.verify = reference; },
      &c.plugin_verify_every);
  o.unset("--no-latency", c.pass.time_puzzles,
          "Throughput only: no clock read per puzzle, no latency figures. Puzzles are otherwise timed with "
          "the CPU's invariant TSC where there is one (SUDOKU_BENCH_LATENCY_CLOCK=steady_clock: steady_clock)");
  o.unset("--no-verify", c.verify_plugins,
          "Do not recount external solvers' answers (by default fast recounts about one plugin answer in " +
              std::to_string(c.plugin_verify_every) +
              ", bitmask one exec answer, outside the latency timing; a solver that writes a solution only at "
              "limit 1 is asked again for those puzzles alone)");
  o.unset("--no-progress", c.progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  o.unset("--no-supervisor", c.supervise,
          "Measure in this process, without the supervising parent that keeps every measured pass whatever "
          "ends the measuring (a solver's exit(), a crash on its own thread, the OOM killer): for a debugger");
  o.app()
      .add_option("--resume", c.resume,
                  "Continue the run that wrote this report: its complete passes are kept as they are, the "
                  "others measured (same files, settings, build and machine); a report not there yet starts "
                  "afresh, so that a requeued job can always say --resume R.json --json R.json")
      ->type_name("PATH");
  o.text("--shard", "",
         "Measure shard K of N only (K/N, from 1; auto or auto/N: from a Slurm or Kubernetes job array), "
         "for merge; under mpirun every rank measures its own shard without it",
         [&c](const std::string& text) {
           std::string error;
           const auto shard = parse_shard(text, error);
           if (shard) c.shard = *shard;
           return shard ? std::string() : error;
         });
  o.app().add_option("FILE", c.files, "Puzzle files, .gz allowed")->required();
  return s;
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
  auto s = std::make_shared<State<CompareCommand>>(app.add_subcommand("compare", kCompareAbout));
  CompareCommand& c = s->command;
  Options& o = s->options;
  s->check = check_compare;
  CLI::App* cmd = &o.app();
  std::vector<std::pair<std::string, CompareFormat>> formats;
  for (const CompareFormatName& f : kCompareFormats) formats.emplace_back(f.name, f.format);
  cmd->add_option("BASE", c.base_path, "The reference report (sudoku-bench JSON; CSV with --per-puzzle; .gz allowed)")
      ->required();
  cmd->add_option("NEW", c.current_path, "The report to judge (.gz allowed)")->required();
  o.percent("--max-slowdown", c.options.max_slowdown, false, "Allowed growth of time per puzzle, like 5% or 2.5");
  o.real("--alpha", c.options.alpha, 1e-9, 0.5,
         "Significance level of the test; the change's interval is at 1 - alpha confidence");
  cmd->add_flag("--paired", c.options.paired,
                "Pair repetition i of BASE with repetition i of NEW (runs made in turns, as tools/ab makes them): "
                "a Wilcoxon signed-rank test on the rounds' log ratios and the verdict on their Hodges-Lehmann "
                "estimate. Both sides need as many repetitions (exit 2 otherwise); 6 rounds reach p < 0.05");
  o.choice(
      "--gate", c.options.gate, {{"wall", GateTime::wall}, {"cpu", GateTime::cpu}},
      "Time per puzzle that decides: wall (1 / puzzles/s) or cpu (the CPU time of the process and its exec: programs)");
  o.choice("--format", c.format, formats,
           "What goes to standard output: text (the table and verdicts), markdown (a table for a pull "
           "request) or json (schema sudoku-bench-compare/2); notes go to stderr");
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

constexpr const char* kAbAbout =
    "Is NEW slower than BASE? Two solvers (any specs, NAME=SPEC to name them) measured in one\n"
    "process on one pinned CPU, in turns shard by shard, for as many rounds as a pilot says a\n"
    "slowdown of --detect needs to be seen with probability --power; judged on CPU time per puzzle\n"
    "(Wilcoxon signed-rank test, Hodges-Lehmann estimate of the rounds' ratios). Exit 0: not slower;\n"
    "1: NEW slower by more than --max-slowdown with p < --alpha; 5: NEW's answers differ from BASE's\n"
    "or fail judging; 2 usage, 3 I/O, 4 a solver fault, 128+N interrupted.";

// ab's outputs and the sides measured elsewhere.
void declare_ab_outputs(Options& o, AbCommand& c) {
  CLI::App* cmd = &o.app();
  std::vector<std::pair<std::string, CompareFormat>> formats;
  for (const CompareFormatName& f : kCompareFormats) formats.emplace_back(f.name, f.format);
  o.choice("--format", c.format, formats,
           "Standard output: text, markdown (a pull-request comment) or json (sudoku-bench-compare/2 with an "
           "\"ab\" block)");
  cmd->add_option("--json", c.json_path, "Also write the verdict as JSON here")->type_name("PATH");
  cmd->add_option("--markdown", c.markdown_path, "Also write the verdict as markdown here (a PR comment)")
      ->type_name("PATH");
  cmd->add_option("--html", c.html_path, "Also write a page here: the verdict, both sides' distributions together")
      ->type_name("PATH");
  cmd->add_option("--reports", c.reports_dir, "Write base.json and new.json (a pass per round) into this folder")
      ->type_name("DIR");
  declare_labels(o, c.labels);
  cmd->add_option("--base-bench", c.base_bench, "Measure BASE with this sudoku-bench's run --shard (tools/ab)")
      ->type_name("PATH");
  cmd->add_option("--new-bench", c.new_bench, "Measure NEW with this sudoku-bench's run --shard (tools/ab)")
      ->type_name("PATH");
}

std::shared_ptr<State<AbCommand>> declare_ab(CLI::App& app) {
  auto s = std::make_shared<State<AbCommand>>(app.add_subcommand("ab", kAbAbout));
  AbCommand& c = s->command;
  Options& o = s->options;
  CLI::App* cmd = &o.app();
  cmd->add_option("BASE", c.base, "The reference solver spec (NAME=SPEC names it; default name: base)")->required();
  cmd->add_option("NEW", c.current, "The solver spec to judge (default name: new)")->required();
  cmd->add_option("FILE", c.files, "Puzzle files (.gz allowed), each read once per round and side")->required();
  o.whole("--threads", c.threads, 1, kMaxThreads, "Solver threads of each side (1: pinned to one CPU)");
  o.whole("--shards", c.shards, 1, 10'000, "Turns a round is cut into: BASE and NEW alternate shard by shard");
  o.percent("--detect", c.detect, true, "The slowdown the check must see with probability --power");
  o.real("--power", c.power, 0.5, 0.999, "See --detect");
  o.whole("--pilot", c.pilot, 6, 10'000, "Rounds that measure the noise first");
  o.whole("--rounds", c.rounds, 0, 100'000, "A fixed number of rounds, at least 6 (0: as many as --detect needs)");
  o.whole("--max-rounds", c.max_rounds, 6, 100'000, "The most rounds --detect may ask for");
  o.real("--max-seconds", c.max_seconds, 0, 1e9,
         "A time budget: no round is started that would end after T seconds (0: none); the verdict is on the "
         "rounds measured, or says how long it needs");
  o.percent("--max-slowdown", c.options.max_slowdown, false,
            "Allowed growth of time per puzzle (the same default as compare and history)");
  o.real("--alpha", c.options.alpha, 1e-9, 0.5, "Significance level of the test");
  o.choice("--gate", c.options.gate, {{"wall", GateTime::wall}, {"cpu", GateTime::cpu}},
           "Time per puzzle that decides: cpu (the CPU time of the process and its exec: programs) or wall");
  o.text("--cpu", "", "The CPU both sides run on (default: the last this process may use; none: not pinned)",
         [&c](const std::string& text) {
           if (text != "none" &&
               (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos))
             return Options::refusal("--cpu", text, "a CPU number or none");
           c.cpu = text;
           return std::string();
         });
  declare_ab_outputs(o, c);
  o.unset("--quiet", c.progress, "No line per round on stderr");
  return s;
}

std::shared_ptr<State<MergeCommand>> declare_merge(CLI::App& app) {
  auto s = std::make_shared<State<MergeCommand>>(
      app.add_subcommand("merge", "Join reports of one build (same context) into one, repetitions renumbered."));
  CLI::App& cmd = s->options.app();
  cmd.add_option("--json", s->command.json_path, "Write the merged report here")->required()->type_name("PATH");
  cmd.add_option("FILE", s->command.inputs, "Reports written by run --json (.gz allowed)")->required();
  return s;
}

std::shared_ptr<State<ReportCommand, ReportOutputOptions>> declare_report(CLI::App& app) {
  auto s = std::make_shared<State<ReportCommand, ReportOutputOptions>>(
      app.add_subcommand("report",
                         "Write a stored report in other formats (each as run would have written it), to files "
                         "or to standard output (-)."));
  CLI::App& cmd = s->options.app();
  s->check = [](State<ReportCommand, ReportOutputOptions>& state) {
    state.extra.add_to(state.command.outputs);
    return kExitOk;
  };
  s->extra.declare(cmd, true);
  cmd.add_option("REPORT", s->command.input, "A report written by run --json or merge (.gz allowed)")->required();
  cmd.add_option("--base", s->command.base_path,
                 "With --html: show REPORT against this report, pair by pair (the change in throughput with its "
                 "95% interval, p and verdict)")
      ->type_name("PATH");
  return s;
}

std::shared_ptr<State<HistoryCommand>> declare_history(CLI::App& app) {
  auto s = std::make_shared<State<HistoryCommand>>(app.add_subcommand("history", kHistoryAbout));
  HistoryCommand& c = s->command;
  Options& o = s->options;
  o.percent("--min-change", c.options.min_change, true,
            "The smallest change worth naming, like 3% (the same default as compare's and ab's --max-slowdown)");
  o.choice("--gate", c.options.gate, {{"wall", GateTime::wall}, {"cpu", GateTime::cpu}},
           "The figure followed: cpu (CPU time per puzzle) or wall (throughput)");
  o.app()
      .add_option("--by", c.options.by,
                  "Order the reports by this label (run --label KEY=VALUE; versions as people write them: 1.9 "
                  "before 1.10) and name them by it; default: by date")
      ->type_name("KEY");
  o.real("--alpha", c.options.alpha, 1e-9, 0.5,
         "Significance level, after correcting for the places a change was looked for");
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

std::shared_ptr<State<CheckPluginCommand>> declare_check_plugin(CLI::App& app) {
  auto s = std::make_shared<State<CheckPluginCommand>>(app.add_subcommand("check-plugin", kCheckPluginAbout));
  CheckPluginCommand& c = s->command;
  Options& o = s->options;
  o.app()
      .add_option("PLUGIN", c.plugin,
                  "PATH.so or PATH.so:SYMBOL (default symbol: solve), as after plugin:; or exec:COMMAND, "
                  "exec/N:COMMAND, as --solver takes it")
      ->required();
  const auto rule_limit = [&c](double seconds) {
    c.rule_limit = std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
  };
  o.real_to("--rule-seconds", std::chrono::duration<double>(c.rule_limit).count(), 0.1, 600,
            "A rule that takes longer is reported as a hang", rule_limit);
  return s;
}

// The bounds of a hunt: when it stops, how far an evaluation goes, what it keeps.
void declare_hunt_bounds(Options& o, HuntOptions& h) {
  o.whole("--threads", h.threads, 1, kMaxThreads,
          "Worker threads (default: the CPUs this process may use: its affinity mask, at most SLURM_CPUS_PER_TASK)",
          ShowDefault::no);
  o.whole("--seed", h.seed, 0, kAnyCount, "Seed of every random choice");
  o.whole("--evaluations", h.evaluations, 0, kAnyCount,
          "Stop after N solves (0: no bound); with --seed, a reproducible hunt at a given --threads");
  o.real("--seconds", h.seconds, 0, 1e9, "Stop after T seconds (0: no bound); the first bound reached stops");
  o.whole("--node-limit", h.node_limit, 0, kAnyCount,
          "Abort an evaluation after N nodes (0: none); it counts at its partial tree size, marked aborted");
  o.whole("--top", h.top, 0, 10'000, "How many puzzles to write");
  o.whole("--restart-after", h.restart_after, 1, kAnyCount,
          "climb: start a walk again after N steps without a new best");
}

std::shared_ptr<State<HuntCommand>> declare_hunt(CLI::App& app) {
  auto s = std::make_shared<State<HuntCommand>>(app.add_subcommand("hunt", kHuntAbout));
  HuntCommand& c = s->command;
  Options& o = s->options;
  CLI::App* cmd = &o.app();
  o.choice("--method", c.options.method, {{"random", HuntMethod::random}, {"climb", HuntMethod::climb}},
           "random (Norvig's experiment) or climb (local search)");
  o.choice("--by", c.options.by, {{"nodes", HuntMeasure::nodes}, {"time", HuntMeasure::time}},
           "What is maximised: nodes (tree size, machine-independent) or time");
  cmd->add_option("--solver", c.solver, "Strategy, as for solve: " + known_solvers(false) + ", or plugin:PATH.so")
      ->capture_default_str();
  declare_hunt_bounds(o, c.options);
  cmd->add_flag("--unique", c.options.unique,
                "Keep only uniquely solvable puzzles; climb starts from unique puzzles (generated, or FILE's), "
                "moves by symmetries or removes or moves givens keeping the solution, and rejects moves that lose "
                "uniqueness");
  o.whole("--box", c.options.box, sudoku::kMinBox, sudoku::kMaxRandomBox,
          "Box side of the puzzles: 2 (4x4), 3 (9x9), 4 (16x16), 5 (25x25), 6 (36x36), 7 (49x49)");
  cmd->add_option("--out", c.out_path, "Write the puzzles here instead of standard output")->type_name("PATH");
  o.unset("--no-progress", c.progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  cmd->add_option("FILE", c.files,
                  "climb: start puzzles, one per line (lines, csv or checks files, # comments skipped), taken in "
                  "turn at each start");
  return s;
}

// One example per command, which its --help ends with and a usage error repeats; a test runs each
// through the parser.
constexpr struct {
  const char* command;
  const char* example;
} kExamples[] = {
    {"solve", "sudoku-bench solve --solver fast datasets/kaggle_first20k.txt > answers.txt"},
    {"run", "sudoku-bench run --solver bitmask,fast --threads 1,2 --json r.json datasets/easy50.txt"},
    {"compare", "sudoku-bench compare base.json new.json"},
    {"ab", "sudoku-bench ab plugin:v1/libmine.so plugin:v2/libmine.so datasets/easy50.txt"},
    {"merge", "sudoku-bench merge --json all.json shard1.json shard2.json"},
    {"report", "sudoku-bench report --html r.html r.json"},
    {"history", "sudoku-bench history --by version reports/"},
    {"solvers", "sudoku-bench solvers"},
    {"check-plugin", "sudoku-bench check-plugin ./libmine.so"},
    {"hunt", "sudoku-bench hunt --solver fast --seconds 60 --top 10 --out hard.txt"},
    {"completions", "source <(sudoku-bench completions bash)"},
};

// The command's --help: options grouped, its example last.
void finish_help(CLI::App& command) {
  group_options(command);
  if (const std::string example = command_example(command.get_name()); !example.empty())
    command.footer("Example:\n  " + example);
}

// A command that runs `run` on its options once its line is finished.
template <class S, class Run>
Subcommand subcommand(std::shared_ptr<S> s, Run run) {
  finish_help(s->options.app());
  return {&s->options.app(), [s, run] {
            const int status = s->finish();
            return status != kExitOk ? status : run(s->command);
          }};
}

template <class S>
auto parsed(std::shared_ptr<S> (*declare)(CLI::App&), std::vector<std::string> args)
    -> std::optional<decltype(S::command)> {
  CLI::App app;
  const std::shared_ptr<S> s = declare(app);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError&) {
    return std::nullopt;
  }
  if (s->finish() != kExitOk) return std::nullopt;
  return s->command;
}

}  // namespace

Subcommand add_solve(CLI::App& app) {
  return subcommand(declare_solve(app), [](const SolveCommand& c) { return supervised_solve(c, stdout, stderr); });
}

Subcommand add_run(CLI::App& app) {
  return subcommand(declare_run(app), [](const RunCommand& c) { return supervised_run(c, stdout, stderr); });
}

Subcommand add_compare(CLI::App& app) {
  return subcommand(declare_compare(app), [](const CompareCommand& c) { return compare_command(c, stdout, stderr); });
}

Subcommand add_ab(CLI::App& app) {
  return subcommand(declare_ab(app), [](const AbCommand& c) { return ab_command(c, stdout, stderr); });
}

Subcommand add_merge(CLI::App& app) {
  return subcommand(declare_merge(app), [](const MergeCommand& c) { return merge_command(c, stderr); });
}

Subcommand add_report(CLI::App& app) {
  return subcommand(declare_report(app), [](const ReportCommand& c) { return report_command(c, stdout, stderr); });
}

Subcommand add_history(CLI::App& app) {
  return subcommand(declare_history(app), [](const HistoryCommand& c) { return history_command(c, stdout, stderr); });
}

Subcommand add_solvers(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "solvers", "List the built-in strategies, noop (the harness's own cost) and the external solvers' specs.");
  finish_help(*cmd);
  return {cmd, [] {
            for (const auto& s : sudoku::strategy_list())
              std::printf("%-10s %s\n", std::string(s.name).c_str(), std::string(s.summary).c_str());
            for (const SpecKind& k : spec_kinds())
              std::printf("%-10s %s\n", std::string(k.name).c_str(), std::string(k.summary).c_str());
            return kExitOk;
          }};
}

Subcommand add_completions(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "completions",
      "Print the completion script of a shell (bash, zsh or fish), written from the options declared. cmake "
      "--install puts all three where the shells look; to try one: source <(sudoku-bench completions bash).");
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

Subcommand add_check_plugin(CLI::App& app) {
  return subcommand(declare_check_plugin(app),
                    [](const CheckPluginCommand& c) { return check_plugin_command(c, stdout); });
}

Subcommand add_hunt(CLI::App& app, std::string command_line) {
  const auto s = declare_hunt(app);
  s->command.command_line = std::move(command_line);
  return subcommand(s, [](const HuntCommand& c) { return hunt_command(c, stdout, stderr); });
}

std::optional<SolveCommand> parse_solve(std::vector<std::string> args) { return parsed(declare_solve, args); }
std::optional<RunCommand> parse_run(std::vector<std::string> args) { return parsed(declare_run, args); }
std::optional<AbCommand> parse_ab(std::vector<std::string> args) { return parsed(declare_ab, args); }
std::optional<CompareCommand> parse_compare(std::vector<std::string> args) { return parsed(declare_compare, args); }
std::optional<MergeCommand> parse_merge(std::vector<std::string> args) { return parsed(declare_merge, args); }
std::optional<ReportCommand> parse_report(std::vector<std::string> args) { return parsed(declare_report, args); }
std::optional<HistoryCommand> parse_history(std::vector<std::string> args) { return parsed(declare_history, args); }
std::optional<CheckPluginCommand> parse_check_plugin(std::vector<std::string> args) {
  return parsed(declare_check_plugin, args);
}
std::optional<HuntCommand> parse_hunt(std::vector<std::string> args) { return parsed(declare_hunt, args); }

std::string command_example(std::string_view command) {
  for (const auto& e : kExamples)
    if (command == e.command) return e.example;
  return "";
}

std::vector<std::string> command_examples() {
  std::vector<std::string> examples;
  for (const auto& e : kExamples) examples.emplace_back(e.example);
  return examples;
}

}  // namespace sudoku_bench
