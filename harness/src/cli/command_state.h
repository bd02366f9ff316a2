// What every command's file uses to declare its options and become a Subcommand (command_line.h):
// the command's State while its line is parsed, and the options more than one command takes,
// declared once here and added to each command by one call.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "cli/command_line.h"
#include "cli/options.h"
#include "cli/thread_list.h"
#include "report/verdict.h"
#include "run/command_options.h"
#include "run/exit_codes.h"
#include "run/report_outputs.h"
#include "stream/solver_spec.h"
#include "sys/thread_count.h"

namespace CLI {
class App;
}  // namespace CLI

namespace sudoku_bench {

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
  // What the line names outside itself (solver specs, input files), checked before the command runs
  // and before any solver is loaded (cli/named_inputs.h); not by parsed(), which reads a line alone.
  std::function<int(State&)> check_named = [](State&) { return kExitOk; };

  int finish() { return options.apply(stderr) ? check(*this) : kExitUsage; }
};

// The strategies, then the other specs' syntax; noop, not a solver, only where it may run.
std::string known_solvers(bool with_noop);

// The subcommand `name`, with what it does (command_line.cc's table of commands).
CLI::App* add_command(CLI::App& app, std::string_view name);

// The command's --help: options grouped, its example last.
void finish_help(CLI::App& command);

// --threads N: one thread count (solve, ab, hunt; run takes a list). `what` says whose threads;
// a target with none (all the CPUs this process may use, which the command resolves) shows no default.
void declare_threads(Options& o, std::optional<ThreadCount>& threads, const std::string& what);
void declare_threads(Options& o, ThreadCount& threads, const std::string& what);

// --solver SPEC: one solver (solve, hunt), taken apart here, once (stream/solver_spec.h).
void declare_solver(Options& o, SolverSpec& solver, const std::string& help);

// --max-slowdown (history: --min-change, the smallest step worth naming), --alpha and --gate: how
// every command that judges (compare, ab, history) judges.
enum class Threshold { max_slowdown, min_change };
void declare_judging(Options& o, Judging& judging, Threshold threshold = Threshold::max_slowdown);

// --label KEY=VALUE, repeatable, as given: what identifies the measurement in the report.
void declare_labels(Options& o, std::vector<std::string>& labels);
// --measure time|instructions and --sample N, for run and ab alike; `measure_help` and `sample_help`
// say what each means for the command.
void declare_measure(Options& o, Measuring& measuring, const std::string& measure_help, const std::string& sample_help);

// --NAME PATH for each report format (run: all but json, which its --json takes; report: all),
// repeatable: the paths given, one list per format of kReportFormats, in its order.
struct ReportOutputOptions {
  std::vector<std::vector<std::string>> paths = std::vector<std::vector<std::string>>(std::size(kReportFormats));

  // Declares --NAME PATH for each format (but json when `with_json` is false), repeatable.
  void declare(CLI::App& app, bool with_json);
  // Appends the outputs given, in kReportFormats' order.
  void add_to(std::vector<ReportOutput>& outputs) const;
};

// A command that runs `run` on its options once its line is finished.
template <class S, class Run>
Subcommand subcommand(std::shared_ptr<S> s, Run run) {
  finish_help(s->options.app());
  return {&s->options.app(), [s, run] {
            int status = s->finish();
            if (status == kExitOk) status = s->check_named(*s);
            return status != kExitOk ? status : run(s->command);
          }};
}

// A command whose work prints to standard output and standard error: `work(command, stdout, stderr)`.
template <class S, class C>
Subcommand subcommand(std::shared_ptr<S> s, int (*work)(const C&, std::FILE*, std::FILE*)) {
  return subcommand(std::move(s), [work](const C& c) { return work(c, stdout, stderr); });
}

// Declares a command into an app of its own (`declare`), parses `args` (the command's name first)
// and finishes what was given (`finish`, while the app lives): false for a line it refuses.
bool parses(std::vector<std::string> args, const std::function<void(CLI::App&)>& declare,
            const std::function<int()>& finish);

// The command's struct as a line makes it, without running it; empty for a line it refuses.
template <class S>
auto parsed(std::shared_ptr<S> (*declare)(CLI::App&), std::vector<std::string> args)
    -> std::optional<decltype(S::command)> {
  std::shared_ptr<S> s;
  const auto declare_into = [&](CLI::App& app) { s = declare(app); };
  if (!parses(std::move(args), declare_into, [&] { return s->finish(); })) return std::nullopt;
  return s->command;
}

}  // namespace sudoku_bench
