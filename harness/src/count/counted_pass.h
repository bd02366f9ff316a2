// One pass of `run --measure instructions`: a file's sampled records counted under valgrind for one
// solver, judged as `run` judges answers, into a MeasuredPass.
#pragma once

#include <cstdio>
#include <string>

#include "count/sampled_records.h"
#include "count/valgrind.h"
#include "run/progress.h"
#include "stats/measured_pass.h"
#include "stream/solver_spec.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

// A counting failure that ends the run: `status` is the exit status (kExitSolverFault for code
// valgrind cannot run or a solver that crashed, kExitIo for a tool that failed).
struct CountFailure {
  std::string message;
  int status;
};

struct CountTarget {
  SolverSpec spec;                                   // its given text (NAME=SPEC) names it in messages
  std::string solver;                                // the name reports give it (its factory's)
  const sudoku::SolverFactory* reference = nullptr;  // recounts every answer (bitmask)
  std::string count_program;                         // sudoku-bench-count
  std::string temp_dir;                              // where out files, logs and a crashed program's leftovers go
};

// Counts `sample` for `target`'s spec: a built-in strategy or plugin: library in the counting
// program, an exec: program as itself, its start-up apart. Throws CountFailure.
MeasuredPass counted_pass(const Valgrind& valgrind, const CountTarget& target, const FileSample& sample,
                          Progress& progress);

}  // namespace sudoku_bench
