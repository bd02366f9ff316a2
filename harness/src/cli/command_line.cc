#include "cli/command_line.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include "cli/check_plugin_command.h"
#include "cli/compare_command.h"
#include "cli/exit_codes.h"
#include "cli/hunt_command.h"
#include "cli/merge_command.h"
#include "cli/run_command.h"
#include "cli/shard_option.h"
#include "cli/solve_command.h"
#include "cli/solver_spec_list.h"
#include "cli/thread_list.h"
#include "stream/noop.h"
#include "sudoku/grid.h"
#include "sudoku/random_puzzle.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

// Every numeric option of every command is taken by CLI11 as text and converted here, so that a
// bad value is refused the same way whatever the option, before anything runs: exit 2 with
// "sudoku-bench CMD: --OPTION: 'TEXT' is not a whole number from MIN to MAX" (or "a number").
// CLI11 2.1's own conversion would take "-1" into an unsigned option as 2^64-1, saturate
// "18446744073709551616", read "010" as octal and "0x10" as hex, and let NaN through its ranges.
class Numbers {
 public:
  // A whole number in [min, max], decimal digits only: no sign, no spaces, no exponent.
  template <typename T>
  CLI::Option* whole(CLI::App& command, const std::string& name, T& target, std::uint64_t min, std::uint64_t max,
                     const std::string& help, bool show_default = true) {
    static_assert(std::is_integral_v<T>);
    Entry& e = add(command, name, help, std::is_signed_v<T> ? "INT" : "UINT",
                   show_default ? std::to_string(target) : std::string());
    e.range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    e.convert = [&target, min, max](const std::string& text) {
      if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
      std::uint64_t v = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max) return false;
      target = static_cast<T>(v);
      return true;
    };
    return e.option;
  }

  // A finite number in [min, max] (decimal or exponent notation).
  CLI::Option* real(CLI::App& command, const std::string& name, double& target, double min, double max,
                    const std::string& help, bool show_default = true) {
    Entry& e = add(command, name, help, "FLOAT", show_default ? shortest(target) : std::string());
    e.range = "a number from " + shortest(min) + " to " + shortest(max);
    e.convert = [&target, min, max](const std::string& text) {
      double v = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) || v < min ||
          v > max)
        return false;
      target = v == 0 ? 0.0 : v;  // -0 is 0
      return true;
    };
    return e.option;
  }

  // Converts every option given into its target; false, with the first bad one named on `err`.
  bool apply(const char* command, std::FILE* err) const {
    for (const auto& e : entries_) {
      if (e->option->count() == 0 || e->convert(e->text)) continue;
      std::fprintf(err, "sudoku-bench %s: %s: '%s' is not %s\n", command, e->option->get_name().c_str(),
                   e->text.c_str(), e->range.c_str());
      return false;
    }
    return true;
  }

 private:
  struct Entry {
    CLI::Option* option = nullptr;
    std::string text;
    std::string range;
    std::function<bool(const std::string&)> convert;
  };

  Entry& add(CLI::App& command, const std::string& name, const std::string& help, const char* type,
             const std::string& default_text) {
    auto& e = *entries_.emplace_back(std::make_unique<Entry>());
    e.option = command.add_option(name, e.text, help)->type_name(type);
    if (!default_text.empty()) e.option->default_str(default_text);
    return e;
  }

  // 0.2, 3600, 1000000000, 1e-09: whole numbers in full, others as short as they read back the same.
  static std::string shortest(double v) {
    char buffer[64];
    const bool whole = v == std::floor(v) && std::fabs(v) < 1e16;
    const auto [end, ec] = whole ? std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed)
                                 : std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : std::to_string(v);
  }

  std::vector<std::unique_ptr<Entry>> entries_;  // stable addresses: CLI11 writes each text in place
};

constexpr std::uint64_t kAnyCount = std::numeric_limits<std::uint64_t>::max();
// The longest per-puzzle time limit: about 11.6 days, far below where milliseconds as nanoseconds
// would overflow std::int64_t (9.2e15 ms).
constexpr double kMaxTimeLimitMs = 1e9;
constexpr int kMaxThreads = 1024;

