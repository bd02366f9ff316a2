// `sudoku-bench run`: throughput, latency and tree sizes for each file x solver x thread count.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "stream/input_format.h"
#include "report/report.h"
#include "report/report_formats.h"

namespace sudoku_bench {

struct RunCommand {
  std::vector<std::string> files;
  std::vector<std::string> solvers = {"bitmask"};
  std::vector<int> threads;  // empty: 1..hardware threads
  int repetitions = 3;
  double warmup_seconds = 0.2;
  std::string json_path;  // empty: no JSON
  ReportFormat report_format = ReportFormat::json;  // the schema of the file at json_path (--format)
  std::uint64_t node_limit = 0;
  std::chrono::nanoseconds time_limit{0};
  std::uint64_t seed = 0;  // 0: puzzles as given; else each solved under a random symmetry
  InputFormat format = InputFormat::automatic;
  bool time_puzzles = true;  // false: throughput only, no clock read per puzzle
  bool progress = true;    // drawn only when `err` is a terminal
};

// Prints the table to `out`, messages to `err`, writes the JSON; returns the exit status.
// `report`, when given, receives what was measured (for tests).
int run_command(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report = nullptr);

}  // namespace sudoku_bench
