// `sudoku-bench hunt`: searches for the puzzles a solver finds hardest (hunt/hunt.h) and writes
// the top ones as a checks file (hunt/hunt_report.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "hunt/hunt.h"
#include "stream/solver_spec.h"

namespace sudoku_bench {

struct HuntCommand {
  HuntOptions options;
  SolverSpec solver = SolverSpec("bitmask");
  std::vector<std::string> files;  // climb: start puzzles, one per line (lines, csv or checks files)
  std::string out_path;            // "": standard output
  std::string command_line;        // for the output's header
  bool progress = true;            // drawn only when `err` is a terminal
  bool supervise = true;           // hunt in a child of a supervisor (run/supervision.h)

  bool operator==(const HuntCommand&) const = default;
};

// Returns the exit status: 0, 2 (usage), 3 (input/output) or 128 + signal after writing.
// In this process.
int hunt_command(const HuntCommand& command, std::FILE* out, std::FILE* err);

// Under a supervisor unless `command.supervise` is false: a solver that ends or crashes the hunting
// process, signals it or hangs is named (exit 4), and what it found before is written.
int supervised_hunt(const HuntCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
