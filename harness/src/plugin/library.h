// A plugin's shared library and the instances of it that solver threads use. A reentrant plugin
// is loaded once and shared; one that keeps its working state in globals (tdoku does) gets a
// private instance per solver: a copy of the file, loaded under its own name, so that the loader
// maps it anew with its own globals. Instances go back to a pool when a solver is done with them,
// so a run loads at most as many as it has threads at once.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "sudoku_bench/plugin_abi.h"

namespace sudoku_bench::plugin {

// "plugin:PATH[:SYMBOL][@shared|@private|@auto]" without the "plugin:" prefix, taken apart.
struct PluginSpec {
  std::string path;  // as given
  std::string file;  // what dlopen is given (a bare name as ./NAME)
  std::string symbol = "solve";
  std::string mode = "auto";  // shared, private or auto (decided by a reentrancy check)

  bool operator==(const PluginSpec&) const = default;
};

// False, with `error`, when the text is not of that form.
bool parse_plugin_spec(const std::string& text, PluginSpec& spec, std::string& error);

class Library {
 public:
  // Loads the file once and finds the symbol; null, with `error`, when either fails. Its constructors
  // run first in a child process, 10 s at most: throws SolverFault, naming what they did, when they
  // crash, hang or end the process there, and (interrupted()) when SIGINT or SIGTERM stopped them.
  static std::unique_ptr<Library> open(const PluginSpec& spec, std::string& error);
  ~Library();
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  // The instance loaded first (the shared one).
  sudoku_bench_solve_fn shared_function() const { return first_.fn; }

  // A private instance, from the pool or newly loaded; null with `error` when it cannot be loaded.
  // Give it back with release() once no thread calls it any more.
  sudoku_bench_solve_fn acquire(std::string& error);
  void release(sudoku_bench_solve_fn fn);

 private:
  struct Loaded {
    void* handle = nullptr;
    sudoku_bench_solve_fn fn = nullptr;
    int memory = -1;  // a private instance's copy (memfd), open while it is loaded
  };
  Library(PluginSpec spec, Loaded first) : spec_(std::move(spec)), first_(first) {}

  PluginSpec spec_;
  Loaded first_;
  std::mutex mutex_;
  std::vector<Loaded> copies_;               // every private instance loaded
  std::vector<sudoku_bench_solve_fn> idle_;  // those no solver holds
};

}  // namespace sudoku_bench::plugin
