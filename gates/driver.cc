// sudoku-gate-driver: the one program both CI gates run (gates/gates). Single-threaded, linked
// only with the solver library (its gate build, see CMakeLists.txt): no TBB, no harness, so that
// its instruction count under valgrind is the solver's and nothing else's.
//
//   sudoku-gate-driver --solver SPEC [--node-limit N] [--class NAME]
//     prints "# class NAME FILE EVERY" and then one line per sampled puzzle:
//     "FILE:LINE nodes=N guesses=G solutions=S[ aborted]" (or "FILE:LINE unsupported")
//   sudoku-gate-driver --context
//     prints the facts an instruction count depends on, one "key: value" a line
//
// Exit status: 0 ok, 2 usage error, 3 a file could not be read or held an invalid record.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "sudoku/parse.h"
#include "sudoku/strategies.h"

namespace gate {

constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;
constexpr std::size_t kSampleSize = 200;

struct SampleClass {
  std::string name, file;
  std::size_t every = 1;
};

struct Puzzle {
  std::size_t line = 0;
  sudoku::Grid grid;
  sudoku::SolveResult result;
  bool supported = true;
};

struct Failure {
  std::string message;
};

std::vector<SampleClass> read_classes(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Failure{path + ": cannot open"};
  std::vector<SampleClass> classes;
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    SampleClass c;
    char name[64], file[512];
    unsigned long every = 0;
    if (std::sscanf(line.c_str(), "%63s %511s %lu", name, file, &every) != 3 || every == 0)
      throw Failure{path + ":" + std::to_string(n) + ": expected CLASS FILE EVERY"};
    c.name = name;
    c.file = file;
    c.every = every;
    classes.push_back(c);
  }
  return classes;
}

// Every `every`-th puzzle line (not empty, not a # comment) of `path`, the first included.
std::vector<Puzzle> read_sample(const std::string& path, const std::string& shown, std::size_t every) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Failure{shown + ": cannot open"};
  std::vector<Puzzle> sample;
  std::size_t line_number = 0, puzzle_index = 0;
  for (std::string line; sample.size() < kSampleSize && std::getline(in, line);) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (puzzle_index++ % every != 0) continue;
    Puzzle p;
    p.line = line_number;
    const sudoku::ParseResult parsed = sudoku::parse_record(line, p.grid);
    if (!parsed) throw Failure{shown + ":" + std::to_string(line_number) + ": " + sudoku::describe(parsed)};
    sample.push_back(p);
  }
  return sample;
}

}  // namespace gate

// The measured region: gates/gates counts instructions only inside this function (callgrind
// --toggle-collect), so reading and parsing files and printing stay out of the count. C linkage
// keeps the name the same for every compiler.
extern "C" __attribute__((noinline)) void sudoku_gate_solve_all(sudoku::Solver* solver,
                                                                const sudoku::SolveOptions* options,
                                                                gate::Puzzle* puzzles, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (puzzles[i].supported) puzzles[i].result = solver->solve(puzzles[i].grid, *options, nullptr);
}

namespace gate {

int print_context() {
#if defined(__clang__)
  std::printf("compiler: Clang %s\n", __clang_version__);
#else
  std::printf("compiler: GCC %s\n", __VERSION__);
#endif
  std::printf("flags: %s\n", SUDOKU_GATE_FLAGS);
  std::printf("target: %s\n", SUDOKU_GATE_TARGET);
  return 0;
}

int usage(const char* why) {
  std::fprintf(stderr,
               "sudoku-gate-driver: %s\n"
               "usage: sudoku-gate-driver --solver SPEC [--node-limit N] [--class NAME]\n"
               "       sudoku-gate-driver --context\n",
               why);
  return kExitUsage;
}

}  // namespace gate

int main(int argc, char** argv) {
  using namespace gate;
  const std::string root = SUDOKU_GATE_ROOT, samples = root + "/gates/samples.txt";
  std::string solver_spec, only_class;
  sudoku::SolveOptions options;  // counts up to 2 solutions, like `run`; no time limit: counts must not depend on time
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--context") return print_context();
    if (i + 1 >= argc) return usage(("missing value after " + arg).c_str());
    if (arg == "--solver")
      solver_spec = argv[++i];
    else if (arg == "--class")
      only_class = argv[++i];
    else if (arg == "--node-limit") {
      char* end = nullptr;
      options.max_nodes = std::strtoull(argv[++i], &end, 10);
      if (*end != '\0' || argv[i][0] == '-' || argv[i][0] == '\0') return usage("--node-limit needs a whole number");
    } else
      return usage(("unknown argument " + arg).c_str());
  }
  if (solver_spec.empty()) return usage("--solver is required");
  std::string error;
  const auto factory = sudoku::make_solver_factory(solver_spec, error);
  if (!factory) return usage(error.c_str());

  try {
    bool found = only_class.empty();
    for (const SampleClass& c : read_classes(samples)) {
      if (!only_class.empty() && c.name != only_class) continue;
      found = true;
      std::vector<Puzzle> sample = read_sample(root + "/" + c.file, c.file, c.every);
      for (Puzzle& p : sample) p.supported = factory->supports(p.grid.box);
      // A fresh solver per class, warmed by one puzzle outside the count: lazily made per-size
      // engines are then built before the measured region.
      const auto solver = factory->make();
      for (Puzzle& p : sample)
        if (p.supported) {
          solver->solve(p.grid, options, nullptr);
          break;
        }
      sudoku_gate_solve_all(solver.get(), &options, sample.data(), sample.size());
      std::printf("# class %s %s %zu\n", c.name.c_str(), c.file.c_str(), c.every);
      for (const Puzzle& p : sample) {
        if (!p.supported) {
          std::printf("%s:%zu unsupported\n", c.file.c_str(), p.line);
          continue;
        }
        std::printf("%s:%zu nodes=%llu guesses=%llu solutions=%llu%s\n", c.file.c_str(), p.line,
                    static_cast<unsigned long long>(p.result.nodes), static_cast<unsigned long long>(p.result.guesses),
                    static_cast<unsigned long long>(p.result.solutions), p.result.aborted ? " aborted" : "");
      }
    }
    if (!found) return usage(("no class " + only_class + " in " + samples).c_str());
  } catch (const Failure& f) {
    std::fprintf(stderr, "sudoku-gate-driver: %s\n", f.message.c_str());
    return kExitIo;
  }
  return std::fflush(stdout) == 0 ? 0 : kExitIo;
}
