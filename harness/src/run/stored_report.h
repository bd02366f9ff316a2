// `sudoku-bench report --FORMAT OUT… REPORT`: a stored report in other formats, to files or to
// standard output, as run would have written them in the same run.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "run/report_outputs.h"

namespace sudoku_bench {

struct ReportCommand {
  std::string input;  // a report written by run --json (or merge)
  std::vector<ReportOutput> outputs;
  std::string base_path;  // --base: the HTML page shows the input against this report; "": none

  bool operator==(const ReportCommand&) const = default;
};

// Returns 0; 2 when no output is given, more than one goes to standard output, one is the input
// (checked before anything is read), or --base is given without --html; 3 when the input cannot be read or holds no
// report, or an output cannot be written (each output is written alone: the others still are).
int report_command(const ReportCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
