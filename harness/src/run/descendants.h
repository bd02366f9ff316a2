// What a SIGKILL of sudoku-bench leaves, ended all the same: a process of sudoku-bench's own code
// alone (the janitor), which no solver runs in and whose signals no solver sets, waits for the
// command's end and then kills every process started below it, a program that left its process
// group (setsid) or was orphaned included, and removes the outputs' temporary files
// (stream/output_file.h). A process is known for one of the command's by a mark in its
// environment (/proc/PID/environ), which everything it starts inherits; one started with an
// environment of its own loses the mark and is not found.
#pragma once

#include <sys/types.h>

namespace sudoku_bench {

// First thing in main(): this process starts again (execve of itself, the same pid) with the mark
// in its environment, where every process forked or started below it finds it. Nothing under an
// MPI launcher, or where the program cannot be started again; returns when there is nothing to do.
void mark_environment(char** argv);

// Starts the janitor, a child that waits for this process's end (PR_SET_PDEATHSIG) and then does
// its work; before any thread is started. Nothing without the mark.
void start_janitor();

// The janitor's process id, 0 when none: the supervisor's sweep of its children leaves it be.
pid_t janitor();

}  // namespace sudoku_bench
