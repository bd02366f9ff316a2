// Child processes, started and waited for in one place: a program started (its arguments, its
// environment, its process group and signals, and its standard descriptors), a child waited for
// (blocking, or polled), and a forked child that dies with its parent.
#pragma once

#include <sys/types.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace sudoku_bench::sys {

// What one of the child's descriptors 0, 1 and 2 becomes.
struct ChildFd {
  enum class Kind { inherited, fd, null, file };
  Kind kind = Kind::inherited;
  int fd = -1;       // Kind::fd: this process's descriptor, duplicated
  std::string path;  // Kind::file: opened for writing, created (0600) or truncated

  static ChildFd from(int fd) { return {Kind::fd, fd, {}}; }
  static ChildFd null() { return {Kind::null, -1, {}}; }
  static ChildFd file(std::string path) { return {Kind::file, -1, std::move(path)}; }
};

struct ChildStart {
  std::vector<std::string> argv;  // argv[0] is the program's path: PATH is not searched
  // The child's whole environment; this process's when absent.
  std::optional<std::vector<std::string>> environment;
  // A process group of its own, no signal blocked, and SIGINT, SIGTERM, SIGPIPE, SIGHUP and SIGQUIT
  // back to their defaults even where this process ignores them, as any program expects to start.
  // Otherwise the mask is this process's, and what it ignores stays ignored (as exec leaves it).
  bool own_group = false;
  std::array<ChildFd, 3> fds;
};

// A started child's pid, or the errno of what failed: making the child, a descriptor's file, or
// the exec itself (a failed child has been reaped).
struct Started {
  pid_t pid = -1;
  int error = 0;
};

// Starts the program, returning once it runs (or failed to).
Started start_child(const ChildStart& start);

// Waits for the child to end, retried when a signal interrupts: its raw wait status (WIFEXITED
// and the rest read it), or nullopt when it is not this process's child to wait for.
std::optional<int> wait_child(pid_t pid);

// The child's raw wait status when it has ended or stopped (WIFSTOPPED) since asked last; nullopt
// while it runs. Never blocks.
std::optional<int> poll_child(pid_t pid);

// In a forked child, first thing: it is sent `signal` when the thread that forked it ends, even
// one killed by SIGKILL, which runs no code that could end it. False when the parent had already
// ended before the request was made (it would never come): the caller exits.
bool die_with_parent(pid_t parent, int signal);

}  // namespace sudoku_bench::sys
