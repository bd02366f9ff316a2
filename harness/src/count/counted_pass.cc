#include "count/counted_pass.h"

#include <chrono>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "count/answers.h"
#include "count/callgrind_out.h"
#include "plugin/library.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "stream/solver_specs.h"

namespace sudoku_bench {
namespace {

constexpr const char* kRegion = "sudoku_bench_count_region";

// The counting program's argument for a built-in strategy or a plugin: library (its path made
// absolute: the program runs in the temporary directory).
std::vector<std::string> program_arguments(const SolverSpec& spec) {
  if (spec.kind() != SolverSpec::Kind::plugin) return {"--solver", spec.spec()};
  if (!spec.malformed().empty()) throw CountFailure{spec.malformed(), kExitUsage};
  const plugin::PluginSpec& p = spec.plugin();
  char resolved[PATH_MAX];
  const std::string file = realpath(p.file.c_str(), resolved) ? std::string(resolved) : p.file;
  return {"--plugin", file + ":" + p.symbol};
}

std::string records_text(const FileSample& sample, const char* suffix) {
  std::string text;
  for (const SampledRecord& r : sample.records)
    if (r.invalid.empty()) text += (suffix[0] ? "" : std::to_string(r.line) + " ") + r.puzzle + suffix + "\n";
  return text;
}

// The last lines of valgrind's log, which goes with its temporary directory: what it said of the end.
std::string log_tail(const std::string& log) {
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (const auto mark = line.find("== "); line.starts_with("==") && mark != std::string::npos)
      line.erase(0, mark + 3);
    if (!line.empty()) lines.push_back(line);
  }
  std::string tail;
  for (std::size_t i = lines.size() > 3 ? lines.size() - 3 : 0; i < lines.size(); ++i) tail += "; " + lines[i];
  return tail.empty() ? "" : " (valgrind's log ends: " + tail.substr(2) + ")";
}

// What a child under valgrind came to, when it failed: named, with the fix where valgrind's log
// knows it.
void check_end(const ChildEnd& end, const std::string& log, const std::string& what) {
  if (end.status == 0 && end.signal == 0) return;
  // Ctrl-C or a SIGTERM reaches valgrind too (it shares the process group): the run was stopped, the
  // solver did nothing wrong.
  if (interrupt_requested().load() || end.signal == SIGINT || end.signal == SIGTERM || end.signal == SIGHUP) {
    const int signal = interrupt_signal() ? interrupt_signal() : end.signal ? end.signal : SIGINT;
    throw CountFailure{"interrupted by signal " + std::to_string(signal) + " while counting; nothing is reported",
                       kExitInterrupted + signal};
  }
  if (const std::string failure = valgrind_failure(log, what); !failure.empty())
    throw CountFailure{failure, kExitSolverFault};
  const std::string how = end.signal ? "was ended by signal " + std::to_string(end.signal)
                                     : "exited with status " + std::to_string(end.status);
  throw CountFailure{what + " " + how + " under valgrind" + log_tail(log), kExitSolverFault};
}

std::uint64_t total_of(const std::string& out_file) {
  std::string why;
  const auto total = callgrind_file_total(out_file, why);
  if (!total) throw CountFailure{"callgrind's count: " + why, kExitIo};
  return *total;
}

MeasuredPass in_program(const Valgrind& valgrind, const CountTarget& target, const FileSample& sample,
                        Progress& progress) {
  const std::string out_file = target.temp_dir + "/callgrind.out", log = target.temp_dir + "/valgrind.log";
  std::vector<std::string> argv = {valgrind.path,
                                   "--tool=callgrind",
                                   "--collect-atstart=no",
                                   std::string("--toggle-collect=") + kRegion,
                                   "--callgrind-out-file=" + out_file,
                                   "--log-file=" + log,
                                   target.count_program};
  for (std::string& a : program_arguments(target.spec)) argv.push_back(std::move(a));
  Answers answers(sample, target.reference);
  const ChildEnd end = run_child(argv, records_text(sample, ""), target.temp_dir, {}, [&](std::string_view line) {
    answers.take_program_line(line);
    progress.update(answers.count(), answers.count());
  });
  const bool plugin = target.spec.kind() == SolverSpec::Kind::plugin;
  check_end(end, log, (plugin ? "the library of " : "the counting program for ") + target.spec.given());
  MeasuredPass pass = answers.pass(!plugin);
  if (pass.puzzles() > 0)
    pass.figures[Fig::instructions_per_puzzle] = static_cast<double>(total_of(out_file)) / answers.count();
  return pass;
}

// Valgrind's files of every process of one count (NAME.out.PID, NAME.log.PID): the counts summed,
// the logs joined into NAME.log for check_end to read.
std::uint64_t total_of_processes(const std::string& dir, const std::string& name) {
  std::uint64_t total = 0;
  bool any = false;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().filename().string().starts_with(name + ".out.")) {
      total += total_of(entry.path().string());
      any = true;
    }
  if (!any) throw CountFailure{"callgrind's count: no output file in " + dir, kExitIo};
  return total;
}

