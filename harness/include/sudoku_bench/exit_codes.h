// Exit statuses of the sudoku-bench commands; documented in README.md.
#pragma once

namespace sudoku_bench {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalidRecords = 1;  // some records were invalid (every record still has its outcome)
inline constexpr int kExitUsage = 2;           // bad command line
inline constexpr int kExitIo = 3;              // an input could not be read or an output not written

}  // namespace sudoku_bench