// "5%" or "5": a percentage, as a fraction; negative when the text is none.
double parse_percent(std::string text) {
  if (!text.empty() && text.back() == '%') text.pop_back();
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    return used == text.size() && v >= 0 && v < 1e6 ? v / 100 : -1;
  } catch (const std::exception&) {
    return -1;
  }
}

// Reads the percentage option `option` of `command` into `fraction`; false, said on stderr, when
// `text` is none or not above `above` (a fraction).
bool apply_percent(const char* command, const char* option, const std::string& text, double above, double& fraction) {
  const double v = parse_percent(text);
  if (v > above || (above < 0 && v >= 0)) {
    fraction = v;
    return true;
  }
  std::fprintf(stderr, "sudoku-bench %s: %s: '%s' is not a percentage%s like 5%%\n", command, option, text.c_str(),
               above >= 0 ? " above 0" : "");
  return false;
}

// What plugins and exec programs are, for `solvers` and the --solver help.
constexpr const char* kPluginSummary =
    "plugin:PATH.so[:SYMBOL][@auto|@private|@shared]: a solver in a shared library (tdoku's C signature, "
    "sudoku_bench/plugin_abi.h), 9x9; @auto (default) gives each thread a private instance when it is not "
    "reentrant; check it with check-plugin";
constexpr const char* kExecSummary =
    "exec:COMMAND, exec/N:COMMAND: a solver in any language, a program per thread answering 'PUZZLE LIMIT' "
    "lines with 'COUNT[:SOLUTION[:GUESSES]]', in batches of 64 (N)";

std::string known_solvers(bool with_noop) {
  std::string names;
  for (const auto& s : sudoku::strategy_list()) names += (names.empty() ? "" : ", ") + std::string(s.name);
  names += ", plugin:PATH.so[:SYMBOL][@MODE], exec:COMMAND";
  return with_noop ? names + ", " + kNoopSpec + " (the harness alone)" : names;
}

