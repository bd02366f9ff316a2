// The commands that measure or solve (solve, run, ab): each declares its options in its own file;
// command_line.cc makes them subcommands, and parses a line of each for the tests.
#pragma once

#include <memory>

#include "cli/command_state.h"
#include "run/ab.h"
#include "run/report_outputs.h"
#include "run/run.h"
#include "run/solve.h"

namespace CLI {
class App;
}  // namespace CLI

namespace sudoku_bench {

// What run's line holds besides its struct: --json PATH in --format, and the outputs of the other formats.
struct RunOutputs {
  ReportOutput json;
  ReportOutputOptions others;
};

std::shared_ptr<State<SolveCommand>> declare_solve(CLI::App& app);
std::shared_ptr<State<RunCommand, RunOutputs>> declare_run(CLI::App& app);
std::shared_ptr<State<AbCommand>> declare_ab(CLI::App& app);

}  // namespace sudoku_bench
