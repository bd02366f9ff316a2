#include "cli/hunt_command.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "cli/command_state.h"
#include "hunt/hunt_report.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/progress.h"
#include "stream/input.h"
#include "stream/output_file.h"
#include "stream/pipeline.h"
#include "stream/solver_specs.h"
#include "sudoku/grid.h"
#include "sudoku/parse.h"
#include "sudoku/random_puzzle.h"

namespace sudoku_bench {
namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Start puzzles for the climb: the first field of every line that is not blank or a # comment,
// so that lines, csv (puzzle,solution) and checks (puzzle:count) files all serve, a hunt's own
// output included.
std::vector<sudoku::Grid> read_starts(const std::vector<std::string>& files, int box) {
  std::vector<sudoku::Grid> starts;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path + ": cannot open: " + std::strerror(errno));
    std::string line;
    for (std::uint64_t number = 1; std::getline(in, line); ++number) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      const std::string field = line.substr(0, line.find_first_of(":,"));
      sudoku::Grid g;
      if (const sudoku::ParseResult r = sudoku::parse_record(field, g); !r)
        throw UsageError(path + ":" + std::to_string(number) + ": " + sudoku::describe(r));
      if (g.box != box)
        throw UsageError(path + ":" + std::to_string(number) + ": a " + std::to_string(g.side()) + "x" +
                         std::to_string(g.side()) + " puzzle; the hunt is for --box " + std::to_string(box));
      starts.push_back(g);
    }
    if (in.bad()) throw FileError(path + ": cannot read: " + std::strerror(errno));
  }
  if (!files.empty() && starts.empty()) throw UsageError("the FILE arguments hold no puzzle");
  return starts;
}

void write_all(std::FILE* f, const std::string& s, const std::string& name) {
  if (std::fwrite(s.data(), 1, s.size(), f) != s.size() || std::fflush(f) != 0)
    throw FileError(name + ": cannot write: " + std::strerror(errno));
}

// The solver to hunt with, refused where it cannot serve the hunt `options` ask for.
std::unique_ptr<sudoku::SolverFactory> hunting_solver(const std::string& spec, const HuntOptions& options) {
  std::string error;
  auto factory = factory_for_spec(spec, error);
  if (!factory) throw UsageError(error);
  if (!factory->counts_solutions()) throw UsageError(factory->name() + " finds no solutions and grows no trees");
  if (options.by == HuntMeasure::nodes && !factory->reports_tree_size())
    throw UsageError(factory->name() + " reports no tree sizes; hunt it --by time");
  if (!factory->supports(options.box))
    throw UsageError(factory->name() + " does not solve " + std::to_string(options.box * options.box) + "x" +
                     std::to_string(options.box * options.box) + " puzzles");
  return factory;
}

// Hunts with progress on `err` (a TTY only): a bounded hunt's share done, else its evaluations.
HuntResult hunt_with_progress(const sudoku::SolverFactory& factory, const HuntOptions& options, bool show,
                              std::FILE* err) {
  Progress progress(err, show);
  const bool bounded = options.evaluations > 0 || options.seconds > 0;
  progress.start("hunt", bounded ? 1'000'000 : 0);
  const char* unit = options.by == HuntMeasure::nodes ? " nodes" : " ns";
  const auto tick = [&](const HuntTick& t) {
    double done = 0;
    if (options.evaluations > 0)
      done = std::max(done, static_cast<double>(t.evaluations) / static_cast<double>(options.evaluations));
    if (options.seconds > 0) done = std::max(done, t.seconds / options.seconds);
    progress.update(t.evaluations, bounded ? std::max<std::uint64_t>(1, static_cast<std::uint64_t>(done * 1e6)) : 0, 0,
                    "best " + format_count(static_cast<double>(t.best)) + unit);
  };
  HuntResult result;
  try {
    result = hunt(factory, options, interrupt_requested(), tick);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  progress.finish();
  return result;
}

// Writes `text` to --out (replaced whole) when it is open, else to `out`.
void write_checks(std::optional<OutputFile>& opened, const std::string& text, std::FILE* out) {
  if (!opened) return write_all(out, text, "<stdout>");
  try {
    opened->write(text);
    opened->commit();
  } catch (const IoError& e) {
    throw FileError(e.what());
  }
}

// The bounds of a hunt: when it stops, how far an evaluation goes, what it keeps.
void declare_hunt_bounds(Options& o, HuntOptions& h) {
  declare_threads(o, h.threads, "Worker threads");
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
  auto s = std::make_shared<State<HuntCommand>>(add_command(app, "hunt"));
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

}  // namespace

int hunt_command(const HuntCommand& command, std::FILE* out, std::FILE* err) {
  HuntOptions options = command.options;
  options.threads = thread_count(options.threads);
  try {
    const auto factory = hunting_solver(command.solver, options);
    if (options.method == HuntMethod::random && !command.files.empty())
      throw UsageError("FILE arguments are start puzzles for --method climb");
    options.starts = read_starts(command.files, options.box);

    // Checked before the hunt, so that an output that cannot be written costs no hunt; after the
    // starts are read, so that a hunt may climb from its own earlier output, which is replaced
    // whole once the hunt is over (OutputFile).
    std::optional<OutputFile> opened;
    try {
      if (!command.out_path.empty()) opened.emplace(command.out_path, "--out");
    } catch (const IoError& e) {
      throw FileError(e.what());
    }
    const HuntResult result = hunt_with_progress(*factory, options, command.progress, err);

    HuntContext context;
    context.command_line = command.command_line;
    context.solver = factory->implementation();
    context.interrupted = interrupt_requested().load();
    write_checks(opened, hunt_checks_file(result, options, context), out);
    std::fputs(hunt_summary(result, options, context).c_str(), err);
    if (context.interrupted) return kExitInterrupted + interrupt_signal();
    return kExitOk;
  } catch (const UsageError& e) {
    std::fprintf(err, "sudoku-bench hunt: %s\n", e.what());
    return kExitUsage;
  } catch (const FileError& e) {
    std::fprintf(err, "sudoku-bench hunt: %s\n", e.what());
    return kExitIo;
  }
}

Subcommand add_hunt(CLI::App& app, std::string command_line) {
  const auto s = declare_hunt(app);
  s->command.command_line = std::move(command_line);
  return subcommand(s, [](const HuntCommand& c) { return hunt_command(c, stdout, stderr); });
}

std::optional<HuntCommand> parse_hunt(std::vector<std::string> args) { return parsed(declare_hunt, args); }

}  // namespace sudoku_bench
