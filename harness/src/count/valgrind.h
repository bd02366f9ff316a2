// valgrind as `run --measure instructions` uses it: found on PATH, its version, a child run under
// it with its core files off, and what its log says when the counted code could not run.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// valgrind's path and `valgrind --version` ("valgrind-3.19.0"); none when PATH holds no valgrind,
// with why (naming the Debian package to install).
struct Valgrind {
  std::string path, version;
};
std::optional<Valgrind> find_valgrind(std::string& why);

// How a child ended: its exit status, or the signal that ended it (then `signal` > 0).
struct ChildEnd {
  int status = 0;
  int signal = 0;
};

// Runs `argv` (argv[0] a path) with `input` on its standard input, in `directory` ("": here), with
// `environment` added to this process's (NAME=VALUE each), RLIMIT_CORE 0 (neither the kernel nor
// valgrind writes a core file), and calls `on_line` with each line of its standard output as it
// comes. Its standard error is this process's. Throws IoError when it cannot be started.
ChildEnd run_child(const std::vector<std::string>& argv, const std::string& input, const std::string& directory,
                   const std::vector<std::string>& environment, const std::function<void(std::string_view)>& on_line);

// What valgrind's log (--log-file) says stopped the code it ran, for a message: the unhandled
// instruction (SIGILL) with its fix, or "" when the log says nothing of it. `what` names the code
// ("the library L", "the program P").
std::string valgrind_failure(const std::string& log, const std::string& what);

}  // namespace sudoku_bench
