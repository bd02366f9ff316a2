// `ab --measure instructions`: BASE and NEW counted once each by valgrind (count/counted_run.h) and
// judged as compare judges two instruction reports. A count does not vary from run to run, so
// there are no rounds, no pilot and no test: one count per side decides.
#pragma once

#include <cstdio>

#include "run/ab.h"

namespace sudoku_bench {

// The verdict on `out` in command.format, messages on `err`. Returns compare's status (0, 1 for
// SLOWER, 2 for what cannot be compared), kExitAnswersDiffer when the sides' answers differ or one
// fails judging, or counted_run's status when a side cannot be counted.
int counted_ab(const AbCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
