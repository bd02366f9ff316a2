// `solve` under a supervisor, as `run` is (run/supervisor.h): the child solves, and sends its
// answer lines to the parent, which alone writes standard output. Whatever ends the child (a
// solver's exit() or _exit(), a crash outside a guarded call, an abort, SIGKILL, a call deaf to
// SIGTERM) the parent keeps every whole line sent before, names what happened, kills whatever the
// child left running, and exits 4 (128+N after a signal). A forked copy of the child writes no
// answer, and what a solver prints goes to stderr.
#pragma once

#include <cstdio>

#include "run/solve.h"

namespace sudoku_bench {

// solve_command, supervised where it can be (one process, single-threaded, command.supervise).
int supervised_solve(const SolveCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
