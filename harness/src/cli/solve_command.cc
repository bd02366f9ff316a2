#include <CLI/CLI.hpp>

#include "cli/command_state.h"
#include "cli/measuring_commands.h"
#include "cli/named_inputs.h"
#include "cli/record_options.h"
#include "run/solve.h"
#include "run/solve_supervisor.h"

namespace sudoku_bench {

std::shared_ptr<State<SolveCommand>> declare_solve(CLI::App& app) {
  auto s = std::make_shared<State<SolveCommand>>(add_command(app, "solve"));
  SolveCommand& c = s->command;
  Options& o = s->options;
  s->check = [](State<SolveCommand>& state) {
    return verify_options_agree(state.options, stderr) ? kExitOk : kExitUsage;
  };
  s->check_named = [](State<SolveCommand>& state) {
    return check_named_inputs("solve", {{"", state.command.solver}}, {state.command.input}, stderr);
  };
  declare_threads(o, c.threads, "Worker threads");
  declare_solver(o, c.solver, "Strategy: " + known_solvers(false));
  declare_record_options(
      o, c.step, c.pipeline,
      [&c](const std::string& reference) {
        c.no_verify = reference.empty();
        c.verify = c.no_verify ? std::nullopt : std::optional(SolverSpec(reference));
      },
      nullptr);
  o.flag("--no-verify", "Do not recount a plugin's answers with bitmask (on by default for plugins)", [&c] {
    c.verify.reset();
    c.no_verify = true;
  });
  o.unset("--no-supervisor", c.supervise,
          "Solve in this process, without the supervising parent that keeps every answer line written whatever "
          "ends the solving (a solver's exit(), a crash on its own thread, a signal it ignores): for a debugger");
  o.app().add_option("FILE", c.input, "Puzzle file, .gz allowed; - for standard input")->capture_default_str();
  return s;
}

}  // namespace sudoku_bench
