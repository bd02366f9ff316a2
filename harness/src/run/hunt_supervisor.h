// `sudoku-bench hunt` under a supervisor (run/supervision.h): the hunt in a child, its parent
// keeping its latest finds.
#pragma once

#include <cstdio>

#include "run/hunt_run.h"

namespace sudoku_bench {

// Under a supervisor unless `command.supervise` is false: a solver that ends or crashes the hunting
// process, signals it or hangs is named (exit 4), and what it found before is written.
int supervised_hunt(const HuntCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
