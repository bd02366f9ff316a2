#include "cli/hunt_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "cli/command_state.h"
#include "hunt/hunt_report.h"
#include "plugin/call_guard.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/pass_link.h"
#include "run/progress.h"
#include "run/supervision.h"
#include "stream/output_file.h"
#include "stream/pipeline.h"
#include "stream/solver_specs.h"
#include "sudoku/grid.h"
#include "sudoku/parse.h"
#include "sudoku/random_puzzle.h"
#include "sys/io_error.h"
#include "sys/message.h"

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
std::unique_ptr<sudoku::SolverFactory> hunting_solver(const SolverSpec& spec, const HuntOptions& options) {
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
                              std::FILE* err, const std::function<void(const HuntResult&)>& finds) {
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
    result = hunt(factory, options, interrupt_requested(), tick, finds);
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
  declare_solver(o, c.solver, "Strategy, as for solve: " + known_solvers(false) + ", or plugin:PATH.so");
  declare_hunt_bounds(o, c.options);
  cmd->add_flag("--unique", c.options.unique,
                "Keep only uniquely solvable puzzles; climb starts from unique puzzles (generated, or FILE's), "
                "moves by symmetries or removes or moves givens keeping the solution, and rejects moves that lose "
                "uniqueness");
  o.whole("--box", c.options.box, sudoku::kMinBox, sudoku::kMaxRandomBox,
          "Box side of the puzzles: 2 (4x4), 3 (9x9), 4 (16x16), 5 (25x25), 6 (36x36), 7 (49x49)");
  cmd->add_option("--out", c.out_path, "Write the puzzles here instead of standard output")->type_name("PATH");
  o.unset("--no-progress", c.progress, "Never draw progress (it is drawn only when stderr is a terminal)");
  o.unset("--no-supervisor", c.supervise,
          "Hunt in the process started, without the supervising parent (cli.md, The supervisor): for a debugger");
  cmd->add_option("FILE", c.files,
                  "climb: start puzzles, one per line (lines, csv or checks files, # comments skipped), taken in "
                  "turn at each start");
  return s;
}

// The supervisor's copy of the finds so far, as the checks file it writes should the hunting
// process end before it can: sent when the evaluations have grown.
std::function<void(const HuntResult&)> finds_to(PassLink* link, const HuntOptions& options, HuntContext context) {
  if (!link) return {};
  context.interrupted = true;  // the hunt did not end as asked, if this is what is written
  auto sent = std::make_shared<std::uint64_t>(0);
  return [=](const HuntResult& so_far) {
    if (so_far.evaluations == *sent) return;
    *sent = so_far.evaluations;
    link->progress({{"checks", hunt_checks_file(so_far, options, context)},
                    {"evaluations", so_far.evaluations},
                    {"found", so_far.top.size()}});
  };
}

// The hunt, here or (`link`) in a supervised child.
int hunt_in(const HuntCommand& command, std::FILE* out, std::FILE* err, PassLink* link) {
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
    if (opened)
      if (const std::string conflict = output_conflicts({&*opened}, {}); !conflict.empty()) throw UsageError(conflict);
    HuntContext context;
    context.command_line = command.command_line;
    context.solver = factory->implementation();
    const HuntResult result =
        hunt_with_progress(*factory, options, command.progress, err, finds_to(link, options, context));
    context.interrupted = interrupt_requested().load();
    write_checks(opened, hunt_checks_file(result, options, context), out);
    if (link) link->progress({{"written", true}});  // the supervisor's finds are no longer needed
    Messages(err, "hunt").say(MessageKind::summary, hunt_summary(result, options, context));
    if (context.interrupted && interrupt_self_sent()) {  // no user asked to stop
      Messages(err, "hunt").errorf("%s; the puzzles found before are written", self_sent_cause().c_str());
      return kExitSolverFault;
    }
    if (context.interrupted) return kExitInterrupted + interrupt_signal();
    return kExitOk;
  } catch (const UsageError& e) {
    Messages(err, "hunt").error(e.what());
    return kExitUsage;
  } catch (const FileError& e) {
    Messages(err, "hunt").error(e.what());
    return kExitIo;
  }
}

