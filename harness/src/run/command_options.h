// The options run and ab both take, one struct each, so that each is declared once
// (cli/command_state.h) and read alike by both commands.
#pragma once

#include <cstdint>

#include "report/report.h"

namespace sudoku_bench {

// --measure and --sample: what a pass measures, and of how many records of each file.
struct Measuring {
  Measure measure = Measure::time;  // time, or instructions counted by valgrind (count/)
  std::uint64_t sample = 0;         // --sample N: N records of each file (count/sample.h); 0: all

  bool operator==(const Measuring&) const = default;
};

// How the measuring process is watched: by a supervising parent, and by progress on stderr.
struct Supervision {
  bool progress = true;
  // --no-supervisor clears it: measure in the process started, with no supervising parent
  // (run/supervisor.h, run/supervision.h), as a debugger wants.
  bool supervise = true;

  bool operator==(const Supervision&) const = default;
};

}  // namespace sudoku_bench
