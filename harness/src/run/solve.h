// `sudoku-bench solve`: one output line per record, in input order.
#pragma once

#include <cstdio>
#include <optional>
#include <string>

#include "stream/pipeline.h"
#include "stream/record_step.h"
#include "stream/solver_spec.h"
#include "sys/thread_count.h"

namespace sudoku_bench {

struct SolveCommand {
  std::string input = "-";
  SolverSpec solver = SolverSpec("bitmask");
  std::optional<ThreadCount> threads;  // --threads; none: ThreadCount::all_cpus()
  PipelineConfig pipeline;             // its format; solve_command sets its threads and chunk size
  StepOptions step;                    // step.solve.max_solutions is --limit
  // The reference strategy's spec for --verify; unset: bitmask for plugins, none for built-in
  // strategies (which the tests hold to bitmask's counts already), none at all with no_verify.
  std::optional<SolverSpec> verify;
  bool no_verify = false;  // --no-verify, or --verify= with no reference
  // Solve in a child of a supervising parent (run/solve_supervisor.h); --no-supervisor: here.
  bool supervise = true;

  bool operator==(const SolveCommand&) const = default;
};

// Writes `PUZZLE:COUNT[:SOLUTION]` (or `RECORD:invalid`, `PUZZLE:aborted`) lines to `out` and
// "FILE:LINE: reason" lines for invalid and aborted records and failed checks to `err`; returns
// the exit status.
int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