// The parent of the hunting child: forwards its standard output, keeps its latest finds, and
// when the child ends before it has written them (a solver's exit(), a crash, a hang), names the
// end and writes them itself.
class HuntSupervisor {
 public:
  HuntSupervisor(const HuntCommand& command, std::FILE* out, std::FILE* err, ChildWatch& watch)
      : command_(command), out_(out), err_(err), watch_(watch) {}

  void watch() {
    watch_.watch(
        [this](LinkFrame type, std::string& text) {
          if (type == LinkFrame::answers && std::fwrite(text.data(), 1, text.size(), out_) != text.size())
            watch_.stop();
          if (type == LinkFrame::progress) take_finds(std::move(text));
        },
        [this](int signal) {
          Messages(err_, "hunt")
              .errorf("the hunting process was stopped by %s; continuing it",
                      plugin::signal_description(signal).c_str());
        });
  }

  int finish() {
    std::fflush(out_);
    // It wrote its finds, and said what it had to; but a solver's fault it caught (said by main())
    // ends the hunt before they are written.
    const bool fault = watch_.clean() && watch_.exit_status() == kExitSolverFault && !written_;
    if (watch_.clean() && !fault) return watch_.exit_status();
    const int status = watch_.signal() && !fault ? kExitInterrupted + watch_.signal() : kExitSolverFault;
    const std::string cause = fault ? "stopped at the solver's fault above" : watch_.cause();
    if (latest_.empty()) {
      Messages(err_, "hunt").errorf("the hunting process %s before it found anything", cause.c_str());
      return status;
    }
    try {
      const nlohmann::ordered_json finds = from_binary(latest_);
      Messages(err_, "hunt")
          .errorf("the hunting process %s; the %s found in the %s before %s written", cause.c_str(),
                  counted(finds["found"].get<std::size_t>(), "puzzle").c_str(),
                  counted(finds["evaluations"].get<std::size_t>(), "evaluation").c_str(),
                  finds["found"].get<std::size_t>() == 1 ? "is" : "are");
      std::optional<OutputFile> opened;
      if (!command_.out_path.empty()) opened.emplace(command_.out_path, "--out");
      write_checks(opened, finds["checks"].get<std::string>(), out_);
      return status;
    } catch (const std::exception& e) {  // IoError, FileError, or finds that cannot be read
      Messages(err_, "hunt").error(e.what());
      return kExitIo;
    }
  }

 private:
  const HuntCommand& command_;
  std::FILE* out_;
  std::FILE* err_;
  ChildWatch& watch_;
  void take_finds(std::string&& text) {
    try {
      written_ = written_ || from_binary(text).contains("written");
    } catch (const std::exception&) {  // finds that cannot be read: finish() says so, if it needs them
    }
    if (!written_) latest_ = std::move(text);
  }

  std::string latest_;
  bool written_ = false;  // the child wrote its finds itself
};

// The hunting child: its standard output goes to the parent, which alone writes it.
int hunt_in_child(const HuntCommand& command, std::FILE* err, PassLink& link) {
  std::FILE* out = open_answers(link);
  if (!out) return kExitIo;
  const int status = hunt_in(command, out, err, &link);
  std::fclose(out);
  return status;
}

}  // namespace

int hunt_command(const HuntCommand& command, std::FILE* out, std::FILE* err) {
  return hunt_in(command, out, err, nullptr);
}

int supervised_hunt(const HuntCommand& command, std::FILE* out, std::FILE* err) {
  return supervised(
      out, err, command.supervise, [&] { return hunt_command(command, out, err); },
      [&](PassLink& link) { return hunt_in_child(command, err, link); },
      [&](ChildWatch& watch) {
        HuntSupervisor supervisor(command, out, err, watch);
        supervisor.watch();
        return supervisor.finish();
      });
}

Subcommand add_hunt(CLI::App& app, std::string command_line) {
  const auto s = declare_hunt(app);
  s->command.command_line = std::move(command_line);
  return subcommand(s, [](const HuntCommand& c) { return supervised_hunt(c, stdout, stderr); });
}

std::optional<HuntCommand> parse_hunt(std::vector<std::string> args) { return parsed(declare_hunt, args); }

}  // namespace sudoku_bench
