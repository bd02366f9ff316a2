// A real pass for the benchmarks that measure what happens to one (sent to the supervisor,
// received by rank 0): `run` once, quietly, one thread, one reading of `file` by `solver`
// (or its `shard`). An empty pass when the file is missing.
#pragma once

#include <cstdio>
#include <string>

#include "run/run.h"

namespace bench {

inline sudoku_bench::MeasuredPass real_pass(const std::string& file, const std::string& solver = "bitmask",
                                            sudoku_bench::Settings::Shard shard = {}) {
  sudoku_bench::RunCommand command;
  command.files = {file};
  command.solvers = {sudoku_bench::SolverSpec(solver)};
  command.threads = {sudoku_bench::ThreadCount()};  // one
  command.repeats.repetitions = 1;
  command.repeats.warmup_seconds = 0;
  command.repeats.min_time_seconds = 0;
  command.supervision.progress = false;
  command.environment_warnings = false;
  command.shard = shard;
  sudoku_bench::Report report;
  std::FILE* null = std::fopen("/dev/null", "w");
  sudoku_bench::run_command(command, null, null, &report);
  std::fclose(null);
  return report.passes.empty() ? sudoku_bench::MeasuredPass{} : report.passes.front();
}

}  // namespace bench
