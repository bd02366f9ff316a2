// Exit statuses of the sudoku-bench commands; documented in docs/cli.md ("Exit status").
#pragma once

namespace sudoku_bench {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUndecided = 1;    // some records were invalid, aborted or answered wrongly, or failed a check
inline constexpr int kExitUsage = 2;        // bad command line
inline constexpr int kExitIo = 3;           // an input could not be read or an output not written
inline constexpr int kExitSolverFault = 4;  // a solver crashed or threw; the passes before it are reported
inline constexpr int kExitInterrupted = 128;  // plus the signal number, as shells report a signal's death

}  // namespace sudoku_bench
