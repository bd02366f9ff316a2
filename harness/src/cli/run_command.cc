#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <random>
#include <system_error>

#include "cli/command_state.h"
#include "cli/measuring_commands.h"
#include "cli/named_inputs.h"
#include "cli/record_options.h"
#include "cli/shard_option.h"
#include "cli/thread_list.h"
#include "cluster/world.h"
#include "report/units.h"
#include "run/run.h"
#include "run/supervisor.h"
#include "stream/verifier.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

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
  o.text("--solver", join(given_texts(c.solvers), ","), "Comma-separated strategies: " + known_solvers(true),
         [&c](const std::string& text) {
           c.solvers = SolverSpec::list(text);
           return std::string();
         });
  declare_labels(o, c.labels);
  declare_measure(o, c.measuring,
                  "What a pass measures: time (the default), or instructions: valgrind counts those executed "
                  "inside the solver's calls, one thread, the same on every run (docs/cli.md, run --measure "
                  "instructions)",
                  "With --measure instructions: count N records of each file, every k-th, the first included, "
                  "the same records for every solver (default: all)");
  o.whole("--repetitions", c.repeats.repetitions, 1, 1'000'000, "Measured passes per thread count");
  o.real("--warmup-seconds", c.repeats.warmup_seconds, 0, 3600, "Unmeasured passes before each thread count");
  o.real("--min-time", c.repeats.min_time_seconds, 0, 3600,
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
                    c.repeats.interleave_seed = std::random_device{}();
                    return std::string();
                  }
                  std::uint64_t seed = 0;
                  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
                  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
                      end != text.data() + text.size())
                    return Options::refusal("--interleave=SEED", text,
                                            "a whole number from 0 to " + std::to_string(kAnyCount));
                  c.repeats.interleave_seed = seed;
                  return std::string();
                })
      ->option_text("[=SEED]");
}

// The outputs, which --format, --json and the other formats' options make together.
int check_run(State<RunCommand, RunOutputs>& s) {
  RunCommand& c = s.command;
  const ReportOutput& json = s.extra.json;
  if (json.format != ReportFormat::json && json.path.empty()) {
    Messages(stderr, "run").errorf("--format %s needs --json PATH", name_of(json.format).data());
    return kExitUsage;
  }
  if (c.per_puzzle_path == "-") {
    // The rows are written as passes are measured, by a process whose standard output is stderr.
    Messages(stderr, "run")
        .error("--per-puzzle -: the rows cannot go to standard output (it holds the table or --json -): give a file");
    return kExitUsage;
  }
  if (!json.path.empty()) c.outputs.push_back(json);
  s.extra.others.add_to(c.outputs);
  // Shards cannot agree on a number of readings as MPI ranks do: each read once, merged shards
  // count every puzzle once, as one process does (its readings are whole).
  if (c.shard.count && s.options.app().count("--min-time") == 0) c.repeats.min_time_seconds = 0;
  if (std::count_if(c.outputs.begin(), c.outputs.end(), [](const ReportOutput& o) { return o.path == "-"; }) > 1) {
    Messages(stderr, "run").error("only one report can go to standard output (-)");
    return kExitUsage;
  }
  if (c.measuring.sample && c.measuring.measure != Measure::instructions) {
    Messages(stderr, "run").error("--sample is for --measure instructions (a timed pass reads whole files)");
    return kExitUsage;
  }
  // A count is the same every time: one pass each unless more are asked for.
  if (c.measuring.measure == Measure::instructions && s.options.app().count("--repetitions") == 0)
    c.repeats.repetitions = 1;
  return verify_options_agree(s.options, stderr) ? kExitOk : kExitUsage;
}

// What the line names, checked before any solver is loaded (cli/named_inputs.h). Among MPI ranks
// each rank may be given other files (mpirun's MPMD form): a rank that stopped here alone would
// leave the others waiting for it, so there the run itself names a rank's unreadable input, on
// every rank together.
int check_run_named(State<RunCommand, RunOutputs>& state) {
  if (World::current().size() > 1) return kExitOk;
  std::vector<GivenSpec> specs;
  for (const SolverSpec& spec : state.command.solvers) specs.push_back({"", spec});
  return check_named_inputs("run", specs, state.command.files, stderr);
}

}  // namespace

std::shared_ptr<State<RunCommand, RunOutputs>> declare_run(CLI::App& app) {
  auto s = std::make_shared<State<RunCommand, RunOutputs>>(add_command(app, "run"));
  RunCommand& c = s->command;
  Options& o = s->options;
  s->check = check_run;
  s->check_named = check_run_named;
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
      o, c.pass.step, c.pass.pipeline,
      [&c](const std::string& reference) {
        c.verification.verify = reference.empty() ? std::nullopt : std::optional(SolverSpec(reference));
      },
      &c.verification.plugin_verify_every);
  o.unset("--no-latency", c.pass.time_puzzles,
          "Throughput only: no clock read per puzzle, no latency figures. Puzzles are otherwise timed with "
          "the CPU's invariant TSC where there is one (SUDOKU_BENCH_LATENCY_CLOCK=steady_clock: steady_clock)");
  o.unset("--no-verify", c.verification.verify_plugins,
          "Do not recount external solvers' answers (by default fast recounts about one plugin answer in " +
              std::to_string(c.verification.plugin_verify_every) +
              ", bitmask one exec answer, outside the latency timing; a solver that writes a solution only at "
              "limit 1 is asked again for one in " +
              std::to_string(Verifier::kAskAgainOfJudged) + " of those puzzles alone)");
  o.unset("--no-progress", c.supervision.progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  o.unset("--no-supervisor", c.supervision.supervise,
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

}  // namespace sudoku_bench
