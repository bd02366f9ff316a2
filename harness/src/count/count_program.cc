// sudoku-bench-count: the program `run --measure instructions` starts under valgrind (count/
// counted_run.h) for built-in strategies and plugin: libraries. Single-threaded, linked with the
// gate build of the solver library (x86-64-v2, generic tuning: gates/CMakeLists.txt), never with
// TBB or the harness, so that what callgrind counts inside sudoku_bench_count_region is the
// solver's call and nothing else, and so that no AVX-512 of a -march=native build reaches valgrind.
//
//   sudoku-bench-count --solver SPEC | --plugin PATH[:SYMBOL]
//     reads "LINE PUZZLE" lines on stdin (PUZZLE as the harness parsed it: symbols, '.' blanks),
//     prints "# implementation NAME", then per record "LINE COUNT NODES GUESSES SOLUTION" (SOLUTION
//     "-" when none was written) or "LINE unsupported", flushed per line for the harness's progress.
//
// Exit status: 0 ok, 2 usage error, 3 a record the harness sent could not be parsed or a write
// failed, 4 the plugin could not be loaded.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "sudoku/grid.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "sudoku_bench/plugin_abi.h"

namespace count {

constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;
constexpr int kExitLoad = 4;

// One call to count: a built-in strategy's or a plugin's. Plain data, so that the region's own
// instructions are the same few for every solver.
struct Call {
  sudoku::Solver* solver = nullptr;
  sudoku_bench_solve_fn plugin = nullptr;
  const sudoku::SolveOptions* options = nullptr;
  const sudoku::Grid* puzzle = nullptr;
  sudoku::Grid* solution = nullptr;
  const char* text = nullptr;  // a plugin's 81 symbols and NUL
  char* written = nullptr;     // a plugin's solution buffer
  sudoku::SolveResult result;
};

}  // namespace count

// The counted region: valgrind --toggle-collect names it, so parsing, judging and printing stay out
// of the count. C linkage keeps its name the same for every compiler; noinline keeps it a call.
extern "C" __attribute__((noinline)) void sudoku_bench_count_region(count::Call* call) {
  if (call->plugin) {
    std::size_t guesses = 0;
    call->result.solutions = call->plugin(call->text, 2, 0, call->written, &guesses);
    call->result.guesses = guesses;
    call->result.nodes = 0;
  } else {
    call->result = call->solver->solve(*call->puzzle, *call->options, call->solution);
  }
}

namespace count {

int usage(const std::string& why) {
  std::fprintf(stderr,
               "sudoku-bench-count: %s\n"
               "usage: sudoku-bench-count --solver SPEC | --plugin PATH[:SYMBOL] < RECORDS\n",
               why.c_str());
  return kExitUsage;
}

// A library loaded with dlopen alone: the harness's loader (plugin/library.h) brings call guards,
// isolated copies and a reentrancy check for many threads, and with them the harness's build,
// none of which one thread counting needs.
sudoku_bench_solve_fn load_plugin(const std::string& spec, std::string& error) {
  std::string path = spec, symbol = "solve";
  if (const auto colon = spec.rfind(':'); colon != std::string::npos && spec.find('/', colon) == std::string::npos) {
    path = spec.substr(0, colon);
    symbol = spec.substr(colon + 1);
  }
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    error = dlerror();
    return nullptr;
  }
  void* fn = dlsym(handle, symbol.c_str());
  if (!fn) error = path + ": no symbol " + symbol;
  return reinterpret_cast<sudoku_bench_solve_fn>(fn);
}

struct Counter {
  std::unique_ptr<sudoku::SolverFactory> factory;
  std::unique_ptr<sudoku::Solver> solver;
  sudoku_bench_solve_fn plugin = nullptr;
  sudoku::SolveOptions options;  // counts to 2, as run does; no time limit: counts must not read a clock
  bool warmed = false;

  bool supports(const sudoku::Grid& g) const { return plugin ? g.box == 3 : factory->supports(g.box); }

  // Solves `puzzle`; the first supported puzzle is solved once before, outside the count, so that
  // what a solver builds lazily on its first call is not charged to one record.
  Call solve(const sudoku::Grid& puzzle, sudoku::Grid& solution, char (&text)[82], char (&written)[82]) {
    Call call;
    call.solver = solver.get();
    call.plugin = plugin;
    call.options = &options;
    call.puzzle = &puzzle;
    call.solution = &solution;
    call.text = text;
    call.written = written;
    if (plugin) {
      sudoku::write_symbols(puzzle, text);
      text[81] = '\0';
    }
    if (!warmed) {
      if (plugin) {
        char scratch[82];
        std::memcpy(scratch, text, sizeof scratch);
        std::size_t guesses = 0;
        plugin(scratch, 2, 0, written, &guesses);
      } else {
        solver->solve(puzzle, options, &solution);
      }
      warmed = true;
    }
    std::memset(written, 0, sizeof written);
    sudoku_bench_count_region(&call);
    return call;
  }
};

int count_records(Counter& c) {
  std::printf("# implementation %s\n", c.plugin ? "plugin" : c.factory->implementation().c_str());
  sudoku::Grid puzzle, solution;
  char text[82], written[82];
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto space = line.find(' ');
    if (space == std::string::npos) return kExitIo;
    const std::string number = line.substr(0, space);
    if (!sudoku::parse_record(std::string_view(line).substr(space + 1), puzzle)) {
      std::fprintf(stderr, "sudoku-bench-count: record %s: not a puzzle\n", number.c_str());
      return kExitIo;
    }
    if (!c.supports(puzzle)) {
      std::printf("%s unsupported\n", number.c_str());
      continue;
    }
    const Call call = c.solve(puzzle, solution, text, written);
    std::string shown = "-";
    if (call.result.solutions > 0) {
      if (c.plugin) {
        if (written[0] != '\0') shown.assign(written, 81);
      } else {
        shown.assign(static_cast<std::size_t>(solution.cell_count()), '.');
        sudoku::write_symbols(solution, shown.data());
      }
    }
    std::printf("%s %llu %llu %llu %s%s\n", number.c_str(), static_cast<unsigned long long>(call.result.solutions),
                static_cast<unsigned long long>(call.result.nodes),
                static_cast<unsigned long long>(call.result.guesses), shown.c_str(),
                call.result.aborted ? " aborted" : "");
    if (std::fflush(stdout) != 0) return kExitIo;
  }
  return 0;
}

}  // namespace count

int main(int argc, char** argv) {
  using namespace count;
  if (argc != 3) return usage("expected one --solver SPEC or --plugin PATH[:SYMBOL]");
  const std::string option = argv[1], value = argv[2];
  Counter c;
  std::string error;
  if (option == "--solver") {
    c.factory = sudoku::make_solver_factory(value, error);
    if (!c.factory) return usage(error);
    c.solver = c.factory->make();
  } else if (option == "--plugin") {
    c.plugin = load_plugin(value, error);
    if (!c.plugin) {
      std::fprintf(stderr, "sudoku-bench-count: %s\n", error.c_str());
      return kExitLoad;
    }
  } else {
    return usage("unknown argument " + option);
  }
  return count_records(c);
}
