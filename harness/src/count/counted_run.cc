#include "count/counted_run.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "count/counted_pass.h"
#include "count/sampled_records.h"
#include "count/valgrind.h"
#include "report/context.h"
#include "report/report_table.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/progress.h"
#include "run/report_outputs.h"
#include "run/run_plan.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// What counting cannot do, said before anything is counted; "" when fine.
std::string refusal(const RunCommand& c) {
  for (const ThreadCount t : c.threads)
    if (t.get() != 1)
      return "--measure instructions counts one thread: a count does not depend on threads (valgrind runs a "
             "program's threads one at a time); give --threads 1 or leave it out";
  if (c.shard.count) return "--shard is not available with --measure instructions: --sample N counts a share";
  if (!c.resume.empty()) return "--resume is not available with --measure instructions";
  if (!c.per_puzzle_path.empty())
    return "--per-puzzle is not available with --measure instructions: counts are totals per pass "
           "(docs/cli.md, \"run --measure instructions\")";
  for (const std::string& f : c.files)
    if (read_once(f)) return f + " can be read only once: --measure instructions reads a file from a path";
  for (const SolverSpec& s : c.solvers)
    if (s.kind() == SolverSpec::Kind::noop) return "noop measures the harness's time: it has no instructions to count";
  return "";
}

// sudoku-bench-count, beside this program (SUDOKU_BENCH_COUNT names another).
// Absolute: it runs in a temporary directory. Throws IoError when it is not there.
std::string count_program() {
  std::string path;
  if (const char* given = std::getenv("SUDOKU_BENCH_COUNT"); given && *given) {
    path = std::filesystem::absolute(given).string();
  } else {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    path = ec ? std::string("sudoku-bench-count") : (self.parent_path() / "sudoku-bench-count").string();
  }
  if (access(path.c_str(), X_OK) != 0)
    throw IoError(path,
                  "cannot run it: --measure instructions counts built-in strategies and plugin: libraries "
                  "in sudoku-bench-count, built beside sudoku-bench (cmake --build build --target "
                  "sudoku-bench-count; not in sanitizer builds)");
  return path;
}

class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/sudoku-bench-count.XXXXXX";
    if (!mkdtemp(pattern.data())) throw IoError(pattern, "cannot make a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The report's head: what ran and what counted it.
Report report_head(const RunCommand& one, const std::vector<SpecFactory>& solvers, const Valgrind& valgrind) {
  Report report;
  report.context = collect_context();
  report.run_id = new_run_id();
  report.settings = settings_of(one, {ThreadCount()}, solvers);
  report.settings.latency = false;
  report.settings.latency_clock.clear();
  report.settings.verify.by =
      (one.verification.verify ? one.verification.verify->given() : std::string("bitmask")) + ", every record";
  report.settings.verify.every = 1;
  const auto is_exec = [](const SolverSpec& s) { return s.kind() == SolverSpec::Kind::exec; };
  const auto execs = std::count_if(one.solvers.begin(), one.solvers.end(), is_exec);
  const std::size_t all = one.solvers.size();
  const char* isa = execs == 0                               ? "x86-64-v2"
                    : static_cast<std::size_t>(execs) == all ? "the program's own build"
                                                             : "x86-64-v2; exec: the program's own build";
  report.context.counter = {"valgrind --tool=callgrind", valgrind.version, isa};
  return report;
}

// Every file x solver x repetition counted, in the command line's order. Throws IoError and
// CountFailure.
void count_all(const RunCommand& command, const std::vector<SpecFactory>& solvers, const Valgrind& valgrind,
               const sudoku::SolverFactory* reference, Report& report, Progress& progress) {
  const std::vector<std::string> datasets = dataset_names(command.files);
  progress.plan({{command.files.size() * solvers.size() * static_cast<std::size_t>(command.repeats.repetitions), {}}});
  for (std::size_t f = 0; f < command.files.size(); ++f) {
    const FileSample sample = read_sample(command.files[f], command.pass.pipeline.format, command.measuring.sample);
    for (std::size_t s = 0; s < solvers.size(); ++s)
      for (int rep = 1; rep <= command.repeats.repetitions; ++rep) {
        progress.step(datasets[f] + " " + command.solvers[s].given() + " counting", 0);
        progress.reading(sample.records.size());
        const TempDir temp;
        const CountTarget target{command.solvers[s], solvers[s].factory->name(), reference, count_program(),
                                 temp.path()};
        MeasuredPass pass = counted_pass(valgrind, target, sample, progress);
        pass.id.dataset = datasets[f];
        pass.id.path = command.files[f];
        pass.id.input = input_stamp(command.files[f]);
        pass.id.repetition = rep;
        pass.id.sequence = static_cast<int>(report.passes.size()) + 1;
        pass.id.run_id = report.run_id;
        report.passes.push_back(std::move(pass));
      }
  }
  progress.finish();
}

}  // namespace

int counted_run(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report_out) {
  const auto fail = [&](const std::string& why, int status) {
    Messages(err, "run").error(why);
    return status;
  };
  if (const std::string why = refusal(command); !why.empty()) return fail(why, kExitUsage);
  RunCommand one = command;
  one.threads = {ThreadCount()};  // one
  one.pass.time_puzzles = false;  // nothing is timed: no clock to calibrate or name
  std::vector<SpecFactory> solvers;
  std::unique_ptr<sudoku::SolverFactory> reference;
  std::vector<std::string> notes;
  if (const std::string why = validate(one, false, solvers, reference, notes); !why.empty())
    return fail(why, kExitUsage);
  std::string why;
  const std::optional<Valgrind> valgrind = find_valgrind(why);
  if (!valgrind) return fail(why, kExitIo);
  const auto recount = reference ? std::move(reference) : reference_for_spec(SolverSpec("bitmask"), why);
  Report report = report_head(one, solvers, *valgrind);
  std::optional<ReportOutputs> outputs;
  Progress progress(err, command.supervision.progress);
  try {
    outputs.emplace(command.outputs);
    count_all(command, solvers, *valgrind, recount.get(), report, progress);
  } catch (const IoError& e) {
    progress.finish();
    return fail(e.what(), kExitIo);
  } catch (const CountFailure& e) {
    progress.finish();
    return fail(e.message, e.status);
  }
  print_table(outputs->writes_stdout() ? err : out, report);
  const bool written = outputs->write(report, out, err, "run");
  bool undecided = false;
  for (const MeasuredPass& r : report.passes) undecided |= r.status.undecided() > 0;
  if (report_out) *report_out = std::move(report);
  return !written ? kExitIo : undecided ? kExitUndecided : kExitOk;
}

}  // namespace sudoku_bench
