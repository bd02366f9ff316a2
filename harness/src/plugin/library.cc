#include "plugin/library.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>
#include <vector>

#include "plugin/call_guard.h"
#include "plugin/elf_symbols.h"
#include "plugin/isolated_run.h"

namespace sudoku_bench::plugin {
namespace {

// What the library has instead of `symbol`: a C++ name mangled from it (extern "C" forgotten), or
// functions of like names, each offered as plugin:PATH:SYMBOL.
std::string missing_function_hint(const std::string& file, const std::string& symbol) {
  const std::vector<std::string> like = exported_functions_like(file, symbol);
  const auto mangled = std::find_if(like.begin(), like.end(), [](const std::string& n) { return n.starts_with("_Z"); });
  if (mangled != like.end())
    return ": it has '" + *mangled +
           "', a C++ name the compiler mangled; declare the function extern \"C\" "
           "(including sudoku_bench/plugin_abi.h does), or give that name: plugin:" +
           file + ":" + *mangled;
  if (!like.empty()) return ": it has '" + like.front() + "'; give that name: plugin:" + file + ":" + like.front();
  return ": a plugin exports a C function (extern \"C\" in C++) named " + symbol +
         ", or another named as plugin:PATH.so:SYMBOL";
}

// Loads `file` and finds `symbol` in it; {} with `error` ("cannot load ...: why" or "... has no
// function ...", `what` naming the library) when either fails. NODELETE: solver threads may hold a
// plugin's thread_local state until they exit, after the library is gone; the code those
// destructors run must stay mapped.
std::pair<void*, sudoku_bench_solve_fn> load(const std::string& file, const std::string& symbol,
                                             const std::string& what, std::string& error) {
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!handle) {
    const char* why = dlerror();
    error = "cannot load " + what + ": " + (why ? why : "unknown error");
    return {};
  }
  dlerror();
  void* fn = dlsym(handle, symbol.c_str());
  if (!fn) {
    dlclose(handle);
    error = what + " has no function '" + symbol + "'" + missing_function_hint(file, symbol);
    return {};
  }
  return {handle, reinterpret_cast<sudoku_bench_solve_fn>(fn)};
}

// How long a plugin may take to load: its constructors' work, which a plugin that does real
// set-up (tables, a thread pool) finishes in well under a second.
constexpr std::chrono::seconds kLoadLimit{10};

// dlopen runs the plugin's constructors, and those of the libraries it needs: code that may crash,
// hang or end the process, with no call guard around it. They run first in a child process, with
// the limit, so that such a plugin is refused, named, before the harness loads it and measures
// anything; a second signal is not needed to stop a hang (SIGINT and SIGTERM kill the child).
void try_loading(const PluginSpec& spec, const std::string& what) {
  const IsolatedResult r = run_isolated(
      [&](const ChildReport&) {
        std::string ignored;  // the harness's own load says why it failed
        load(spec.file, spec.symbol, what, ignored);
        return std::string("loaded");
      },
      kLoadLimit);
  const std::string constructors =
      ": its constructors (the code a library runs as it is loaded) or those of the libraries it needs ";
  switch (r.ending) {
    case IsolatedResult::Ending::returned:
      if (r.value == "loaded") return;
      throw SolverFault(what,
                        "ended the process while loading, exit status " + std::to_string(r.exit_status) + constructors +
                            "call exit: nothing was measured",
                        0);
    case IsolatedResult::Ending::crashed:
      throw SolverFault(what,
                        "crashed with " + signal_description(r.signal) + " while loading" + constructors +
                            "fail: nothing was measured",
                        r.signal);
    case IsolatedResult::Ending::timed_out:
      throw SolverFault(what,
                        "did not finish loading within " + std::to_string(kLoadLimit.count()) + " s" + constructors +
                            "do not return: nothing was measured",
                        0);
    case IsolatedResult::Ending::interrupted:
      throw SolverFault(what, "was not loaded: interrupted", 0, true);
  }
}

// "" for a regular file (or none: dlopen names that); otherwise what it is. Reading a FIFO would
// wait for a writer (once taken for constructors that never finish, after the load limit), a
// device for ever: neither can be a library, so either is refused before anything opens it.
std::string not_a_file(const std::string& file) {
  struct stat st {};
  if (stat(file.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return {};
  if (S_ISDIR(st.st_mode)) return "a directory";
  if (S_ISFIFO(st.st_mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "a device";
}

}  // namespace

bool parse_plugin_spec(const std::string& text, PluginSpec& spec, std::string& error) {
  std::string rest = text;
  if (const auto at = rest.rfind('@'); at != std::string::npos) {
    const std::string mode = rest.substr(at + 1);
    if (mode == "shared" || mode == "private" || mode == "auto") {
      spec.mode = mode;
      rest.resize(at);
    }
  }
  // The last ':' starts a symbol when what follows it cannot be part of a file name's tail.
  spec.path = rest;
  const auto colon = rest.rfind(':');
  if (colon != std::string::npos && rest.find_first_of("/.", colon) == std::string::npos) {
    spec.symbol = rest.substr(colon + 1);
    spec.path = rest.substr(0, colon);
  }
  if (spec.path.empty() || spec.symbol.empty()) {
    error = "solver 'plugin:" + text + "': expected plugin:PATH.so[:SYMBOL][@shared|@private|@auto]";
    return false;
  }
  // dlopen searches the library path for a bare name; a plugin is a file the user points at, found
  // where the command started (private copies are made later, after a constructor may have chdir'd).
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(spec.path, ec);
  spec.file = ec ? (spec.path.find('/') == std::string::npos ? "./" + spec.path : spec.path) : absolute.string();
  return true;
}

std::unique_ptr<Library> Library::open(const PluginSpec& spec, std::string& error) {
  const std::string what = "plugin '" + spec.path + "'";
  if (const std::string kind = not_a_file(spec.file); !kind.empty()) {
    error = "cannot load " + what + ": it is " + kind + ", not a shared library file";
    return nullptr;
  }
  try_loading(spec, what);
  const auto [handle, fn] = load(spec.file, spec.symbol, what, error);
  if (!handle) return nullptr;
  return std::unique_ptr<Library>(new Library(spec, {handle, fn}));
}

Library::~Library() {
  for (const Loaded& copy : copies_) {
    dlclose(copy.handle);
    close(copy.memory);
  }
  dlclose(first_.handle);
}

sudoku_bench_solve_fn Library::acquire(std::string& error) {
  const std::lock_guard lock(mutex_);
  if (!idle_.empty()) {
    const sudoku_bench_solve_fn fn = idle_.back();
    idle_.pop_back();
    return fn;
  }
  // The loader keeps one instance per file (by name, then by device and inode): each private
  // instance is loaded from a copy in memory (memfd) under a name of its own, /proc/self/fd/N,
  // whose descriptor stays open while the instance is loaded so that no later copy takes the name.
  // Nothing is made on disk, so no ending (exit(), a crash, SIGKILL) can leave a file behind.
  const std::string name = "sudoku-bench-plugin-" + std::to_string(copies_.size() + 1);
  const int memory = memfd_create(name.c_str(), MFD_CLOEXEC);
  if (memory < 0) {
    error = "cannot make a private copy of plugin '" + spec_.path + "' in memory: " + std::strerror(errno);
    return nullptr;
  }
  const std::string copy = "/proc/self/fd/" + std::to_string(memory);
  std::error_code ec;
  if (!std::filesystem::copy_file(spec_.file, copy, std::filesystem::copy_options::overwrite_existing, ec)) {
    close(memory);
    error = "cannot copy plugin '" + spec_.path + "' for a private instance: " + ec.message();
    return nullptr;
  }
  const auto [handle, fn] = load(copy, spec_.symbol, "a private instance of plugin '" + spec_.path + "'", error);
  if (!handle) {
    close(memory);
    return nullptr;
  }
  copies_.push_back({handle, fn, memory});
  return copies_.back().fn;
}

void Library::release(sudoku_bench_solve_fn fn) {
  const std::lock_guard lock(mutex_);
  idle_.push_back(fn);
}

}  // namespace sudoku_bench::plugin
