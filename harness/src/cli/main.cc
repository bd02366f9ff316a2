// sudoku-bench: the command line. Parses options and hands them to the commands.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <string>

#include "sudoku/strategies.h"
#include "report/build_info.h"
#include "cli/compare_command.h"
#include "cli/exit_codes.h"
#include "stream/input_format.h"
#include "cli/interrupt.h"
#include "cli/merge_command.h"
#include "report/report_formats.h"
#include "cli/run_command.h"
#include "cli/solve_command.h"
#include "cli/solver_list.h"
#include "cli/thread_list.h"

namespace {

// CLI11's own number checks print their limits as huge floats; this one says what is wrong.
const CLI::Validator kAtLeastOne(
    [](std::string& value) -> std::string {
      return value.find_first_not_of("0123456789") == std::string::npos && value.find_first_not_of('0') != std::string::npos
                 ? std::string()
                 : "must be a whole number of at least 1, not '" + value + "'";
    },
    "K>=1");

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

std::chrono::nanoseconds from_ms(double ms) {
  return std::chrono::nanoseconds(static_cast<std::int64_t>(ms * 1e6));
}

std::string known_solvers() {
  std::string names;
  for (const auto& s : sudoku::strategy_list()) names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sudoku_bench;
  CLI::App app{"sudoku-bench: throughput, latency and search-tree sizes of Sudoku solvers.\n"
               "Exit status: 0 ok, 1 some records invalid, aborted or failing their check (compare: a pair got\n"
               "slower), 2 usage error, 3 input/output error, "
               "128+N stopped by signal N (SIGINT, SIGTERM) after reporting what it had.",
               "sudoku-bench"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("sudoku-bench ") + build_info::kVersion + " (" + build_info::kGitCommit + ")");

  SolveCommand solve;
  std::string solve_input = "-";
  auto* solve_cmd = app.add_subcommand("solve", "Solve every record; print PUZZLE:COUNT[:SOLUTION] per record, in input order.\n"
                                                "COUNT is 0..K, K meaning K or more; SOLUTION follows when COUNT is 1.\n"
                                                "Invalid records print RECORD:invalid, and FILE:LINE: reason on stderr.");
  solve_cmd->add_option("--limit", solve.limit, "Count solutions up to K (2 checks uniqueness)")->capture_default_str()->check(kAtLeastOne);
  solve_cmd->add_option("--threads", solve.threads, "Worker threads (default: all hardware threads)")->check(CLI::Range(1, 1024));
  solve_cmd->add_option("--solver", solve.solver, "Strategy: " + known_solvers())->capture_default_str();
  double solve_time_limit_ms = 0;
  solve_cmd->add_option("--node-limit", solve.node_limit, "Abort a puzzle after N search nodes (0: none); prints PUZZLE:aborted")->capture_default_str();
  solve_cmd->add_option("--time-limit-ms", solve_time_limit_ms, "Abort a puzzle after T milliseconds (0: none); prints PUZZLE:aborted")->capture_default_str()->check(CLI::NonNegativeNumber);
  solve_cmd->add_option("--seed", solve.seed, "Solve each puzzle under a random symmetry picked by (S, puzzle), undone on output (0: as given)")->capture_default_str();
  std::string solve_format = "auto";
  solve_cmd->add_option("--input-format", solve_format, "auto, lines, grid, csv (puzzle,solution) or checks (puzzle:count[:solution])")->capture_default_str();
  solve_cmd->add_option("FILE", solve_input, "Puzzle file, .gz allowed; - for standard input")->capture_default_str();

  RunCommand run;
  std::string threads_text, solvers_text = "bitmask";
  bool no_progress = false;
  auto* run_cmd = app.add_subcommand("run", "Measure throughput, latency and tree sizes for each FILE x solver x thread count.\n"
                                            "Prints a table; --json writes every repetition, percentiles, scaling and context.");
  run_cmd->add_option("--threads", threads_text, "Thread counts, like 1,2,4 or 1:16 (default: 1 to all hardware threads)");
  run_cmd->add_option("--solver", solvers_text, "Comma-separated strategies: " + known_solvers())->capture_default_str();
  run_cmd->add_option("--repetitions", run.repetitions, "Measured passes per thread count")->capture_default_str()->check(CLI::Range(1, 1000000));
  run_cmd->add_option("--warmup-seconds", run.warmup_seconds, "Unmeasured passes before each thread count")->capture_default_str()->check(CLI::Range(0.0, 3600.0));
  std::string report_format = "json";
  run_cmd->add_option("--json", run.json_path, "Write the report here (atomically)");
  run_cmd->add_option("--format", report_format, "Schema of the --json file: json (sudoku-bench/1), gbench (Google Benchmark), bmf (Bencher)")
      ->capture_default_str()
      ->check(CLI::IsMember({"json", "gbench", "bmf"}));
  double run_time_limit_ms = 0;
  run_cmd->add_option("--node-limit", run.node_limit, "Abort a puzzle after N search nodes (0: none)")->capture_default_str();
  run_cmd->add_option("--time-limit-ms", run_time_limit_ms, "Abort a puzzle after T milliseconds (0: none)")->capture_default_str()->check(CLI::NonNegativeNumber);
  run_cmd->add_option("--seed", run.seed, "Solve each puzzle under a random symmetry picked by (S, puzzle) (0: as given)")->capture_default_str();
  std::string run_format = "auto";
  run_cmd->add_option("--input-format", run_format, "auto, lines, grid, csv (puzzle,solution) or checks (puzzle:count[:solution])")->capture_default_str();
  bool no_latency = false;
  run_cmd->add_flag("--no-latency", no_latency, "Throughput only: no clock read per puzzle, no latency figures");
  run_cmd->add_flag("--no-progress", no_progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  run_cmd->add_option("FILE", run.files, "Puzzle files, .gz allowed")->required();

  CompareCommand compare;
  std::string max_slowdown = "5%";
  auto* compare_cmd = app.add_subcommand("compare", "Compare two run reports pair by pair (dataset, solver, threads).\n"
                                                    "Exit 1 when a pair's time per puzzle grew by more than --max-slowdown\n"
                                                    "with p < --alpha (Mann-Whitney U over repetitions), else 0.");
  compare_cmd->add_option("BASE", compare.base_path, "The reference report (sudoku-bench JSON)")->required();
  compare_cmd->add_option("NEW", compare.current_path, "The report to judge")->required();
  compare_cmd->add_option("--max-slowdown", max_slowdown, "Allowed growth of time per puzzle, like 5% or 2.5")->capture_default_str();
  compare_cmd->add_option("--alpha", compare.options.alpha, "Significance level of the U test")->capture_default_str()->check(CLI::Range(1e-9, 0.5));
  std::string gate_time = "wall";
  compare_cmd->add_option("--gate", gate_time, "Time per puzzle that decides: wall (1 / puzzles/s) or cpu (process CPU time)")
      ->capture_default_str()
      ->check(CLI::IsMember({"wall", "cpu"}));
  compare_cmd->add_flag("--allow-context-mismatch", compare.allow_context_mismatch,
                        "Compare even when CPU, compiler, flags, build type or settings differ");

  MergeCommand merge;
  auto* merge_cmd = app.add_subcommand("merge", "Join reports of one build (same context) into one, repetitions renumbered.");
  merge_cmd->add_option("--json", merge.json_path, "Write the merged report here")->required();
  merge_cmd->add_option("FILE", merge.inputs, "Reports written by run --json")->required();

  auto* solvers_cmd = app.add_subcommand("solvers", "List the built-in strategies.");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }

  const auto format_of = [](const std::string& name, InputFormat& out) {
    if (const auto f = input_format_named(name)) {
      out = *f;
      return true;
    }
    std::fprintf(stderr, "sudoku-bench: --input-format must be auto, lines, grid, csv or checks, not '%s'\n", name.c_str());
    return false;
  };
  install_interrupt_handlers();
  if (*solve_cmd) {
    solve.input = solve_input;
    solve.time_limit = from_ms(solve_time_limit_ms);
    if (!format_of(solve_format, solve.format)) return kExitUsage;
    return solve_command(solve, stdout, stderr);
  }
  if (*run_cmd) {
    if (!threads_text.empty()) {
      std::string error;
      run.threads = parse_thread_list(threads_text, error);
      if (run.threads.empty()) {
        std::fprintf(stderr, "sudoku-bench run: %s\n", error.c_str());
        return kExitUsage;
      }
    }
    run.solvers = split_solver_list(solvers_text);
    run.report_format = *report_format_named(report_format);
    if (run.report_format != ReportFormat::json && run.json_path.empty()) {
      std::fprintf(stderr, "sudoku-bench run: --format %s needs --json PATH\n", report_format.c_str());
      return kExitUsage;
    }
    run.time_limit = from_ms(run_time_limit_ms);
    if (!format_of(run_format, run.format)) return kExitUsage;
    run.progress = !no_progress;
    run.time_puzzles = !no_latency;
    return run_command(run, stdout, stderr);
  }
  if (*compare_cmd) {
    compare.options.max_slowdown = parse_percent(max_slowdown);
    if (compare.options.max_slowdown < 0) {
      std::fprintf(stderr, "sudoku-bench compare: --max-slowdown: '%s' is not a percentage like 5%%\n", max_slowdown.c_str());
      return kExitUsage;
    }
    compare.options.gate = gate_time == "cpu" ? GateTime::cpu : GateTime::wall;
    return compare_command(compare, stdout, stderr);
  }
  if (*merge_cmd) return merge_command(merge, stderr);
  if (*solvers_cmd) {
    for (const auto& s : sudoku::strategy_list()) std::printf("%-10s %s\n", std::string(s.name).c_str(), std::string(s.summary).c_str());
    return kExitOk;
  }
  return kExitUsage;
}
