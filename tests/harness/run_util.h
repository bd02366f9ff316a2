// `sudoku-bench run` as the harness tests call it: a few files, thread counts and repetitions, no
// warm-up, no progress; what it printed, returned and measured.
#pragma once

#include <string>
#include <vector>

#include "run/run.h"
#include "temp_file.h"

namespace test_util {

inline sudoku_bench::RunCommand run_command_for(std::vector<std::string> files, std::vector<int> threads,
                                                int repetitions, std::vector<std::string> solvers = {"bitmask"}) {
  sudoku_bench::RunCommand command;
  command.files = std::move(files);
  command.solvers.clear();
  for (const std::string& s : solvers) command.solvers.emplace_back(s);
  for (const int t : threads) command.threads.push_back(sudoku_bench::ThreadCount::of(t).value());
  command.repeats.repetitions = repetitions;
  command.repeats.warmup_seconds = 0;
  command.repeats.min_time_seconds = 0;  // each file once: counts are the file's
  command.supervision.progress = false;
  command.environment_warnings = false;  // the machine's state is not what these tests check
  return command;
}

struct RunOutcome {
  int status = 0;
  sudoku_bench::Report report;
  std::string out, err;
};

inline RunOutcome run(const sudoku_bench::RunCommand& command) {
  RunOutcome o;
  Capture out, err;
  o.status = sudoku_bench::run_command(command, out.file(), err.file(), &o.report);
  o.out = out.text();
  o.err = err.text();
  return o;
}

}  // namespace test_util
