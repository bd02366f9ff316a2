// What a hunt found, as a `checks` file that `run` and `solve` read back (one `PUZZLE:COUNT` line
// per puzzle, comments before it), and as the summary printed on stderr.
#pragma once

#include <string>

#include "hunt/hunt.h"

namespace sudoku_bench {

struct HuntContext {
  std::string command_line;  // as typed, for repeating the hunt
  std::string solver;        // the implementation that ran
  bool interrupted = false;
};

// The summary's lines. Those holding a wall-clock figure, which no two runs share, start with
// "time", so that everything else compares byte for byte between runs of a bounded hunt.
std::string hunt_summary(const HuntResult& result, const HuntOptions& options, const HuntContext& context);

// Comment lines with the command and settings, then per puzzle, best first,
// "# nodes N, guesses G, count C[, aborted][, time T]" and "PUZZLE:C" (C: 0, 1, 2 meaning two or
// more, or "aborted", which `run` reads as no expectation), then the summary as comments.
std::string hunt_checks_file(const HuntResult& result, const HuntOptions& options, const HuntContext& context);

}  // namespace sudoku_bench
