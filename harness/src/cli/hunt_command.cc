// `sudoku-bench hunt`: its options; the work is run/hunt_run.h's, supervised by run/hunt_supervisor.h.
#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/command_state.h"
#include "run/hunt_supervisor.h"
#include "stream/solver_specs.h"
#include "sudoku/random_puzzle.h"

namespace sudoku_bench {
namespace {

// The bounds of a hunt: when it stops, how far an evaluation goes, what it keeps.
void declare_hunt_bounds(Options& o, HuntCommand& c) {
  HuntOptions& h = c.options;
  declare_threads(o, c.threads, "Worker threads");
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
  declare_hunt_bounds(o, c);
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

}  // namespace

Subcommand add_hunt(CLI::App& app, std::string command_line) {
  const auto s = declare_hunt(app);
  s->command.command_line = std::move(command_line);
  return subcommand(s, supervised_hunt);
}

std::optional<HuntCommand> parse_hunt(std::vector<std::string> args) { return parsed(declare_hunt, args); }

}  // namespace sudoku_bench