// "a, b, c or d".
std::string one_of(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

std::string input_format_names(bool with_layouts) {
  std::vector<std::string> words;
  for (const InputFormatName& f : kInputFormats) {
    const std::string layout = f.layout;
    words.push_back(f.name + (with_layouts && !layout.empty() ? " (" + layout + ")" : std::string()));
  }
  return one_of(words);
}

std::string join(const std::vector<std::string>& words, const char* separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

// The options `solve` and `run` share: how each record is solved and how the input is read. They
// land in the command's own settings, whose defaults the texts start from; the texts that need a
// conversion are kept in `text`.
struct RecordOptionTexts {
  double time_limit_ms = 0;
  std::string input_format;
  std::string verify;  // the reference's spec, when --verify was given
  bool no_verify = false;
};

void add_record_options(CLI::App& command, Numbers& numbers, StepOptions& step, const PipelineConfig& pipeline,
                        RecordOptionTexts& text) {
  text.time_limit_ms = std::chrono::duration<double, std::milli>(step.solve.time_limit).count();
  text.input_format = name_of(pipeline.format);
  numbers.whole(command, "--limit", step.solve.max_solutions, 1, kAnyCount,
                "Count solutions up to K (2 checks uniqueness; 1 stops at the first solution, which run's "
                "report counts as solved, uniqueness not asked)");
  numbers.whole(command, "--node-limit", step.solve.max_nodes, 0, kAnyCount,
                "Abort a puzzle after N search nodes (0: none)");
  numbers.real(command, "--time-limit-ms", text.time_limit_ms, 0, kMaxTimeLimitMs,
               "Abort a puzzle after T milliseconds (0: none; at most 1e9, about 11.6 days)");
  numbers.whole(command, "--seed", step.seed, 0, kAnyCount,
                "Solve each puzzle under a random symmetry picked by (S, puzzle) (0: as given)");
  command.add_option("--input-format", text.input_format, input_format_names(true))->capture_default_str();
  command.add_flag("--verify{bitmask}", text.verify,
                   "Recount each puzzle with a reference strategy (--verify=REF; default bitmask) outside the "
                   "latency timing; a disagreement is a wrong answer. Costs the reference's time per puzzle");
  numbers.whole(command, "--verify-every", step.verify_every, 1, kAnyCount,
                "With --verify: recount about one puzzle in K (picked by a hash of the puzzle); run without "
                "--verify: the same for plugins' default recount (default there: " +
                    std::to_string(kDefaultPluginVerifyEvery) + ")");
}

// Applies the converted texts; false, with a message, when the input format is unknown or --verify
// meets --no-verify.
bool apply_record_options(const char* command, const RecordOptionTexts& text, StepOptions& step,
                          PipelineConfig& pipeline) {
  // Whole nanoseconds, rounded up: a limit above 0 never becomes none (0). At most 1e15: no overflow.
  step.solve.time_limit = std::chrono::nanoseconds(static_cast<std::int64_t>(std::ceil(text.time_limit_ms * 1e6)));
  if (text.no_verify && !text.verify.empty()) {
    std::fprintf(stderr, "sudoku-bench %s: --verify and --no-verify contradict each other\n", command);
    return false;
  }
  if (const auto f = input_format_named(text.input_format)) {
    pipeline.format = *f;
    return true;
  }
  std::fprintf(stderr, "sudoku-bench %s: --input-format: '%s' is not %s\n", command, text.input_format.c_str(),
               input_format_names(false).c_str());
  return false;
}

// Each command's state while its line is parsed: the command's own struct, which owns every
// default, and the texts that are converted into it once parsing is done (finish: kExitOk, or the
// exit status of a bad line, said on stderr).
struct SolveState {
  CLI::App* app = nullptr;
  SolveCommand command;
  RecordOptionTexts text;
  Numbers numbers;

  int finish() {
    if (!numbers.apply("solve", stderr)) return kExitUsage;
    if (!apply_record_options("solve", text, command.step, command.pipeline)) return kExitUsage;
    if (text.no_verify || !text.verify.empty()) command.verify = text.verify;
    return kExitOk;
  }
};

std::shared_ptr<SolveState> declare_solve(CLI::App& app) {
  auto s = std::make_shared<SolveState>();
  CLI::App* cmd = s->app =
      app.add_subcommand("solve",
                         "Solve every record; print PUZZLE:COUNT[:SOLUTION] per record, in input order.\n"
                         "COUNT is 0..K, K meaning K or more; SOLUTION follows when COUNT is 1.\n"
                         "Invalid records print RECORD:invalid, and FILE:LINE: reason on stderr;\n"
                         "aborted ones PUZZLE:aborted. With --seed, solutions are mapped back to the puzzle as given.\n"
                         "Every answer is judged: a reported solution must be one (a solver that writes none is asked\n"
                         "again at limit 1), and with --verify (default for plugins) the count must match the\n"
                         "reference's; an answer that fails prints PUZZLE:wrong, FILE:LINE: reason on stderr, exit 1.");
  s->numbers.whole(*cmd, "--threads", s->command.pipeline.threads, 1, kMaxThreads,
                   "Worker threads (default: all hardware threads)", false);
  cmd->add_option("--solver", s->command.solver, "Strategy: " + known_solvers(false))->capture_default_str();
  add_record_options(*cmd, s->numbers, s->command.step, s->command.pipeline, s->text);
  cmd->add_flag("--no-verify", s->text.no_verify,
                "Do not recount a plugin's answers with bitmask (on by default for plugins)");
  cmd->add_option("FILE", s->command.input, "Puzzle file, .gz allowed; - for standard input")->capture_default_str();
  return s;
}

struct RunState {
  CLI::App* app = nullptr;
  RunCommand command;
  RecordOptionTexts text;
  Numbers numbers;
  std::string threads, solvers, report_format, shard, json_path;
  ReportOutputOptions outputs;
  bool no_latency = false, no_progress = false;
  std::string interleave;
  CLI::Option* interleave_option = nullptr;
  CLI::Option* verify_every_option = nullptr;

  int finish();
  bool parse_interleave();
};

std::shared_ptr<RunState> declare_run(CLI::App& app) {
  auto s = std::make_shared<RunState>();
  CLI::App* cmd = s->app =
      app.add_subcommand("run",
                         "Measure throughput, latency and tree sizes for each FILE x solver x thread count.\n"
                         "Prints a table; --json writes every repetition, percentiles, scaling and context.");
  RunCommand& c = s->command;
  s->solvers = join(c.solvers, ",");
  s->report_format = name_of(ReportOutput{}.format);
  std::vector<std::string> formats, described;
  for (const ReportFormatName& f : kReportFormats) {
    formats.emplace_back(f.name);
    described.push_back(std::string(f.name) + " (" + std::string(f.about) + ")");
  }
  cmd->add_option("--threads", s->threads, "Thread counts, like 1,2,4 or 1:16 (default: 1 to all hardware threads)");
  cmd->add_option("--solver", s->solvers, "Comma-separated strategies: " + known_solvers(true))->capture_default_str();
  s->numbers.whole(*cmd, "--repetitions", c.repetitions, 1, 1'000'000, "Measured passes per thread count");
  s->numbers.real(*cmd, "--warmup-seconds", c.warmup_seconds, 0, 3600, "Unmeasured passes before each thread count");
  s->numbers.real(*cmd, "--min-time", c.min_time_seconds, 0, 3600,
                  "Seconds a measured pass lasts at least: it reads its file again (whole files) until then, and "
                  "reports the loops; 0 reads it once");
  s->interleave_option =
      // A flag, so that it never takes the next argument (a FILE) as its seed: --interleave=SEED.
      cmd->add_flag("--interleave{random}", s->interleave,
                    "Run the passes of every (file, solver, threads, repetition) in a shuffled order, so that the "
                    "machine's drift hits every arm alike; --interleave=SEED repeats an order (the report names the "
                    "seed)");
  cmd->add_option("--json", s->json_path,
                  "Write the report here (atomically), in --format; - for standard output; .gz: compressed");
  cmd->add_option("--per-puzzle", c.per_puzzle_path,
                  "Write a CSV row per record of every measured pass here (.gz: compressed), for compare --per-puzzle");
  cmd->add_option("--format", s->report_format, "Format of the --json file: " + join(described, ", "))
      ->capture_default_str()
      ->check(CLI::IsMember(formats));
  s->outputs.declare(*cmd, false);
  add_record_options(*cmd, s->numbers, c.pass.step, c.pass.pipeline, s->text);
  s->verify_every_option = cmd->get_option("--verify-every");
  cmd->add_flag("--no-latency", s->no_latency,
                "Throughput only: no clock read per puzzle, no latency figures. Puzzles are otherwise timed with "
                "the CPU's invariant TSC where there is one (SUDOKU_BENCH_LATENCY_CLOCK=steady_clock: steady_clock)");
  cmd->add_flag("--no-verify", s->text.no_verify,
                "Do not recount external solvers' answers (by default fast recounts about one plugin answer in " +
                    std::to_string(c.plugin_verify_every) +
                    ", bitmask one exec answer, outside the latency timing; a solver that writes a solution only at "
                    "limit 1 is asked again for those puzzles alone)");
  cmd->add_flag("--no-progress", s->no_progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  cmd->add_option("--shard", s->shard,
                  "Measure shard K of N only (K/N, from 1; auto or auto/N: from a Slurm or Kubernetes job array), "
                  "for merge; under mpirun every rank measures its own shard without it");
  cmd->add_option("FILE", c.files, "Puzzle files, .gz allowed")->required();
  return s;
}

bool RunState::parse_interleave() {
  if (interleave_option->count() == 0) return true;
  if (interleave == "random") {
    command.interleave_seed = std::random_device{}();
    return true;
  }
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(interleave.data(), interleave.data() + interleave.size(), seed);
  if (interleave.empty() || interleave.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
      end != interleave.data() + interleave.size()) {
    std::fprintf(stderr, "sudoku-bench run: --interleave=SEED: '%s' is not a whole number from 0 to %llu\n",
                 interleave.c_str(), static_cast<unsigned long long>(kAnyCount));
    return false;
  }
  command.interleave_seed = seed;
  return true;
}

int RunState::finish() {
  RunCommand& c = command;
  if (!numbers.apply("run", stderr)) return kExitUsage;
  std::string error;
  if (!shard.empty()) {
    const auto parsed = parse_shard(shard, error);
    if (!parsed) {
      std::fprintf(stderr, "sudoku-bench run: %s\n", error.c_str());
      return kExitUsage;
    }
    c.shard = *parsed;
  }
  if (!threads.empty()) {
    c.threads = parse_thread_list(threads, error);
    if (c.threads.empty()) {
      std::fprintf(stderr, "sudoku-bench run: --threads: %s\n", error.c_str());
      return kExitUsage;
    }
  }
  c.solvers = split_solver_specs(solvers);
  const ReportFormat format = *report_format_named(report_format);
  if (format != ReportFormat::json && json_path.empty()) {
    std::fprintf(stderr, "sudoku-bench run: --format %s needs --json PATH\n", report_format.c_str());
    return kExitUsage;
  }
  if (!json_path.empty()) c.outputs.push_back({format, json_path});
  outputs.add_to(c.outputs);
  if (std::count_if(c.outputs.begin(), c.outputs.end(), [](const ReportOutput& o) { return o.path == "-"; }) > 1) {
    std::fprintf(stderr, "sudoku-bench run: only one report can go to standard output (-)\n");
    return kExitUsage;
  }
  if (!apply_record_options("run", text, c.pass.step, c.pass.pipeline)) return kExitUsage;
  if (!parse_interleave()) return kExitUsage;
  c.verify = text.verify;
  if (text.no_verify) c.verify_plugins = false;
  if (verify_every_option->count() > 0) c.plugin_verify_every = c.pass.step.verify_every;
  if (no_progress) c.progress = false;
  if (no_latency) c.pass.time_puzzles = false;
  return kExitOk;
}

// 0.05 as "5%", as --max-slowdown is written.
std::string percent_text(double fraction) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, fraction * 100);
  return std::string(buffer, ec == std::errc() ? end : buffer) + "%";
}

struct CompareState {
  CLI::App* app = nullptr;
  CompareCommand command;
  Numbers numbers;
  std::string max_slowdown, gate, format;

  int finish() {
    if (!numbers.apply("compare", stderr)) return kExitUsage;
    if (!apply_percent("compare", "--max-slowdown", max_slowdown, -1, command.options.max_slowdown)) return kExitUsage;
    command.options.gate = gate == "cpu" ? GateTime::cpu : GateTime::wall;
    command.format = *compare_format_named(format);
    if (command.per_puzzle && command.options.paired) {
      std::fprintf(stderr, "sudoku-bench compare: --paired is for reports; --per-puzzle pairs puzzles already\n");
      return kExitUsage;
    }
    if (command.per_puzzle && command.format != CompareFormat::text) {
      std::fprintf(stderr, "sudoku-bench compare: --format %s is for reports; --per-puzzle prints text\n",
                   format.c_str());
      return kExitUsage;
    }
    return kExitOk;
  }
};

std::shared_ptr<CompareState> declare_compare(CLI::App& app) {
  auto s = std::make_shared<CompareState>();
  CLI::App* cmd = s->app =
      app.add_subcommand("compare",
                         "Compare two run reports pair by pair (dataset, solver, threads).\n"
                         "Exit 1 when a pair's time per puzzle grew by more than --max-slowdown\n"
                         "with p < --alpha (Mann-Whitney U over repetitions, or with --paired the\n"
                         "Wilcoxon signed-rank test over rounds), else 0.");
  CompareCommand& c = s->command;
  s->max_slowdown = percent_text(c.options.max_slowdown);
  s->gate = c.options.gate == GateTime::cpu ? "cpu" : "wall";
  s->format = name_of(c.format);
  std::vector<std::string> formats;
  for (const CompareFormatName& f : kCompareFormats) formats.emplace_back(f.name);
  cmd->add_option("BASE", c.base_path, "The reference report (sudoku-bench JSON; CSV with --per-puzzle; .gz allowed)")
      ->required();
  cmd->add_option("NEW", c.current_path, "The report to judge (.gz allowed)")->required();
  cmd->add_option("--max-slowdown", s->max_slowdown, "Allowed growth of time per puzzle, like 5% or 2.5")
      ->capture_default_str();
  s->numbers.real(*cmd, "--alpha", c.options.alpha, 1e-9, 0.5,
                  "Significance level of the test; the change's interval is at 1 - alpha confidence");
  cmd->add_flag("--paired", c.options.paired,
                "Pair repetition i of BASE with repetition i of NEW (runs made in turns, as tools/ab makes them): "
                "a Wilcoxon signed-rank test on the rounds' log ratios and the verdict on their Hodges-Lehmann "
                "estimate. Both sides need as many repetitions (exit 2 otherwise); 6 rounds reach p < 0.05");
  cmd->add_option("--gate", s->gate, "Time per puzzle that decides: wall (1 / puzzles/s) or cpu (process CPU time)")
      ->capture_default_str()
      ->check(CLI::IsMember({"wall", "cpu"}));
  cmd->add_option("--format", s->format,
                  "What goes to standard output: text (the table and verdicts), markdown (a table for a pull "
                  "request) or json (schema sudoku-bench-compare/2); notes go to stderr")
      ->capture_default_str()
      ->check(CLI::IsMember(formats));
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
  s->numbers.whole(*cmd, "--show", c.show, 0, 1'000'000,
                   "With --per-puzzle: how many most-slowed puzzles to name per dataset");
  return s;
}

struct MergeState {
  CLI::App* app = nullptr;
  MergeCommand command;
  int finish() { return kExitOk; }
};

std::shared_ptr<MergeState> declare_merge(CLI::App& app) {
  auto s = std::make_shared<MergeState>();
  s->app = app.add_subcommand("merge", "Join reports of one build (same context) into one, repetitions renumbered.");
  s->app->add_option("--json", s->command.json_path, "Write the merged report here")->required();
  s->app->add_option("FILE", s->command.inputs, "Reports written by run --json (.gz allowed)")->required();
  return s;
}

struct ReportState {
  CLI::App* app = nullptr;
  ReportCommand command;
  ReportOutputOptions outputs;
  int finish() {
    outputs.add_to(command.outputs);
    return kExitOk;
  }
};

std::shared_ptr<ReportState> declare_report(CLI::App& app) {
  auto s = std::make_shared<ReportState>();
  s->app = app.add_subcommand("report",
                              "Write a stored report in other formats (each as run would have written it), to files "
                              "or to standard output (-).");
  s->outputs.declare(*s->app, true);
  s->app->add_option("REPORT", s->command.input, "A report written by run --json or merge (.gz allowed)")->required();
  s->app->add_option("--base", s->command.base_path,
                     "With --html: show REPORT against this report, pair by pair (the change in throughput with its "
                     "95% interval, p and verdict)");
  return s;
}

struct HistoryState {
  CLI::App* app = nullptr;
  HistoryCommand command;
  Numbers numbers;
  std::string min_change;
  int finish() {
    if (!numbers.apply("history", stderr)) return kExitUsage;
    return apply_percent("history", "--min-change", min_change, 0, command.options.min_change) ? kExitOk : kExitUsage;
  }
};

std::shared_ptr<HistoryState> declare_history(CLI::App& app) {
  auto s = std::make_shared<HistoryState>();
  HistoryCommand& c = s->command;
  s->min_change = percent_text(c.options.min_change);
  s->app = app.add_subcommand("history",
                              "The reports of one benchmark over commits (ordered by date), a series per (dataset, "
                              "solver, threads),\nand the first report of each change of level with its size, "
                              "interval and p. Exit 1 when a series' newest change is a slowdown.");
  s->app->add_option("--min-change", s->min_change, "The smallest change in throughput worth naming, like 3%")
      ->capture_default_str();
  s->numbers.real(*s->app, "--alpha", c.options.alpha, 1e-9, 0.5,
                  "Significance level, after correcting for the places a change was looked for");
  s->app->add_option("--html", c.html_path,
                     "Write the history's page here: each series' throughput over the reports, its changes marked");
  s->app
      ->add_option("REPORT", c.paths,
                   "Reports written by run --json (.gz allowed), or folders of them (their *.json and *.json.gz)")
      ->required();
  return s;
}

struct CheckPluginState {
  CLI::App* app = nullptr;
  CheckPluginCommand command;
  Numbers numbers;
  double seconds = 0;

  int finish() {
    if (!numbers.apply("check-plugin", stderr)) return kExitUsage;
    command.rule_limit = std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
    return kExitOk;
  }
};

std::shared_ptr<CheckPluginState> declare_check_plugin(CLI::App& app) {
  auto s = std::make_shared<CheckPluginState>();
  s->seconds = std::chrono::duration<double>(s->command.rule_limit).count();
  CLI::App* cmd = s->app = app.add_subcommand(
      "check-plugin",
      "Check that a plugin is usable as it is, in seconds, a line per rule: it loads; it counts 0, 1 and 2+\n"
      "right on a fixed set (givens in conflict included); it respects the limit; it writes a valid solution\n"
      "keeping the givens at limit 1 (and at limit 2 or not); it reports guesses; it reads no more than the\n"
      "81 characters and the NUL after them; it is reentrant; and roughly how fast it is. Each rule runs in a\n"
      "child process, so a crash or a hang is named with the puzzle it happened on. PASS: the rule holds;\n"
      "NOTE: it does not, and run and solve work around it as the line says; FAIL: answers cannot be\n"
      "measured as they are. Exit 0 when no rule failed, 1 otherwise.");
  cmd->add_option("PLUGIN", s->command.plugin, "PATH.so or PATH.so:SYMBOL (default symbol: solve), as after plugin:")
      ->required();
  s->numbers.real(*cmd, "--rule-seconds", s->seconds, 0.1, 600, "A rule that takes longer is reported as a hang");
  return s;
}

struct HuntState {
  CLI::App* app = nullptr;
  HuntCommand command;
  Numbers numbers;
  std::string method, by;
  bool no_progress = false;

  int finish() {
    if (!numbers.apply("hunt", stderr)) return kExitUsage;
    command.options.method = method == "climb" ? HuntMethod::climb : HuntMethod::random;
    command.options.by = by == "time" ? HuntMeasure::time : HuntMeasure::nodes;
    if (no_progress) command.progress = false;
    return kExitOk;
  }
};

std::shared_ptr<HuntState> declare_hunt(CLI::App& app) {
  auto s = std::make_shared<HuntState>();
  HuntCommand& c = s->command;
  s->method = c.options.method == HuntMethod::climb ? "climb" : "random";
  s->by = c.options.by == HuntMeasure::time ? "time" : "nodes";
  CLI::App* cmd = s->app = app.add_subcommand(
      "hunt",
      "Search for the puzzles that make a solver work hardest, by tree size (nodes, the default) or time.\n"
      "random: solve Norvig's random puzzles (random candidates with propagation until 17 cells with 8\n"
      "digits are decided), evaluation i from (seed, i). climb: from a start puzzle (random, or FILE's),\n"
      "change one given at a time (add, remove or change a digit) and keep a change that does not shrink the\n"
      "measure; start again after --restart-after steps without a new best. Each evaluation solves at limit 2\n"
      "as run does. Writes the --top puzzles as a checks file (PUZZLE:COUNT, COUNT 0, 1, 2 = two or more, or\n"
      "aborted), each after a comment with its nodes, guesses and count, with the settings and a summary as\n"
      "comments; the summary also goes to stderr. With --evaluations and --seed the output repeats byte for byte\n"
      "at the same --threads, but for the lines starting '# time'. Runs until a bound or SIGINT/SIGTERM (which\n"
      "still writes what was found, exit 128+N).");
  cmd->add_option("--method", s->method, "random (Norvig's experiment) or climb (local search)")
      ->capture_default_str()
      ->check(CLI::IsMember({"random", "climb"}));
  cmd->add_option("--by", s->by, "What is maximised: nodes (tree size, machine-independent) or time")
      ->capture_default_str()
      ->check(CLI::IsMember({"nodes", "time"}));
  cmd->add_option("--solver", c.solver, "Strategy, as for solve: " + known_solvers(false) + ", or plugin:PATH.so")
      ->capture_default_str();
  s->numbers.whole(*cmd, "--threads", c.options.threads, 1, kMaxThreads,
                   "Worker threads (default: all hardware threads)", false);
  s->numbers.whole(*cmd, "--seed", c.options.seed, 0, kAnyCount, "Seed of every random choice");
  s->numbers.whole(*cmd, "--evaluations", c.options.evaluations, 0, kAnyCount,
                   "Stop after N solves (0: no bound); with --seed, a reproducible hunt at a given --threads");
  s->numbers.real(*cmd, "--seconds", c.options.seconds, 0, 1e9,
                  "Stop after T seconds (0: no bound); the first bound reached stops");
  s->numbers.whole(*cmd, "--node-limit", c.options.node_limit, 0, kAnyCount,
                   "Abort an evaluation after N nodes (0: none); it counts at its partial tree size, marked aborted");
  s->numbers.whole(*cmd, "--top", c.options.top, 0, 10'000, "How many puzzles to write");
  s->numbers.whole(*cmd, "--restart-after", c.options.restart_after, 1, kAnyCount,
                   "climb: start a walk again after N steps without a new best");
  cmd->add_flag("--unique", c.options.unique,
                "Keep only uniquely solvable puzzles; climb starts from unique puzzles (generated, or FILE's), "
                "moves by symmetries or removes or moves givens keeping the solution, and rejects moves that lose "
                "uniqueness");
  s->numbers.whole(*cmd, "--box", c.options.box, sudoku::kMinBox, sudoku::kMaxRandomBox,
                   "Box side of the puzzles: 2 (4x4), 3 (9x9), 4 (16x16), 5 (25x25), 6 (36x36), 7 (49x49)");
  cmd->add_option("--out", c.out_path, "Write the puzzles here instead of standard output");
  cmd->add_flag("--no-progress", s->no_progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  cmd->add_option("FILE", c.files,
                  "climb: start puzzles, one per line (lines, csv or checks files, # comments skipped), taken in "
                  "turn at each start");
  return s;
}

// A command that runs `run` on its options once its line is finished.
template <class State, class Run>
Subcommand subcommand(std::shared_ptr<State> s, Run run) {
  return {s->app, [s, run] {
            const int status = s->finish();
            return status != kExitOk ? status : run(s->command);
          }};
}

template <class State>
auto parsed(std::shared_ptr<State> (*declare)(CLI::App&), std::vector<std::string> args)
    -> std::optional<decltype(State::command)> {
  CLI::App app;
  const std::shared_ptr<State> s = declare(app);
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
  return subcommand(declare_solve(app), [](const SolveCommand& c) { return solve_command(c, stdout, stderr); });
}

Subcommand add_run(CLI::App& app) {
  return subcommand(declare_run(app), [](const RunCommand& c) { return run_command(c, stdout, stderr); });
}

Subcommand add_compare(CLI::App& app) {
  return subcommand(declare_compare(app), [](const CompareCommand& c) { return compare_command(c, stdout, stderr); });
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
  return {cmd, [] {
            for (const auto& s : sudoku::strategy_list())
              std::printf("%-10s %s\n", std::string(s.name).c_str(), std::string(s.summary).c_str());
            std::printf("%-10s %s\n", kNoopSpec, kNoopSummary);
            std::printf("%-10s %s\n", "plugin:", kPluginSummary);
            std::printf("%-10s %s\n", "exec:", kExecSummary);
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
std::optional<CompareCommand> parse_compare(std::vector<std::string> args) { return parsed(declare_compare, args); }
std::optional<MergeCommand> parse_merge(std::vector<std::string> args) { return parsed(declare_merge, args); }
std::optional<ReportCommand> parse_report(std::vector<std::string> args) { return parsed(declare_report, args); }
std::optional<HistoryCommand> parse_history(std::vector<std::string> args) { return parsed(declare_history, args); }
std::optional<CheckPluginCommand> parse_check_plugin(std::vector<std::string> args) {
  return parsed(declare_check_plugin, args);
}
std::optional<HuntCommand> parse_hunt(std::vector<std::string> args) { return parsed(declare_hunt, args); }

}  // namespace sudoku_bench
