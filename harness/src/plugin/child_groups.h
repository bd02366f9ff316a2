// The process groups of the exec: programs alive in this process, so that whoever learns that
// sudoku-bench must end at once (a supervisor's signal handler when its parent died) can take every
// program down with it: a program started in a group of its own is not in sudoku-bench's group, so
// no terminal's or timeout's signal reaches it, and nothing else would end it.
#pragma once

#include <sys/types.h>

#include <vector>

namespace sudoku_bench::plugin {

// How many groups are remembered at once: a program per solver thread, and those kept idle
// between passes. A group past it is still ended by its owner, only not by kill_all_groups().
inline constexpr int kMaxChildGroups = 1024;

// Remembers `group` (a process group id, > 0); false when every slot is taken.
bool register_group(pid_t group);
// Forgets `group`: before its leader is reaped, so that a number the kernel hands out again is
// never signalled.
void forget_group(pid_t group);
// Forgets every group: in a forked child, whose parent's programs are the parent's to end.
void forget_all_groups();
// The groups remembered now.
std::vector<pid_t> remembered_groups();
// Sends SIGKILL to every group remembered. Async-signal-safe: no lock, no allocation.
void kill_all_groups();

}  // namespace sudoku_bench::plugin
