#include "run/run_plan.h"

#include <sys/stat.h>

#include <algorithm>
#include <random>

#include "plugin/solver_policy.h"
#include "run/spec_identity.h"
#include "stream/pipeline.h"
#include "stream/puzzle_clock.h"
#include "stream/solver_specs.h"

namespace sudoku_bench {

// Checks everything that can be checked before minutes of measuring; returns "" when fine.
std::string validate(const RunCommand& c, bool ranks, std::vector<SpecFactory>& solvers,
                     std::unique_ptr<sudoku::SolverFactory>& reference, std::vector<std::string>& notes) {
  if (c.files.empty()) return "no input files";
  if (ranks && c.shard.count) return "--shard and MPI ranks both split the input: use one of them";
  if (ranks && !c.per_puzzle_path.empty()) return "--per-puzzle is not available with MPI ranks (yet): use --shard";
  if (!c.resume.empty() && !c.per_puzzle_path.empty())
    return "--per-puzzle and --resume: the rows of the passes kept are not in the report; measure the rows anew";
  if (c.repeats.repetitions < 1) return "--repetitions must be at least 1";
  if (!(c.repeats.warmup_seconds >= 0)) return "--warmup-seconds must be 0 or more";
  if (!(c.repeats.min_time_seconds >= 0)) return "--min-time must be 0 or more";
  for (const std::string& f : c.files) {
    if (read_once(f) && (c.files.size() > 1 ||
                         c.repeats.repetitions * c.solvers.size() * std::max<std::size_t>(c.threads.size(), 1) > 1 ||
                         c.repeats.warmup_seconds > 0))
      return (f == "-" ? std::string("standard input") : f + " (a pipe or a device)") +
             " can be read only once: use it alone, with one solver, one thread count, --repetitions 1 "
             "and --warmup-seconds 0";
  }
  for (std::size_t i = 0; i < c.files.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(c.files[i], c.files[j]))
        return c.files[j] + " and " + c.files[i] + " are the same file: give it once";
  for (const SolverSpec& spec : c.solvers) {
    std::string error, note;
    auto factory = factory_for_spec(spec, error, &note);
    if (!factory) return error;
    if (!note.empty()) notes.push_back(note);
    std::unique_ptr<sudoku::SolverFactory> recount;
    const std::string recount_spec = policy_of(*factory).recounted_by;
    if (!c.verification.verify && c.verification.verify_plugins && !recount_spec.empty() &&
        !(recount = reference_for_spec(SolverSpec(recount_spec), error)))
      return error;
    solvers.push_back({spec, std::move(factory), std::move(recount)});
  }
  if (c.verification.verify) {
    std::string error;
    if (!(reference = reference_for_spec(*c.verification.verify, error))) return error;
  }
  return {};
}

std::optional<InputStamp> input_stamp(const std::string& path) {
  struct stat st {};
  if (read_once(path) || fstatat(start_directory(), path.c_str(), &st, 0) != 0) return std::nullopt;
  try {
    return InputStamp{static_cast<std::uint64_t>(st.st_size),
                      static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                      sample_fingerprint(path)};
  } catch (const IoError&) {  // named when the pass opens it
    return std::nullopt;
  }
}

// Fisher-Yates with a bound drawn from mt19937_64's outputs, whose sequence the standard fixes
// (std::shuffle's is the library's own): the same seed gives the same order everywhere.
void shuffle(std::vector<PlannedPass>& plan, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  for (std::size_t i = plan.size(); i > 1; --i) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % i;  // no modulo bias
    std::uint64_t x;
    do x = random();
    while (x >= limit);
    std::swap(plan[i - 1], plan[x % i]);
  }
}

std::vector<ThreadCount> thread_counts_of(const RunCommand& command) {
  std::vector<ThreadCount> counts = command.threads;
  if (counts.empty())
    for (int t = 1, all = ThreadCount::all_cpus().get(); t <= all; ++t) counts.push_back(*ThreadCount::of(t));
  return counts;
}

std::vector<int> thread_numbers(const std::vector<ThreadCount>& counts) {
  std::vector<int> numbers;
  for (const ThreadCount t : counts) numbers.push_back(t.get());
  return numbers;
}

// The report's settings: what was asked, as it was run.
Settings settings_of(const RunCommand& command, const std::vector<ThreadCount>& thread_counts,
                     const std::vector<SpecFactory>& solvers) {
  const StepOptions& step = command.pass.step;
  Settings settings;
  settings.measure = command.measuring.measure;
  settings.sample = command.measuring.sample;
  settings.solvers = given_texts(command.solvers);
  for (std::size_t i = 0; i < solvers.size(); ++i)
    settings.identities.push_back(identify_solver(command.solvers[i], solvers[i].factory->name()));
  for (const std::string& label : command.labels) {
    const std::size_t eq = label.find('=');
    settings.labels.emplace_back(label.substr(0, eq), label.substr(eq + 1));
  }
  settings.threads = thread_numbers(thread_counts);
  settings.repetitions = command.repeats.repetitions;
  settings.warmup_seconds = command.repeats.warmup_seconds;
  settings.min_time_seconds = command.repeats.min_time_seconds;
  settings.interleave_seed = command.repeats.interleave_seed;
  settings.limits.solutions = step.solve.max_solutions;
  settings.limits.nodes = step.solve.max_nodes;
  settings.limits.time_ms = std::chrono::duration<double, std::milli>(step.solve.time_limit).count();
  settings.seed = step.seed;
  settings.latency = command.pass.time_puzzles;
  // Calibrates the clock before anything is timed, and names it.
  if (command.pass.time_puzzles) settings.latency_clock = PuzzleClock::for_pass().name();
  settings.verify.by = command.verification.verify ? command.verification.verify->given() : "";
  settings.verify.every = step.verify_every;
  if (std::any_of(solvers.begin(), solvers.end(),
                  [](const SpecFactory& s) { return s.default_reference != nullptr; })) {
    settings.verify.by = "external solvers only: fast (plugin), bitmask (exec)";
    settings.verify.every = command.verification.plugin_verify_every;
  }
  settings.shard = command.shard;
  return settings;
}

}  // namespace sudoku_bench
