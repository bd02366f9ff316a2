#include "plugin/conformance.h"

#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <cstring>
#include <functional>
#include <memory>

#include "plugin/batch_solver.h"
#include "plugin/call_guard.h"
#include "plugin/exec_process.h"
#include "plugin/isolated_run.h"
#include "plugin/library.h"
#include "plugin/plugin_solver.h"
#include "plugin/reentrancy.h"
#include "sudoku/grid.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"

namespace sudoku_bench::plugin {
namespace {

// A puzzle of the fixed set and its count at limit 2, by the built-in bitmask strategy.
struct Case {
  std::string label;
  std::string puzzle;
  std::size_t count = 0;
};

std::size_t reference_count(const std::string& puzzle, std::size_t limit = 2) {
  std::string error;
  static const auto bitmask = sudoku::make_solver_factory("bitmask", error)->make();
  sudoku::Grid grid;
  if (!sudoku::parse_record(puzzle, grid)) return 0;
  sudoku::SolveOptions options;
  options.max_solutions = limit;
  return bitmask->solve(grid, options, nullptr).solutions;
}

std::vector<Case> fixed_cases() {
  std::vector<Case> cases = {
      {"a hard unique puzzle", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"},
      {"a hard unique puzzle", "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."},
      {"a 17-clue unique puzzle", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
      {"an easy unique puzzle", "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."},
      {"a puzzle with several solutions",
       "8.........95.......76.........426798...571243...893165......916....3.487....1.532"},
      {"the empty grid", std::string(81, '.')},
      {"givens in conflict (two 1s in row 1)", "11" + std::string(79, '.')},
  };
  // No two givens conflict, yet there is no solution: a wrong digit in a unique puzzle's first blank.
  std::string unsolvable = cases[0].puzzle;
  const auto blank = unsolvable.find('.');
  for (char d = '1'; d <= '9'; ++d) {
    unsolvable[blank] = d;
    sudoku::Grid grid;
    const bool conflict_free = sudoku::parse_record(unsolvable, grid) && reference_count(unsolvable, 1) == 0;
    if (!conflict_free) continue;
    bool direct = false;  // a given it repeats in row, column or box
    const std::size_t r = blank / 9, c = blank % 9;
    for (std::size_t i = 0; i < 81; ++i) {
      if (i == blank || unsolvable[i] != d) continue;
      direct |= i / 9 == r || i % 9 == c || (i / 27 == r / 3 && i % 9 / 3 == c / 3);
    }
    if (!direct) break;
  }
  cases.push_back({"no solution, no givens in conflict", unsolvable});
  for (Case& c : cases) c.count = reference_count(c.puzzle);
  return cases;
}

// An answer as the rules read it, whoever gave it.
struct Answer {
  std::size_t count = 0, guesses = 0;
  std::string solution;  // 81 characters as written; NULs where nothing was
};

// A rule's finding that ends it: a crash or an exception, named with the call it happened in.
struct Crash {
  std::string what;
};

// How a rule asks the solver under check for one puzzle at one limit; throws Crash.
using Ask = std::function<Answer(const std::string& puzzle, std::size_t limit)>;

// In the child: one call as sudoku-bench makes it, 81 characters and a NUL, a blank solution
// buffer; guarded (call_guard.h) so that a crash is named by its own signal even where a
// sanitizer's handler would have turned it into an abort.
Answer ask_plugin(sudoku_bench_solve_fn fn, const std::string& puzzle, std::size_t limit, const ChildReport& report) {
  static CallGuard guard("the plugin");
  const std::string call = "puzzle " + puzzle + " at limit " + std::to_string(limit);
  report.progress(call);
  std::array<char, 128> in{}, out{};
  std::memcpy(in.data(), puzzle.data(), 81);
  Answer a;
  try {
    a.count = guard.call(in.data(), [&] { return fn(in.data(), limit, 0, out.data(), &a.guesses); });
  } catch (const SolverFault& f) {
    throw Crash{(f.signal() ? "crashes: " + signal_description(f.signal()) : "throws: " + f.cause()) + " on " + call};
  }
  a.solution.assign(out.data(), 81);
  return a;
}

// Above any digit and not a blank: a first cell still holding it was not written (as RecordStep tells).
constexpr std::uint8_t kNothingWritten = 0xFF;

// What a fault of a solver behind sudoku::Solver (an exec: program that exits or answers
// nonsense) ends a rule with; its cause names the puzzle.
Crash crash_of(const SolverFault& f) { return Crash{(f.signal() ? "crashes: " : "fails: ") + f.cause()}; }

// In the child: a solver the factory made there, asked as run asks it.
Answer ask_solver(sudoku::Solver& solver, const std::string& puzzle, std::size_t limit, const ChildReport& report) {
  report.progress("puzzle " + puzzle + " at limit " + std::to_string(limit));
  sudoku::Grid grid, solution;
  sudoku::parse_record(puzzle, grid);
  solution.cells[0] = kNothingWritten;
  sudoku::SolveOptions options;
  options.max_solutions = limit;
  sudoku::SolveResult r;
  try {
    r = solver.solve(grid, options, &solution);
  } catch (const SolverFault& f) {
    throw crash_of(f);
  }
  Answer a{r.solutions, r.guesses, std::string(81, '\0')};
  if (r.solutions > 0 && solution.cells[0] != kNothingWritten && solution.box == grid.box)
    sudoku::write_symbols(solution, a.solution.data());
  return a;
}

// The solver of a rule's child: made there, so that an exec: program is started by the child and
// ends with it (isolated_run.h).
std::shared_ptr<sudoku::Solver> make_in_child(const sudoku::SolverFactory& factory) {
  try {
    return factory.make();
  } catch (const SolverFault& f) {
    throw crash_of(f);
  }
}

bool written(const Answer& a) { return a.solution[0] != '\0'; }

// A rule's result through the pipe: the verdict's letter, then the detail.
std::string verdict(Verdict v, const std::string& detail) {
  return std::string(1, v == Verdict::pass ? 'P' : v == Verdict::note ? 'N' : 'F') + detail;
}

std::string rule_counts(const Ask& ask, const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    const Answer a = ask(c.puzzle, 2);
    if (std::min<std::size_t>(a.count, 2) != c.count)
      return verdict(Verdict::fail, "wrong count: " + std::to_string(a.count) + " at limit 2 for " + c.label + " (" +
                                        c.puzzle + "); it has " +
                                        (c.count == 2 ? "2 or more" : std::to_string(c.count)));
  }
  return verdict(Verdict::pass, std::to_string(cases.size()) +
                                    " puzzles counted right at limit 2 (unique, several solutions, none, givens in "
                                    "conflict)");
}

std::string rule_limit(const Ask& ask, const std::vector<Case>& cases) {
  for (const std::size_t limit : {std::size_t{1}, std::size_t{2}}) {
    for (const Case& c : cases) {
      const Answer a = ask(c.puzzle, limit);
      if (a.count > limit)
        return verdict(Verdict::fail, "ignores the limit: returns " + std::to_string(a.count) + " at limit " +
                                          std::to_string(limit) + " for " + c.label + " (" + c.puzzle + ")");
    }
  }
  return verdict(Verdict::pass, "never counts past the limit (1 and 2)");
}

// A solver that writes no solution only counts (fast_solv_9r2, zerodoku): not a fault, as long as
// it finds a solution at limit 1 where there is one (run finds a count with none found wrong).
std::string rule_solution_at_1(const Ask& ask, const std::vector<Case>& cases) {
  std::size_t solvable = 0, unwritten = 0;
  for (const Case& c : cases) {
    if (c.count == 0) continue;
    ++solvable;
    const Answer a = ask(c.puzzle, 1);
    if (a.count == 0)
      return verdict(Verdict::fail, "finds no solution at limit 1 for " + c.label + " (" + c.puzzle +
                                        "), which has one: run finds such a count wrong");
    if (!written(a)) {
      ++unwritten;
      continue;
    }
    sudoku::Grid puzzle, solution;
    sudoku::parse_record(c.puzzle, puzzle);
    const sudoku::ParseResult parsed = sudoku::parse_record(a.solution, solution);
    const std::string why = parsed ? sudoku::solution_error(puzzle, solution) : "it is not a grid";
    if (!why.empty()) {
      const bool givens = why.find("changes the given") != std::string::npos;
      return verdict(Verdict::fail, std::string(givens ? "changes givens" : "wrong solution") + " at limit 1 for " +
                                        c.label + " (" + c.puzzle + "): " + why);
    }
  }
  if (unwritten == solvable)
    return verdict(Verdict::note, "solutions not checked: writes none; counts judged against the reference");
  if (unwritten > 0)
    return verdict(Verdict::note, "solutions not checked where it writes none (" + std::to_string(unwritten) + " of " +
                                      std::to_string(solvable) +
                                      " puzzles); counts judged against the reference; the others valid");
  return verdict(Verdict::pass, "writes a valid solution keeping the givens");
}

std::string rule_solution_at_2(const Ask& ask, const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    if (c.count != 1) continue;
    if (written(ask(c.puzzle, 2))) continue;
    if (const Answer at_1 = ask(c.puzzle, 1); !written(at_1))
      return verdict(Verdict::note, at_1.count == 0 ? "writes none, and finds none at limit 1 (solution at limit 1)"
                                                    : "writes none at limit 1 either: its counts alone are judged "
                                                      "(solution at limit 1)");
    return verdict(Verdict::note,
                   "writes no solution at limit 2 (tdoku does the same): run asks again at limit 1 only for one in 4 "
                   "of the answers it recounts (1 in 256 by default, outside the latency, inside the pass's time), "
                   "solve for every record");
  }
  return verdict(Verdict::pass, "writes the solution at limit 2 too");
}

std::string rule_guesses(const Ask& ask, const std::vector<Case>& cases) {
  std::size_t guesses = 0;
  for (const Case& c : cases) guesses += ask(c.puzzle, 2).guesses;
  if (guesses > 0)
    return verdict(Verdict::pass, std::to_string(guesses) + (guesses == 1 ? " guess" : " guesses") + " over the set");
  return verdict(Verdict::note, "reports no guesses: the guess columns of its reports will be 0");
}

// The puzzle's last character at the end of a readable page; the next page unreadable. With `nul`,
// the NUL is the page's last byte instead. A crash means it read beyond.
std::string read_at_page_end(sudoku_bench_solve_fn fn, const std::string& puzzle, bool nul, const ChildReport& report) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  auto* base = static_cast<char*>(mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (base == MAP_FAILED || mprotect(base + page, page, PROT_NONE) != 0) return "E";
  char* at = base + page - 81 - (nul ? 1 : 0);
  std::memcpy(at, puzzle.data(), 81);
  if (nul) at[81] = '\0';
  std::array<char, 128> out{};
  std::size_t guesses = 0;
  report.progress("puzzle " + puzzle + (nul ? " with its NUL at a page's end" : " at a page's end, no NUL"));
  // Guarded: a sanitizer's own handler would end the child with its exit status instead.
  CallGuard guard("the plugin");
  try {
    guard.call(at, [&] { return fn(at, 2, 0, out.data(), &guesses); });
  } catch (const SolverFault& f) {
    return "crashed:" + signal_description(f.signal());
  }
  return "returned";
}

RuleResult rule_reads_byte_81(sudoku_bench_solve_fn fn, const std::vector<Case>& cases,
                              const ConformanceOptions& options) {
  const std::string& puzzle = cases[0].puzzle;
  RuleResult r{"reads only its 82 bytes", Verdict::pass, ""};
  const auto past_nul =
      run_isolated([&](const ChildReport& rep) { return read_at_page_end(fn, puzzle, true, rep); }, options.rule_limit);
  // A crash at the page's end: caught in the child ("crashed:SIGNAL") or ending it.
  const auto crash = [](const IsolatedResult& i) -> std::string {
    if (i.value.starts_with("crashed:")) return i.value.substr(8);
    return i.ending == IsolatedResult::Ending::crashed ? signal_description(i.signal) : "";
  };
  if (const std::string signal = crash(past_nul); !signal.empty()) {
    r.verdict = Verdict::fail;
    r.detail = "reads past the NUL after the 81 characters (" + signal +
               " when they end a readable page): sudoku-bench hands over 82 bytes";
    return r;
  }
  const auto no_nul = run_isolated([&](const ChildReport& rep) { return read_at_page_end(fn, puzzle, false, rep); },
                                   options.rule_limit);
  if (!crash(no_nul).empty()) {
    r.verdict = Verdict::note;
    r.detail =
        "reads byte 81, past the puzzle (as tdoku does, to tell a 729-character pencilmark puzzle): "
        "sudoku-bench always puts a NUL there";
    return r;
  }
  const auto differs = run_isolated(
      [&](const ChildReport& rep) {
        std::array<char, 128> in{}, out{};
        std::memcpy(in.data(), puzzle.data(), 81);
        std::size_t g = 0;
        rep.progress("puzzle " + puzzle + " followed by '.' and '1'");
        in[81] = '.';
        in[82] = '1';
        const std::size_t followed = fn(in.data(), 2, 0, out.data(), &g);
        in[81] = '\0';
        const std::size_t alone = fn(in.data(), 2, 0, out.data(), &g);
        return std::string(followed == alone ? "same" : "differs");
      },
      options.rule_limit);
  if (differs.value == "differs") {
    r.verdict = Verdict::note;
    r.detail = "answers differently when byte 81 is not a NUL: sudoku-bench always puts a NUL there";
    return r;
  }
  r.detail = "reads the 81 characters (and at most the NUL after them)";
  return r;
}

// Isolated by check_reentrancy itself: a hang or crash at several threads is a finding of this rule.
std::string rule_reentrant(sudoku_bench_solve_fn fn, const std::string& name, const ConformanceOptions& options) {
  const ReentrancyCheck check = check_reentrancy(fn, name, options.rule_limit);
  if (check.reentrant()) return verdict(Verdict::pass, "answers at 2, 3 and 4 threads at once equal one thread's");
  if (check.verdict == ReentrancyCheck::Verdict::no_answer)
    return verdict(Verdict::note, "could not tell: " + check.why_not +
                                      " (a loaded machine or a slow plugin; a longer --rule-seconds lets it finish); "
                                      "run and solve give each thread a private instance of the library when "
                                      "their check cannot tell either (plugin:...@auto, the default)");
  return verdict(Verdict::note, "not reentrant: " + check.why_not +
                                    "; run and solve give each thread a private instance of the library "
                                    "(plugin:...@auto, the default)");
}

std::string rule_throughput(sudoku_bench_solve_fn fn, const std::vector<Case>& cases, const ChildReport& report) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::size_t calls = 0;
  report.progress("the fixed puzzles, again and again for 0.3 s");
  std::array<char, 128> in{}, out{};
  while (Clock::now() - start < std::chrono::milliseconds(300)) {
    for (const Case& c : cases) {
      std::memcpy(in.data(), c.puzzle.data(), 81);
      std::size_t g = 0;
      fn(in.data(), 2, 0, out.data(), &g);
      ++calls;
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return verdict(Verdict::pass, "about " + std::to_string(static_cast<long long>(calls / seconds)) +
                                    " puzzles/s on the " + std::to_string(cases.size()) +
                                    " fixed puzzles, one thread (rough: measure with run)");
}

std::vector<sudoku::Grid> grids_of(const std::vector<Case>& cases) {
  std::vector<sudoku::Grid> grids(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) sudoku::parse_record(cases[i].puzzle, grids[i]);
  return grids;
}

// The puzzles a solver takes at once: 1 for one that is handed none ahead (BatchSolver).
std::size_t batch_of(sudoku::Solver& solver) {
  const auto* batch = dynamic_cast<BatchSolver*>(&solver);
  return batch ? batch->batch_size() : 1;
}

// The first rule of a solver a factory makes: it starts, and answers one puzzle.
std::string rule_starts(sudoku::Solver& solver, const Ask& ask, const std::vector<Case>& cases) {
  (void)ask(cases.front().puzzle, 2);
  const std::size_t batch = batch_of(solver);
  return verdict(Verdict::pass, "answers" + (batch > 1 ? ", handed up to " + std::to_string(batch) + " puzzles at once"
                                                       : std::string(", handed one puzzle at a time")));
}

// A program behind a pipe is handed a batch before it is asked for the first answer (run does so):
// one that waits for the end of its input, or mixes the answers up, fails here.
std::string rule_batches(sudoku::Solver& solver, const Ask& ask, const std::vector<Case>& cases,
                         const ChildReport& report) {
  auto* batch = dynamic_cast<BatchSolver*>(&solver);
  if (!batch || batch->batch_size() < 2)
    return verdict(Verdict::pass, "takes one puzzle at a time: no batch to answer");
  std::vector<Answer> alone;
  for (const Case& c : cases) alone.push_back(ask(c.puzzle, 2));
  report.progress("the " + std::to_string(cases.size()) + " fixed puzzles handed over at once at limit 2");
  const std::vector<sudoku::Grid> grids = grids_of(cases);
  sudoku::SolveOptions options;
  try {
    batch->prefetch(grids, options);
  } catch (const SolverFault& f) {
    throw crash_of(f);
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Answer a = ask(cases[i].puzzle, 2);
    if (a.count != alone[i].count || a.solution != alone[i].solution)
      return verdict(Verdict::fail, "answers " + cases[i].label + " (" + cases[i].puzzle + ") differently when " +
                                        std::to_string(cases.size()) +
                                        " puzzles are handed over at once (run hands over batches): count " +
                                        std::to_string(a.count) + " against " + std::to_string(alone[i].count) +
                                        (a.solution != alone[i].solution ? ", another solution" : ""));
  }
  return verdict(Verdict::pass,
                 std::to_string(cases.size()) + " puzzles handed over at once answered in order, as one at a time");
}

std::string rule_solver_throughput(sudoku::Solver& solver, const std::vector<Case>& cases, const ChildReport& report) {
  using Clock = std::chrono::steady_clock;
  const std::vector<sudoku::Grid> grids = grids_of(cases);
  auto* batch = dynamic_cast<BatchSolver*>(&solver);
  const bool batched = batch && batch->batch_size() > 1;
  sudoku::SolveOptions options;
  sudoku::Grid solution;
  const auto start = Clock::now();
  std::size_t calls = 0;
  report.progress("the fixed puzzles, again and again for 0.3 s");
  try {
    while (Clock::now() - start < std::chrono::milliseconds(300)) {
      if (batched) batch->prefetch(grids, options);  // as run hands them over
      for (const sudoku::Grid& g : grids) {
        solver.solve(g, options, &solution);
        ++calls;
      }
    }
  } catch (const SolverFault& f) {
    throw crash_of(f);
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return verdict(Verdict::pass, "about " + std::to_string(static_cast<long long>(calls / seconds)) +
                                    " puzzles/s on the " + std::to_string(cases.size()) + " fixed puzzles, " +
                                    (batched ? "handed over at once" : "one at a time") +
                                    ", one solver (rough: measure with run)");
}

// A rule as run in the child: its verdict, or FAIL with the crash that ended it.
using Rule = std::function<std::string(const ChildReport&)>;
template <typename Work>
Rule guarded(Work work) {
  return [work](const ChildReport& report) {
    try {
      return work(report);
    } catch (const Crash& c) {
      return verdict(Verdict::fail, c.what);
    }
  };
}

// The rules about its answers, each asking through the Ask its child makes (`ask_in`). An exec:
// program's count above the limit is a fault on its way (exec_solver.cc): "respects the limit"
// fails with it, as a plugin's returned count does.
template <typename AskIn>
std::vector<std::pair<std::string, Rule>> answer_rules(AskIn ask_in, const std::vector<Case>& cases) {
  using AskRule = std::string (*)(const Ask&, const std::vector<Case>&);
  const auto rule = [&](AskRule r) {
    return guarded([ask_in, r, &cases](const ChildReport& report) { return r(ask_in(report), cases); });
  };
  return {
      {"counts", rule(rule_counts)},
      {"respects the limit", rule(rule_limit)},
      {"solution at limit 1", rule(rule_solution_at_1)},
      {"solution at limit 2", rule(rule_solution_at_2)},
      {"guesses reported", rule(rule_guesses)},
  };
}

// A FAIL that leaves nothing for the later rules to learn: the solver crashed, threw, hung or (a
// program) broke the protocol.
bool stops_the_check(const RuleResult& r) {
  return r.verdict == Verdict::fail &&
         (r.detail.starts_with("crashes") || r.detail.starts_with("throws") || r.detail.starts_with("hangs") ||
          r.detail.starts_with("fails") || r.detail.starts_with("signals"));
}

RuleResult from_isolated(const std::string& rule, const IsolatedResult& r) {
  RuleResult result{rule, Verdict::fail, ""};
  const std::string at = r.last_step.empty() ? "" : " on " + r.last_step;
  switch (r.ending) {
    case IsolatedResult::Ending::crashed:
      result.detail = "crashes: " + signal_description(r.signal) + at;
      return result;
    case IsolatedResult::Ending::timed_out:
      result.detail = "hangs: no answer" + at + " within the rule's time";
      return result;
    case IsolatedResult::Ending::interrupted:  // never shown: the check stops before (Results)
      result.detail = "not finished: interrupted";
      return result;
    case IsolatedResult::Ending::returned:
      break;
  }
  if (r.signalled_itself) {
    result.detail = "signals itself: it sent SIGINT or SIGTERM to its own process (raise() or kill(getpid()))" + at +
                    "; a run would stop there, and names the solver (exit 4)";
    return result;
  }
  if (r.value.empty() || (r.value[0] != 'P' && r.value[0] != 'N' && r.value[0] != 'F')) {
    result.detail = r.value.empty() ? "the check ended without a result" : r.value;
    return result;
  }
  result.verdict = r.value[0] == 'P' ? Verdict::pass : r.value[0] == 'N' ? Verdict::note : Verdict::fail;
  result.detail = r.value.substr(1);
  return result;
}

// The results so far, each given to `on_rule` as it comes. Once SIGINT or SIGTERM set the interrupt
// flag (call_guard.h), a rule's result is no finding (its child was killed, or never started) and
// the check stops: add() is false then, and after a result that stops the check.
class Results {
 public:
  explicit Results(const std::function<void(const RuleResult&)>& on_rule) : on_rule_(on_rule) {}
  bool add(RuleResult r) {
    if (const std::atomic<bool>* flag = interrupt_flag(); flag && flag->load(std::memory_order_acquire)) return false;
    on_rule_(r);
    results_.push_back(std::move(r));
    return !stops_the_check(results_.back());
  }
  const RuleResult& back() const { return results_.back(); }
  std::vector<RuleResult> take() { return std::move(results_); }

 private:
  const std::function<void(const RuleResult&)>& on_rule_;
  std::vector<RuleResult> results_;
};

}  // namespace

std::string_view verdict_name(Verdict v) { return v == Verdict::pass ? "PASS" : v == Verdict::note ? "NOTE" : "FAIL"; }

std::vector<RuleResult> check_plugin(const std::string& spec_text, const ConformanceOptions& options,
                                     const std::function<void(const RuleResult&)>& on_rule) {
  Results results(on_rule);
  PluginSpec spec;
  std::string error;
  std::unique_ptr<Library> library;
  try {
    if (parse_plugin_spec(spec_text, spec, error)) library = Library::open(spec, error);
  } catch (const SolverFault& e) {  // its constructors crashed, hung or ended the process
    error = e.what();
  }
  if (!library) {
    results.add({"loads", Verdict::fail, error});
    return results.take();
  }
  if (!results.add({"loads", Verdict::pass, "'" + spec.symbol + "' in " + spec.path})) return results.take();
  const sudoku_bench_solve_fn fn = library->shared_function();
  const std::vector<Case> cases = fixed_cases();
  const std::string name = std::string(kPluginPrefix) + spec_text;
  const auto ask_in = [fn](const ChildReport& report) -> Ask {
    return
        [fn, &report](const std::string& puzzle, std::size_t limit) { return ask_plugin(fn, puzzle, limit, report); };
  };
  for (const auto& [rule, work] : answer_rules(ask_in, cases))
    if (!results.add(from_isolated(rule, run_isolated(work, options.rule_limit)))) return results.take();
  if (results.add(rule_reads_byte_81(fn, cases, options)) &&
      results.add(
          from_isolated("reentrant", {IsolatedResult::Ending::returned, rule_reentrant(fn, name, options), "", 0, 0})))
    results.add(from_isolated(
        "throughput",
        run_isolated([&](const ChildReport& r) { return rule_throughput(fn, cases, r); }, options.rule_limit)));
  return results.take();
}

std::vector<RuleResult> check_solver(const sudoku::SolverFactory& factory, const ConformanceOptions& options,
                                     const std::function<void(const RuleResult&)>& on_rule) {
  Results results(on_rule);
  const std::vector<Case> cases = fixed_cases();
  // Each rule's child makes its own solver: an exec: program is started there, and ends with it.
  const auto solver_in_child = [&factory](const ChildReport& report) {
    report.progress("its start");
    return make_in_child(factory);
  };
  const auto ask_of = [](std::shared_ptr<sudoku::Solver> solver, const ChildReport& report) -> Ask {
    return [solver, &report](const std::string& puzzle, std::size_t limit) {
      return ask_solver(*solver, puzzle, limit, report);
    };
  };
  const auto ask_in = [solver_in_child, ask_of](const ChildReport& report) {
    return ask_of(solver_in_child(report), report);
  };
  const auto with_solver = [solver_in_child, ask_of](auto work) {
    return guarded([solver_in_child, ask_of, work](const ChildReport& report) {
      const std::shared_ptr<sudoku::Solver> solver = solver_in_child(report);
      return work(*solver, ask_of(solver, report), report);
    });
  };
  // True when the check goes on.
  const auto run_rule = [&](const std::string& rule, const Rule& work) {
    RuleResult result = from_isolated(rule, run_isolated(work, options.rule_limit));
    if (result.detail.starts_with("hangs")) result.detail += std::string(": ") + kFlushHint;
    return results.add(result);
  };
  if (!run_rule("starts", with_solver([&cases](sudoku::Solver& solver, const Ask& ask, const ChildReport&) {
                  return rule_starts(solver, ask, cases);
                })) ||
      results.back().verdict == Verdict::fail)
    return results.take();
  for (const auto& [rule, work] : answer_rules(ask_in, cases))
    if (!run_rule(rule, work)) return results.take();
  if (!run_rule("answers in batches",
                with_solver([&cases](sudoku::Solver& solver, const Ask& ask, const ChildReport& report) {
                  return rule_batches(solver, ask, cases, report);
                })))
    return results.take();
  results.add({"reads only its 82 bytes", Verdict::note,
               "not asked: it is given each puzzle as a line of text, never sudoku-bench's memory"});
  results.add({"reentrant", Verdict::note,
               "not asked: run and solve give each solver thread a solver of its own (exec: a process of its own)"});
  run_rule("throughput", with_solver([&cases](sudoku::Solver& solver, const Ask&, const ChildReport& report) {
             return rule_solver_throughput(solver, cases, report);
           }));
  return results.take();
}

}  // namespace sudoku_bench::plugin
