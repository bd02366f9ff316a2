// What the two supervisors (run's: cli/supervisor.h; solve's: cli/solve_supervisor.h) share: how
// their child binds itself to the parent and tells it of an exit() from inside a solver, and how
// the parent names the child's end and leaves no process behind.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "cli/pass_link.h"

namespace sudoku_bench {

// How long a child has to stop after a signal was passed on (a pass or a solve stops within a tick
// of the stop flag; a sanitizer build runs tens of times slower), to exit once it has said it
// ended, and how often the parent looks.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr auto kSupervisorStopGrace = std::chrono::milliseconds(2500);
#else
inline constexpr auto kSupervisorStopGrace = std::chrono::milliseconds(400);
#endif
inline constexpr auto kSupervisorExitGrace = std::chrono::seconds(10);
inline constexpr int kSupervisorTickMs = 20;

// Whether this process has one thread: a fork copies only the calling one.
bool single_threaded();

// ---- in the child ----

// First thing after the fork: dies with the parent (PR_SET_PDEATHSIG, taking its exec: programs,
// every descendant and its temporary files with it), keeps what its descendants orphan below it,
// passes a signal it alone gets to the parent, and says on `fd` when something calls exit()
// before supervised_done(). Standard output then goes to stderr: the parent owns it.
PassLink& become_supervised(int fd, pid_t parent, std::FILE* out);
// The command returned `status` (or threw): a clean end, told to the parent.
void supervised_done(int status);

// ---- in the parent ----

// Kills and reaps every process left below this one (a subreaper): orphans, and the process
// groups of exec: programs.
void sweep_descendants();
// "exited with status 3", "was ended by SIGSEGV (segmentation fault)".
std::string wait_cause(int status);

}  // namespace sudoku_bench
