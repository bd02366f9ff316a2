#include "plugin/plugin_solver.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "plugin/call_guard.h"
#include "plugin/library.h"
#include "plugin/reentrancy.h"
#include "plugin/solver_policy.h"
#include "plugin/text_solver.h"

namespace sudoku_bench::plugin {
namespace {

// 32 bytes of a record in symbols, its blanks as '.': one vector operation, no branch (and no
// check at run time that the two overlap, which they never do).
void copy_as_dots(const char* __restrict from, char* __restrict to) {
  for (std::size_t i = 0; i < 32; ++i) to[i] = from[i] == '0' ? '.' : from[i];
}

// A record the step parsed (81 bytes of '0'-'9' and '.') as the plugin interface wants it, '.'
// for a blank, into `to`: three 32-byte blocks, the last overlapping the second. A check of each
// byte against the interface's alphabet instead took ~12 ns a record (perf, AMD EPYC f26 m2),
// a fifth of an instant plugin's time in `run`.
bool copy_in_plugin_format(std::string_view text, char* to) {
  if (text.size() != 81) return false;
  copy_as_dots(text.data(), to);
  copy_as_dots(text.data() + 32, to + 32);
  copy_as_dots(text.data() + 49, to + 49);
  return true;
}

class PluginFactory;

class PluginSolver final : public sudoku::Solver, public TextSolver {
 public:
  PluginSolver(const std::string& name, sudoku_bench_solve_fn fn, Library* owner)
      : guard_(name), guard_name_(name), fn_(fn), owner_(owner) {}
  ~PluginSolver() override {
    // A faulted instance may be broken: it goes back to no one.
    if (owner_ && !broken_) owner_->release(fn_);
  }
  PluginSolver(const PluginSolver&) = delete;
  PluginSolver& operator=(const PluginSolver&) = delete;

  sudoku::SolveResult solve(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                            sudoku::Grid* solution) override {
    sudoku::write_symbols(puzzle, puzzle_.data());
    sudoku::SolveResult r;
    call(options, solution, r);
    return r;
  }

  // The record's own bytes, as write_symbols would have written them; copied, since the record's
  // bytes are followed by the next record's, not by a NUL.
  bool solve_text(std::string_view text, const sudoku::SolveOptions& options, sudoku::Grid* solution,
                  sudoku::SolveResult& result) override {
    if (!copy_in_plugin_format(text, puzzle_.data())) return false;
    call(options, solution, result);
    return true;
  }

 private:
  void call(const sudoku::SolveOptions& options, sudoku::Grid* solution, sudoku::SolveResult& r) {
    std::size_t guesses = 0;
    // The NUL after the 81 characters: solvers that take pencilmarks too (tdoku) look at byte 81.
    puzzle_[81] = '\0';
    // A NUL, so that a solution it does not write is told from one it writes (RecordStep).
    if (solution) solution_[0] = 0;
    std::size_t found = 0;
    try {
      found = guard_.call(puzzle_.data(),
                          [&] { return fn_(puzzle_.data(), options.max_solutions, 0, solution_.data(), &guesses); });
    } catch (const SolverFault&) {
      broken_ = true;
      throw;
    }
    // Above the limit: named, as an exec: program's is (exec_solver.cc), not cut to the limit, since
    // a plugin that ignores the limit counts something else than it was asked.
    if (found > options.max_solutions)
      throw SolverFault(guard_name_,
                        "answered COUNT " + std::to_string(found) + " to " + std::string(puzzle_.data(), 81) +
                            ", above the limit " + std::to_string(options.max_solutions) + " it was given",
                        0);
    r = sudoku::SolveResult{};
    r.solutions = found;
    r.guesses = guesses;
    r.nodes = 0;  // the interface does not report it; see reports_tree_size()
    // Whatever it wrote is its solution, '.' or garbage included (judged, then); nothing written
    // leaves `solution` as it was, which RecordStep tells from a written one.
    if (solution && r.solutions > 0 && solution_[0] != '\0') {
      solution->box = 3;
      for (int i = 0; i < 81; ++i) {
        const char c = solution_[static_cast<std::size_t>(i)];
        solution->cells[static_cast<std::size_t>(i)] = c >= '1' && c <= '9' ? static_cast<std::uint8_t>(c - '0') : 0;
      }
    }
  }

  CallGuard guard_;
  std::string guard_name_;  // the plugin's name, for the faults found outside the guard
  sudoku_bench_solve_fn fn_;
  Library* owner_;  // the pool a private instance goes back to; null for the shared one
  bool broken_ = false;
  // Room past the 81 characters: the NUL, and whatever a solver writes after a solution (a NUL too).
  alignas(64) std::array<char, 128> puzzle_{}, solution_{};
};

class PluginFactory final : public HarnessFactory {
 public:
  PluginFactory(std::unique_ptr<Library> library, bool per_thread, std::string name)
      : library_(std::move(library)), per_thread_(per_thread), name_(std::move(name)) {}

  std::string name() const override { return name_; }
  std::string implementation() const override {
    return per_thread_ ? name_ + " (a private instance per thread)" : name_;
  }
  bool supports(int box) const override { return box == 3; }  // the interface is 81 characters
  std::unique_ptr<sudoku::Solver> make() const override {
    if (!per_thread_) return std::make_unique<PluginSolver>(name_, library_->shared_function(), nullptr);
    std::string error;
    const sudoku_bench_solve_fn fn = library_->acquire(error);
    if (!fn) throw SolverFault(name_, error, 0);
    return std::make_unique<PluginSolver>(name_, fn, library_.get());
  }
  bool reports_tree_size() const override { return false; }
  // Recounted by fast: 9x9, and faster than any plugin measured.
  SolverPolicy policy() const override { return {.counts_solutions = true, .recounted_by = "fast"}; }

 private:
  std::unique_ptr<Library> library_;
  bool per_thread_;
  std::string name_;
};

}  // namespace

std::unique_ptr<sudoku::SolverFactory> load_plugin(const PluginSpec& spec, const std::string& name, std::string& error,
                                                   std::string* note) {
  auto library = Library::open(spec, error);
  if (!library) return nullptr;
  bool per_thread = spec.mode == "private";
  if (spec.mode == "auto") {
    // A reentrant plugin answers the check in milliseconds; 2 s, then 8 s, leave room for a loaded
    // machine. A check without answer leaves the plugin unjudged, and in private instances (safe).
    const ReentrancyCheck check = check_reentrancy(library->shared_function(), name, std::chrono::milliseconds(2000));
    // A signal during the check killed its child: no finding, and nothing to measure.
    if (const std::atomic<bool>* flag = interrupt_flag(); flag && flag->load())
      throw SolverFault(name, "was not checked: interrupted", 0, true);
    per_thread = !check.reentrant();
    if (per_thread && note)
      *note = name +
              (check.verdict == ReentrancyCheck::Verdict::no_answer ? " could not be checked for reentrancy ("
                                                                    : " is not reentrant (") +
              check.why_not +
              "): each solver thread gets a private instance of it (@shared forces one instance, @private says so)";
  }
  return std::make_unique<PluginFactory>(std::move(library), per_thread, name);
}

}  // namespace sudoku_bench::plugin
