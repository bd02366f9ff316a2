// `run` under a supervisor: the command forks first thing, the child measures, and the parent keeps
// each pass as the child measures it (run/pass_link.h), then prints the table and writes every
// report. Whatever ends the child (a solver's exit() or _exit(), a crash on a thread of its own,
// SIGXFSZ, the OOM killer, a call deaf to the stopping signal), the parent names what happened and
// reports every pass completed before it; it kills and reaps whatever the child left running (it
// is their subreaper), and removes the child's temporary files. A signal to the parent is passed
// on to the child, which is killed if it has not stopped 0.4 s later.
#pragma once

#include <cstdio>

#include "run/run.h"

namespace sudoku_bench {

// run_command, supervised where it can be: one process (not MPI ranks, whose launcher owns the
// processes), still single-threaded (a fork copies only the calling thread), command.supervise.
int supervised_run(const RunCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
