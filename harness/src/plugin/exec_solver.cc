#include "plugin/exec_solver.h"

#include <algorithm>
#include <charconv>
#include <exception>
#include <mutex>
#include <vector>

#include "plugin/batch_solver.h"
#include "plugin/call_guard.h"
#include "plugin/exec_process.h"
#include "plugin/quoted_output.h"
#include "plugin/solver_policy.h"
#include "sudoku/parse.h"

namespace sudoku_bench::plugin {
namespace {

std::string puzzle_text(const sudoku::Grid& grid) {
  std::string text(static_cast<std::size_t>(grid.cell_count()), '.');
  sudoku::write_symbols(grid, text.data());
  return text;
}

struct Answer {
  sudoku::SolveResult result;
  sudoku::Grid solution;
  bool written = false;
};

// COUNT above the limit: a protocol violation like a malformed answer, not a count to cut, since
// a program that ignores the limit counts something else than it was asked.
std::string count_above_limit(std::string_view count, const std::string& puzzle, std::uint64_t limit) {
  return "answered COUNT " + std::string(count) + " to " + puzzle + ", above the limit " + std::to_string(limit) +
         " it was given";
}

// "COUNT[:SOLUTION[:GUESSES]]" into `a`; otherwise what is wrong with `line`, the answer to
// `puzzle` (its text `symbols`), as a fault's cause.
std::string parse_answer(const std::string& line, const sudoku::Grid& puzzle, const std::string& symbols,
                         std::uint64_t limit, Answer& a) {
  const std::string malformed = "answered " + quoted_output(line) + " to " + symbols +
                                ": expected COUNT[:SOLUTION[:GUESSES]], SOLUTION empty or a grid of the puzzle's size";
  const auto first = line.find(':');
  const std::string_view count = std::string_view(line).substr(0, first);
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
  // Digits past 64 bits are a count above any limit, named as one.
  if (ec == std::errc::result_out_of_range && end == count.data() + count.size())
    return count_above_limit(count, symbols, limit);
  if (ec != std::errc() || end != count.data() + count.size()) return malformed;
  if (n > limit) return count_above_limit(count, symbols, limit);
  a = Answer{};
  a.result.solutions = n;
  if (first == std::string::npos) return {};
  std::string_view rest = std::string_view(line).substr(first + 1);
  const auto second = rest.find(':');
  const std::string_view solution = rest.substr(0, second);
  if (second != std::string_view::npos) {
    const std::string_view guesses = rest.substr(second + 1);
    const auto [g_end, g_ec] = std::from_chars(guesses.data(), guesses.data() + guesses.size(), a.result.guesses);
    if (g_ec != std::errc() || g_end != guesses.data() + guesses.size()) return malformed;
  }
  // Empty: none written. Anything else must be a grid of the puzzle's size (it is then judged): a
  // malformed one, taken as none, would pass unchecked as a count-only solver's.
  if (solution.empty()) return {};
  a.written = true;
  return sudoku::parse_record(solution, a.solution) && a.solution.box == puzzle.box ? std::string() : malformed;
}

class ExecFactory;

class ExecSolver final : public sudoku::Solver, public BatchSolver {
 public:
  ExecSolver(const ExecFactory& factory, std::unique_ptr<ExecProcess> process);
  ~ExecSolver() override;
  ExecSolver(const ExecSolver&) = delete;
  ExecSolver& operator=(const ExecSolver&) = delete;

  sudoku::SolveResult solve(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                            sudoku::Grid* solution) override {
    const Answer* answer = nullptr;
    if (next_ < answers_.size() && options.max_solutions == prefetched_limit_ && same(puzzle, puzzles_[next_])) {
      answer = &answers_[next_++];
    } else if (fault_) {
      // The batch broke at this puzzle (or before the one asked again): named here, at its record.
      std::rethrow_exception(fault_);
    } else {
      // Not what was handed over (a second ask at limit 1, say): a round trip of its own, which
      // leaves the batch's answers waiting.
      single_puzzle_.assign(1, puzzle);
      exchange(single_puzzle_, options, single_answer_);
      answer = &single_answer_[0];
    }
    const Answer& a = *answer;
    if (solution && a.written && a.result.solutions > 0) sudoku::copy_grid(a.solution, *solution);
    return a.result;
  }

  std::size_t batch_size() const override;
  pid_t program_group() const override { return process_->group(); }

