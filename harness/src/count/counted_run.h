// `run --measure instructions`: each file x solver counted once under valgrind (counted_pass.h), in
// place of timed passes, into a report of the same shape (settings.measure "instructions").
#pragma once

#include <cstdio>

#include "report/report.h"
#include "run/run.h"

namespace sudoku_bench {

// Prints the table to `out`, messages to `err`, writes the outputs; returns the exit status (2 for
// what counting refuses, 3 without valgrind, 4 for code valgrind cannot run). `report`, when
// given, receives what was counted (for tests).
int counted_run(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report = nullptr);

}  // namespace sudoku_bench
