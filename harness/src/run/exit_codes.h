// Exit statuses of the sudoku-bench commands; documented in docs/cli.md ("Exit status").
#pragma once

namespace sudoku_bench {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUndecided = 1;  // some records were invalid, aborted or answered wrongly, or failed a check
// compare, ab, history: NEW is slower; the same status 1, as --help lists it.
inline constexpr int kExitSlower = kExitUndecided;
inline constexpr int kExitUsage = 2;          // bad command line
inline constexpr int kExitIo = 3;             // an input could not be read or an output not written
inline constexpr int kExitSolverFault = 4;    // a solver crashed or threw; the passes before it are reported
inline constexpr int kExitAnswersDiffer = 5;  // ab: NEW's answers differ from BASE's, or a side fails judging
inline constexpr int kExitInterrupted = 128;  // plus the signal number, as shells report a signal's death

// The statuses as --help and the man page list them.
inline constexpr const char* kExitStatusHelp =
    "Exit status:\n"
    "  0      ok\n"
    "  1      some records invalid, aborted or failing their check; compare, ab, history: slower\n"
    "  2      usage error\n"
    "  3      input/output error\n"
    "  4      a solver crashed or threw (named with its record; the report keeps the passes before)\n"
    "  5      ab: NEW's answers differ from BASE's, or a side fails judging\n"
    "  128+N  stopped by signal N (SIGHUP, SIGINT, SIGTERM, ...) after reporting what it had\n"
    "\n"
    "sudoku-bench COMMAND --help says what a command takes.";

}  // namespace sudoku_bench