  void prefetch(const std::vector<sudoku::Grid>& puzzles, const sudoku::SolveOptions& options) override {
    if (puzzles.empty()) return;
    puzzles_ = puzzles;
    next_ = 0;
    prefetched_limit_ = options.max_solutions;
    fault_ = nullptr;
    try {
      exchange(puzzles_, options, answers_);
    } catch (const SolverFault& f) {
      if (f.interrupted()) throw f.in_batch(answers_.size());  // the puzzle it was waited on for
      // The answers before the fault stand; solve() throws it at its own puzzle, so that the
      // record named is that puzzle's, not the batch's first.
      fault_ = std::current_exception();
    }
  }

 private:
  static bool same(const sudoku::Grid& a, const sudoku::Grid& b) {
    return a.box == b.box && std::equal(a.cells.begin(), a.cells.begin() + a.cell_count(), b.cells.begin());
  }

  // Sends `puzzles` at once and reads their answers into `answers`, in order. On a fault,
  // `answers` holds those before the puzzle it names.
  void exchange(const std::vector<sudoku::Grid>& puzzles, const sudoku::SolveOptions& options,
                std::vector<Answer>& answers) {
    const std::string limit = std::to_string(options.max_solutions);
    std::string text;
    symbols_.resize(puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      symbols_[i] = puzzle_text(puzzles[i]);
      text += symbols_[i] + " " + limit + "\n";
    }
    broken_ = true;  // until every answer came
    answers.clear();
    try {
      process_->exchange(text, symbols_, lines_);
    } catch (const SolverFault&) {
      take_answers(puzzles, options, answers);  // an earlier answer's fault comes first
      throw;
    }
    take_answers(puzzles, options, answers);
    broken_ = false;
  }

  // The answers in lines_, up to the first that is none.
  void take_answers(const std::vector<sudoku::Grid>& puzzles, const sudoku::SolveOptions& options,
                    std::vector<Answer>& answers) {
    answers.resize(lines_.size());
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string wrong = parse_answer(lines_[i], puzzles[i], symbols_[i], options.max_solutions, answers[i]);
      if (wrong.empty()) continue;
      answers.resize(i);
      throw SolverFault(name_, wrong, 0);
    }
  }

  const ExecFactory& factory_;
  std::string name_;
  std::unique_ptr<ExecProcess> process_;
  bool broken_ = false;  // a process that failed mid-batch is not reused
  std::vector<sudoku::Grid> puzzles_, single_puzzle_;
  std::vector<std::string> symbols_, lines_;  // a batch's puzzles as text, and its answers
  std::vector<Answer> answers_, single_answer_;
  std::size_t next_ = 0;
  std::uint64_t prefetched_limit_ = 0;
  std::exception_ptr fault_;  // where the prefetched batch broke: thrown at answers_.size()
};

class ExecFactory final : public HarnessFactory {
 public:
  ExecFactory(std::string name, std::string command, std::size_t batch)
      : name_(std::move(name)), command_(std::move(command)), batch_(batch) {}

  std::string name() const override { return name_; }
  bool supports(int box) const override { return box >= sudoku::kMinBox && box <= sudoku::kMaxBox; }
  std::unique_ptr<sudoku::Solver> make() const override {
    std::unique_ptr<ExecProcess> process;
    {
      const std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        process = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    // Started once per solver thread and kept for later passes: a program's start-up is not a
    // pass's work.
    if (!process) process = std::make_unique<ExecProcess>(name_, command_);
    return std::make_unique<ExecSolver>(*this, std::move(process));
  }
  bool reports_tree_size() const override { return false; }
  // Recounted by bitmask, which takes any size.
  SolverPolicy policy() const override { return {.counts_solutions = true, .recounted_by = "bitmask"}; }

  std::size_t batch() const { return batch_; }
  void give_back(std::unique_ptr<ExecProcess> process) const {
    const std::lock_guard lock(mutex_);
    idle_.push_back(std::move(process));
  }

 private:
  std::string name_, command_;
  std::size_t batch_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<ExecProcess>> idle_;
};

ExecSolver::ExecSolver(const ExecFactory& factory, std::unique_ptr<ExecProcess> process)
    : factory_(factory), name_(factory.name()), process_(std::move(process)) {}

ExecSolver::~ExecSolver() {
  if (!broken_) factory_.give_back(std::move(process_));
}

std::size_t ExecSolver::batch_size() const { return factory_.batch(); }

}  // namespace

std::unique_ptr<sudoku::SolverFactory> make_exec_factory(const std::string& name, const std::string& command,
                                                         std::size_t batch) {
  return std::make_unique<ExecFactory>(name, command, batch);
}

}  // namespace sudoku_bench::plugin
