// Every process below this one, found and killed from a signal handler: what a supervised child
// must take with it when its supervisor is killed (run/supervisor.cc), including a program that
// left its process group (setsid), which no group kill reaches.
#pragma once

namespace sudoku_bench {

// Sends SIGKILL to every descendant of this process, read from /proc with system calls alone (no
// allocation, no lock): async-signal-safe. Make the process a subreaper first, so that what its
// descendants orphan stays below it.
void kill_descendants();

}  // namespace sudoku_bench
