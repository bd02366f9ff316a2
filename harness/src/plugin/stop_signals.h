// The signals that ask sudoku-bench to stop: each one's default action ends a process, so a closed
// terminal (SIGHUP), Ctrl-\ (SIGQUIT), a scheduler's warning (SIGUSR1, SIGUSR2) or an alarm would
// otherwise lose every pass measured. SIGPIPE is not among them: it means an output's reader went
// away, which the write that met it says (cli/main.cc), status 3.
#pragma once

#include <signal.h>

#include <array>

namespace sudoku_bench::plugin {

inline constexpr std::array<int, 7> kStopSignals = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM};

}  // namespace sudoku_bench::plugin