std::string joined_logs(const std::string& dir, const std::string& name) {
  const std::string joined = dir + "/" + name + ".log";
  std::ofstream out(joined);
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().filename().string().starts_with(name + ".log.")) out << std::ifstream(entry.path()).rdbuf();
  return joined;
}

// An exec: program's instructions, all of them, and those of every process it starts (a wrapper
// script's solver, a pipeline's stages): once given no record (its start-up, S), once given the
// records (T); per record (T - S) / N. PYTHONHASHSEED=0 so that a Python program's hashing, and
// with it its count, is the same every run.
MeasuredPass in_exec(const Valgrind& valgrind, const CountTarget& target, const FileSample& sample,
                     Progress& progress) {
  const std::string& command = target.spec.command();
  const auto count = [&](const std::string& input, const char* name, auto&& on_line) {
    const std::string prefix = target.temp_dir + "/" + name;
    const std::string shell = "exec " + valgrind.path +
                              " --tool=callgrind --trace-children=yes --callgrind-out-file=" + prefix +
                              ".out.%p --log-file=" + prefix + ".log.%p " + command;
    const ChildEnd end = run_child({"/bin/sh", "-c", shell}, input, "", {"PYTHONHASHSEED=0"}, on_line);
    check_end(end, joined_logs(target.temp_dir, name), "the program of " + target.spec.given());
    return total_of_processes(target.temp_dir, name);
  };
  const std::uint64_t startup = count("", "startup", [](std::string_view) {});
  Answers answers(sample, target.reference);
  const std::uint64_t total = count(records_text(sample, " 2"), "records", [&](std::string_view line) {
    answers.take_exec_line(line);
    progress.update(answers.count(), answers.count());
  });
  MeasuredPass pass = answers.pass(false);
  pass.figures[Fig::startup_instructions] = static_cast<double>(startup);
  if (answers.count() > 0)
    pass.figures[Fig::instructions_per_puzzle] =
        (static_cast<double>(total) - static_cast<double>(startup)) / answers.count();
  return pass;
}

}  // namespace

MeasuredPass counted_pass(const Valgrind& valgrind, const CountTarget& target, const FileSample& sample,
                          Progress& progress) {
  const auto started = std::chrono::steady_clock::now();
  const bool exec = target.spec.kind() == SolverSpec::Kind::exec;
  MeasuredPass pass =
      exec ? in_exec(valgrind, target, sample, progress) : in_program(valgrind, target, sample, progress);
  pass.id.solver = target.solver;
  if (pass.id.implementation.empty()) pass.id.implementation = target.solver;
  pass.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  pass.threads = pass.threads_observed = 1;
  pass.distributions.latency_measured = false;
  pass.file_records = sample.records.size();
  return pass;
}

}  // namespace sudoku_bench
