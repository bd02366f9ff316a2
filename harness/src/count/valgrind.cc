#include "count/valgrind.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "sys/child_process.h"
#include "sys/io_error.h"

extern char** environ;

namespace sudoku_bench {
namespace {

std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t at = 0; at <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', at), dirs.size());
    const std::string dir = dirs.substr(at, end - at);
    at = end + 1;
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// Writes all of `text` to `fd`, then closes it; a reader that stopped reading ends it early.
void feed(int fd, const std::string& text) {
  for (std::size_t sent = 0; sent < text.size();) {
    const ssize_t n = write(fd, text.data() + sent, text.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  close(fd);
}

// Each line read from `fd` to `on_line`, to its end; then closes it.
void read_lines(int fd, const std::function<void(std::string_view)>& on_line) {
  std::string pending;
  std::array<char, 65536> buffer;
  for (;;) {
    const ssize_t n = read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(buffer.data(), static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1)
      on_line(std::string_view(pending).substr(start, nl - start));
    pending.erase(0, start);
  }
  if (!pending.empty()) on_line(pending);
  close(fd);
}

}  // namespace

std::optional<Valgrind> find_valgrind(std::string& why) {
  Valgrind v;
  v.path = on_path("valgrind");
  if (v.path.empty()) {
    why =
        "--measure instructions counts with valgrind, and PATH holds none: install the Debian package "
        "valgrind (apt-get install valgrind, or tools/install-deps)";
    return std::nullopt;
  }
  ChildEnd end;
  try {
    end = run_child({v.path, "--version"}, "", "", {}, [&](std::string_view line) {
      if (v.version.empty()) v.version = std::string(line);
    });
  } catch (const IoError& e) {
    why = e.what();
    return std::nullopt;
  }
  if (end.status != 0 || end.signal != 0 || v.version.empty()) {
    why = v.path + " --version failed: is valgrind installed whole? (the Debian package valgrind)";
    return std::nullopt;
  }
  return v;
}

ChildEnd run_child(const std::vector<std::string>& argv, const std::string& input, const std::string& directory,
                   const std::vector<std::string>& environment, const std::function<void(std::string_view)>& on_line) {
  // A fork of its own, not sys::start_child: posix_spawn cannot set the child's RLIMIT_CORE, and a
  // shell's `ulimit -c 0` before it would change the environment (PWD) that the counted start reads.
  // Everything the child needs is made before fork: after it, a threaded parent's child may only
  // make async-signal-safe calls.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> env_text(environment);
  for (char** e = environ; *e; ++e) env_text.emplace_back(*e);
  std::vector<char*> env;
  for (std::string& e : env_text) env.push_back(e.data());
  env.push_back(nullptr);
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw IoError(argv[0], std::string("cannot make a pipe: ") + std::strerror(errno));
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    throw IoError(argv[0], std::string("cannot make a pipe: ") + std::strerror(errno));
  }
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    dup2(in[0], 0);
    dup2(out[1], 1);
    if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(127);
    execve(args[0], args.data(), env.data());
    _exit(127);
  }
  const int fork_errno = errno;
  close(in[0]);
  close(out[1]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    throw IoError(argv[0], std::string("cannot be started: ") + std::strerror(fork_errno));
  }
  // A writer of its own: a child that answers as it reads would fill the pipe we read from
  // while we wrote.
  std::thread writer(feed, in[1], std::cref(input));
  read_lines(out[0], on_line);
  writer.join();
  const int status = sys::wait_child(pid).value_or(0);
  ChildEnd end;
  if (WIFSIGNALED(status))
    end.signal = WTERMSIG(status);
  else
    end.status = WEXITSTATUS(status);
  return end;
}

std::string valgrind_failure(const std::string& log, const std::string& what) {
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  if (s.find("unhandled instruction bytes") == std::string::npos && s.find("signal 4 (SIGILL)") == std::string::npos)
    return "";
  // valgrind 3.19 decodes up to AVX2: AVX-512 (EVEX) is what it meets in a -march=native build of a
  // recent Xeon, and what makes it stop here.
  return what +
         " uses an instruction valgrind cannot run (\"unhandled instruction bytes\", SIGILL in valgrind's "
         "log; AVX-512, most likely): build it for an instruction set valgrind decodes, with -mavx2 or "
         "-march=x86-64-v3 in place of -mavx512* or -march=native, to count it";
}

}  // namespace sudoku_bench
