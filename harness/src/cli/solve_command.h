// `sudoku-bench solve`: one output line per record, in input order.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "stream/input_format.h"

namespace sudoku_bench {

struct SolveCommand {
  std::string input = "-";
  std::string solver = "bitmask";
  std::uint64_t limit = 2;
  std::uint64_t node_limit = 0;
  std::chrono::nanoseconds time_limit{0};
  std::uint64_t seed = 0;
  InputFormat format = InputFormat::automatic;
  int threads = 0;  // 0: all hardware threads
};

// Writes `PUZZLE:COUNT[:SOLUTION]` (or `RECORD:invalid`, `PUZZLE:aborted`) lines to `out` and
// "FILE:LINE: reason" lines for invalid and aborted records and failed checks to `err`; returns
// the exit status.
int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
