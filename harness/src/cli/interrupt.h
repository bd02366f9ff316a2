// SIGINT and SIGTERM as a request to stop cleanly: reading stops, the searches in progress stop
// (SolveOptions::stop points at the flag), and the command reports what it has. A second signal
// ends the process at once; one within 0.25 s of the first is taken for the same request
// (timeout(1) signals the command and then its whole process group).
#pragma once

#include <atomic>

namespace sudoku_bench {

void install_interrupt_handlers();

// Set by the first SIGINT or SIGTERM.
const std::atomic<bool>& interrupt_requested();

// The signal that set it, 0 if none.
int interrupt_signal();

// For tests: behave as if `signal` had arrived; 0 clears it.
void simulate_interrupt(int signal);

}  // namespace sudoku_bench
