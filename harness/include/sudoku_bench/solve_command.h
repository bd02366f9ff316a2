// `sudoku-bench solve`: one output line per record, in input order.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace sudoku_bench {

struct SolveCommand {
  std::string input = "-";
  std::string solver = "bitmask";
  std::uint64_t limit = 2;
  std::uint64_t node_limit = 0;
  int threads = 0;  // 0: all hardware threads
};

// Writes `PUZZLE:COUNT[:SOLUTION]` (or `RECORD:invalid`, `PUZZLE:aborted`) lines to `out` and
// "FILE:LINE: reason" lines to `err`; returns the exit status.
int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err);

}  // namespace sudoku_bench
