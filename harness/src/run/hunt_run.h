// `sudoku-bench hunt`'s work: searches for the puzzles a solver finds hardest (hunt/hunt.h) and writes
// the top ones as a checks file (hunt/hunt_report.h).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "hunt/hunt.h"
#include "stream/output_file.h"
#include "stream/solver_spec.h"
#include "sys/thread_count.h"

namespace sudoku_bench {

class PassLink;

struct HuntCommand {
  HuntOptions options;                 // but its threads, which hunt_command resolves
  std::optional<ThreadCount> threads;  // --threads; none: ThreadCount::all_cpus()
  SolverSpec solver = SolverSpec("bitmask");
  std::vector<std::string> files;  // climb: start puzzles, one per line (lines, csv or checks files)
  std::string out_path;            // "": standard output
  std::string command_line;        // for the output's header
  bool progress = true;            // drawn only when `err` is a terminal
  bool supervise = true;           // hunt in a child of a supervisor (run/supervision.h)

  bool operator==(const HuntCommand&) const = default;
};

// Returns the exit status: 0, 2 (usage), 3 (input/output) or 128 + signal after writing.
// In this process; with `link`, in the supervised child (hunt_supervisor.h), which sends its finds so
// far as they grow.
int hunt_command(const HuntCommand& command, std::FILE* out, std::FILE* err, PassLink* link = nullptr);

// Writes the checks file `text` to --out (replaced whole) when it is open, else to `out`. Throws
// std::runtime_error naming the file that cannot be written.
void write_checks(std::optional<OutputFile>& opened, const std::string& text, std::FILE* out);

}  // namespace sudoku_bench
