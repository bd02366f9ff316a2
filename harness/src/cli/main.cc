// sudoku-bench: the command line. Each subcommand declares its own options (cli/command_line.h).
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "cli/help_format.h"
#include "cli/named_inputs.h"
#include "cli/usage_errors.h"
#include "cluster/launcher.h"
#include "cluster/world.h"
#include "plugin/call_guard.h"
#include "report/build_info.h"
#include "run/descendants.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "stream/input.h"
#include "sys/heap.h"
#include "sys/message.h"

namespace {

// The command as a shell would take it back: arguments holding anything but plain characters are
// single-quoted.
std::string command_line(int argc, char** argv) {
  std::string line = "sudoku-bench";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    line += ' ';
    if (!arg.empty() &&
        arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+.,:/@%") ==
            std::string::npos) {
      line += arg;
      continue;
    }
    line += '\'';
    for (char ch : arg) line += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    line += '\'';
  }
  return line;
}

// A standard descriptor the caller closed (`>&-`) is held by /dev/null opened read-only: no file
// this process opens can take its number and receive the table, and writes to it fail, as
// finish_output reports.
void hold_closed_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0 && null != fd) {
      dup2(null, fd);
      close(null);
    }
  }
}

extern "C" void on_broken_pipe(int) {}

// A reader that went away (`| head`) must not end the process silently with SIGPIPE (status 141):
// the write fails with EPIPE instead, and the command and finish_output say so, status 3. A handler
// that does nothing rather than SIG_IGN: a program this process starts (an exec: solver) gets the
// default action back at exec, where an ignored signal would stay ignored.
void report_broken_pipes() {
  struct sigaction action {};
  action.sa_handler = on_broken_pipe;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // only the write that met the closed pipe fails
  sigaction(SIGPIPE, &action, nullptr);
}

// A command's table that could not be written is an output error, not a success. One that ended
// with status 3 has said its input or output error already (solve and hunt name a failed write to
// standard output themselves): the cause is said once.
int finish_output(int status, const std::string& command) {
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if ((flushed && !std::ferror(stdout)) || status == sudoku_bench::kExitIo) return status;
  sudoku_bench::Messages(stderr, command)
      .errorf("standard output: cannot write: %s", flushed ? "an earlier write failed" : std::strerror(error));
  return status == sudoku_bench::kExitOk || status == sudoku_bench::kExitUndecided ? sudoku_bench::kExitIo : status;
}

// Parses the line into `app`; the status to end with when that is all (a refused line; --help and
// --version, printed to standard output, which may fail as any command's table may).
std::optional<int> parse_line(CLI::App& app, const std::vector<sudoku_bench::Subcommand>& subcommands, int argc,
                              char** argv) {
  using namespace sudoku_bench;
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (const int status = refuse_empty_assignments(app, args, stderr); status != kExitOk) return status;
  if (const int status = refuse_split_exec(app, args, stderr); status != kExitOk) return status;
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    const int status = explain_usage_error(app, e, args, stderr);
    std::string command;
    for (const Subcommand& s : subcommands)
      if (*s.app) command = s.app->get_name();
    return status == kExitOk ? finish_output(status, command) : status;
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sudoku_bench;
  mark_environment(argv);  // may start this program again, with the mark (run/descendants.h)
  hold_closed_standard_descriptors();
  sys::keep_freed_memory();  // a pass's buffers are the next pass's, with no page faults (sys/heap.h)
  start_directory();         // relative inputs are found here, whatever a solver does later (stream/input.h)
  // A file grown past `ulimit -f` is a write error, named with its file (exit 3), not a silent death.
  signal(SIGXFSZ, SIG_IGN);
  report_broken_pipes();
  // Joins the MPI job first thing when an MPI launcher started this process (cluster/world.h).
  World world(argc, argv);
  CLI::App app{"sudoku-bench: throughput, latency and search-tree sizes of Sudoku solvers.", "sudoku-bench"};
  app.formatter(wrapping_formatter());  // before the commands, which take their parent's
  app.footer(kExitStatusHelp);
  app.require_subcommand(1);
  app.set_version_flag("--version",
                       std::string("sudoku-bench ") + build_info::kVersion + " (" + build_info::kGitCommit + ")");
  const std::vector<Subcommand> subcommands = {add_solve(app),        add_run(app),
                                               add_compare(app),      add_ab(app),
                                               add_merge(app),        add_report(app),
                                               add_history(app),      add_solvers(app),
                                               add_check_plugin(app), add_hunt(app, command_line(argc, argv)),
                                               add_completions(app)};
  if (const std::optional<int> status = parse_line(app, subcommands, argc, argv)) return *status;
  // What a SIGKILL of this process would leave is ended by the janitor; an MPI rank's by its launcher.
  if (world.size() == 1) start_janitor();
  install_interrupt_handlers();
  // A plugin call still running when SIGINT or SIGTERM comes is stopped (plugin/call_guard.h).
  plugin::set_interrupt_flag(&interrupt_requested());
  for (const Subcommand& s : subcommands) {
    if (!*s.app) continue;
    // Tasks that no MPI job joins would each measure the whole input, or each give a verdict on the
    // CPUs they share: refused only where that is so (run without --shard, ab, hunt); every other
    // command, and a shard, is one task's own work.
    const std::string& name = s.app->get_name();
    if (!world.problem().empty() &&
        (name == "hunt" || name == "ab" || (name == "run" && s.app->get_option("--shard")->count() == 0))) {
      const std::string advice = launch_advice(name);
      Messages(stderr, name).errorf("%s%s%s", world.problem().c_str(), advice.empty() ? "" : ": ", advice.c_str());
      return kExitUsage;
    }
    if (world.size() > 1 && s.app->get_name() != "run") {
      if (world.rank() == 0)
        Messages(stderr, s.app->get_name())
            .errorf("only run is spread over MPI ranks; start %s without mpirun", s.app->get_name().c_str());
      return kExitUsage;
    }
    try {
      return finish_output(s.run(), s.app->get_name());
    } catch (const plugin::SolverFault& f) {
      // The commands name a solver's fault with its record; one that escapes them is named here.
      Messages(stderr, s.app->get_name()).error(f.what());
      return f.interrupted() ? kExitInterrupted + interrupt_signal() : kExitSolverFault;
    }
  }
  return kExitUsage;
}
