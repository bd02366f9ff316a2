// SIGINT, SIGTERM and every other signal whose default would end the process (SIGHUP, SIGQUIT,
// SIGUSR1, SIGUSR2, SIGALRM: plugin/stop_signals.h) as a request to stop cleanly: reading stops,
// the searches in progress stop (SolveOptions::stop points at the flag), and the command reports
// what it has. A second signal ends the process at once; one within 0.25 s of the first is taken
// for the same request (timeout(1) signals the command and then its whole process group), as is,
// whenever it comes, one that a supervisor and its child pass each other (same_request_from).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <string>

namespace sudoku_bench {

void install_interrupt_handlers();

// Set by the first of those signals.
const std::atomic<bool>& interrupt_requested();

// The signal that set it, 0 if none.
int interrupt_signal();

// Whether that first signal came from this process itself (a solver's raise(SIGTERM)): a fault of
// the solver's, not a request to stop; and the words that name it.
bool interrupt_self_sent();
std::string self_sent_cause();

// The first request is also sent on to `pid` (run's measuring child tells its supervisor, which
// kills it if it does not stop: run/supervisor.h); 0: to none.
void tell_of_interrupts(pid_t pid);

// A signal that `pid` sends is the request this process has already had, or its first: never a
// second request (a supervisor passes a signal on to its child, which passes one it had alone on
// to the supervisor: run/supervision.h); 0: none.
void same_request_from(pid_t pid);

// For tests: the handler sleeps `ms` before it takes each signal, as a process that a loaded
// machine does not run for that long would take it; 0: at once.
void take_signals_late(int ms);

// A second request is noted (second_request()) instead of ending the process: for run's
// supervisor, which then kills its measuring child at once and writes what it has.
void hold_second_request();
bool second_request();

// An interrupt that arrived elsewhere (another MPI rank: run/rank_dealing.h), taken as if `signal`
// had come here; nothing when a request was already made.
void interrupt_from_elsewhere(int signal);

// For tests: behave as if `signal` had arrived; 0 clears it.
void simulate_interrupt(int signal);

}  // namespace sudoku_bench
