#include "stream/solver_specs.h"

#include <dlfcn.h>

#include <array>
#include <string_view>

#include "stream/noop.h"
#include "stream/test_delay.h"
#include "stream/text_solver.h"
#include "sudoku/strategies.h"
#include "sudoku_bench/plugin_abi.h"

namespace sudoku_bench {
namespace {

constexpr std::string_view kPluginPrefix = "plugin:";

// 81 characters, '1'-'9' and '.': a puzzle as the plugin interface wants it.
bool in_plugin_format(std::string_view text) {
  if (text.size() != 81) return false;
  unsigned char bad = 0;
  for (std::size_t i = 0; i < 81; ++i) {  // no branch: the compiler vectorises it
    const auto c = static_cast<unsigned char>(text[i]);
    bad = static_cast<unsigned char>(bad | ((static_cast<unsigned char>(c - '1') > 8) & (c != '.')));
  }
  return bad == 0;
}

class PluginSolver final : public sudoku::Solver, public TextSolver {
 public:
  explicit PluginSolver(sudoku_bench_solve_fn fn) : fn_(fn) {}

  sudoku::SolveResult solve(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                            sudoku::Grid* solution) override {
    sudoku::write_symbols(puzzle, puzzle_.data());
    sudoku::SolveResult r;
    call(puzzle_.data(), options, solution, r);
    return r;
  }

  // The record's own bytes when they are what write_symbols would have written.
  bool solve_text(std::string_view text, const sudoku::SolveOptions& options, sudoku::Grid* solution,
                  sudoku::SolveResult& result) override {
    if (!in_plugin_format(text)) return false;
    call(text.data(), options, solution, result);
    return true;
  }

 private:
  void call(const char* puzzle, const sudoku::SolveOptions& options, sudoku::Grid* solution, sudoku::SolveResult& r) {
    std::size_t guesses = 0;
    // Blank, so that a solver that reports a solution without writing it is caught (RecordStep).
    if (solution) solution_.fill(0);
    const std::size_t found = fn_(puzzle, options.max_solutions, 0, solution_.data(), &guesses);
    r = sudoku::SolveResult{};
    r.solutions = std::min<std::uint64_t>(found, options.max_solutions);
    r.guesses = guesses;
    r.nodes = 0;  // the interface does not report it; see reports_tree_size()
    if (solution && r.solutions > 0) {
      solution->box = 3;
      for (int i = 0; i < 81; ++i) {
        const char c = solution_[static_cast<std::size_t>(i)];
        solution->cells[static_cast<std::size_t>(i)] = c >= '1' && c <= '9' ? static_cast<std::uint8_t>(c - '0') : 0;
      }
    }
  }

  sudoku_bench_solve_fn fn_;
  std::array<char, 81> puzzle_{}, solution_{};
};

class PluginFactory final : public sudoku::SolverFactory {
 public:
  PluginFactory(void* handle, sudoku_bench_solve_fn fn, std::string name)
      : handle_(handle), fn_(fn), name_(std::move(name)) {}
  ~PluginFactory() override { dlclose(handle_); }
  PluginFactory(const PluginFactory&) = delete;
  PluginFactory& operator=(const PluginFactory&) = delete;

  std::string name() const override { return name_; }
  bool supports(int box) const override { return box == 3; }  // the interface is 81 characters
  std::unique_ptr<sudoku::Solver> make() const override { return std::make_unique<PluginSolver>(fn_); }
  bool reports_tree_size() const override { return false; }

 private:
  void* handle_;
  sudoku_bench_solve_fn fn_;
  std::string name_;
};

std::unique_ptr<sudoku::SolverFactory> load_plugin(std::string_view path_and_symbol, std::string& error) {
  // The last ':' starts a symbol when what follows it cannot be part of a file name's tail.
  std::string path(path_and_symbol), symbol = "solve";
  const auto colon = path.rfind(':');
  if (colon != std::string::npos && path.find_first_of("/.", colon) == std::string::npos) {
    symbol = path.substr(colon + 1);
    path.resize(colon);
  }
  const std::string name = std::string(kPluginPrefix) + std::string(path_and_symbol);
  if (path.empty() || symbol.empty()) {
    error = "solver '" + name + "': expected plugin:PATH.so or plugin:PATH.so:SYMBOL";
    return nullptr;
  }
  // dlopen searches the library path for a bare name; a plugin is a file the user points at.
  const std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  // NODELETE: solver threads may hold the plugin's thread_local state until they exit, after
  // the factory is gone; the code those destructors run must stay mapped.
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!handle) {
    const char* why = dlerror();
    error = "cannot load plugin '" + path + "': " + (why ? why : "unknown error");
    return nullptr;
  }
  dlerror();
  void* fn = dlsym(handle, symbol.c_str());
  if (!fn) {
    dlclose(handle);
    error = "plugin '" + path + "' has no function '" + symbol + "'";
    return nullptr;
  }
  return std::make_unique<PluginFactory>(handle, reinterpret_cast<sudoku_bench_solve_fn>(fn), name);
}

}  // namespace

std::unique_ptr<sudoku::SolverFactory> factory_for_spec(std::string_view spec, std::string& error) {
  if (spec == kNoopSpec) return detail::with_test_delay(make_noop_factory());
  return detail::with_test_delay(is_plugin_spec(spec) ? load_plugin(spec.substr(kPluginPrefix.size()), error)
                                                      : sudoku::make_solver_factory(spec, error));
}

bool is_plugin_spec(std::string_view spec) { return spec.substr(0, kPluginPrefix.size()) == kPluginPrefix; }

std::unique_ptr<sudoku::SolverFactory> reference_for_spec(std::string_view spec, std::string& error) {
  if (spec == kNoopSpec) {
    error = "--verify: noop counts no solutions; it cannot be a reference";
    return nullptr;
  }
  // Not slowed by the test delay: that delays the solver under test, not its judge.
  return is_plugin_spec(spec) ? load_plugin(spec.substr(kPluginPrefix.size()), error)
                              : sudoku::make_solver_factory(spec, error);
}

}  // namespace sudoku_bench
