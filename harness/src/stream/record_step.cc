#include "stream/record_step.h"

#include <algorithm>
#include <new>

#include "plugin/solver_policy.h"

namespace sudoku_bench {

std::string_view outcome_name(StepResult::Outcome outcome) { return info_of(outcome).name; }

RecordStep::RecordStep(const sudoku::SolverFactory& factory, const StepOptions& options)
    : call_(factory, options.seed),
      verifier_(options.reference, options.reference ? options.verify_every : options.solution_every),
      options_(options),
      ask_common_(options.reask_every_record || call_.same_call_either_way()),
      judged_(policy_of(factory).counts_solutions),
      parser_(factory, call_.as_given()) {}

void RecordStep::reset_record() {
  StepResult& r = result_;
  r.checked = false;
  r.unwritten = false;
  r.stopped = false;
  r.asked_again = false;
  r.mismatch.clear();
  r.wrong.clear();
  r.invalid.clear();
  parser_.expected().clear();
  reset_needed_ = false;
}

const StepResult& RecordStep::run_in_full(const Chunk& chunk, const Record& record, sudoku::Grid* solution) {
  reset_record();
  reset_needed_ = true;
  StepResult& r = result_;
  if (!parser_.parse(chunk, record, r.invalid)) {
    r.outcome = StepResult::Outcome::invalid;
    r.solve = {};
    return r;
  }
  answer_ = solution ? solution : &own_solution_;
  // A record that gives its solution asks for one, of every solver alike: the file wants it checked.
  solve(options_.solve, r.solve,
        solution || options_.reask_every_record || call_.same_call_either_way() || parser_.expected().has_solution());
  r.outcome = outcome_of(r.solve, options_.solve.max_solutions);
  // Aborted with the flag set: it may have been a limit just before the signal, but the record
  // is dropped either way, as the records after it are.
  r.stopped = r.solve.aborted && stop_requested();
  return r;
}

void RecordStep::solve(const sudoku::SolveOptions& options, sudoku::SolveResult& r, bool ask_solution) {
  written_ =
      call_.solve(parser_.puzzle(), parser_.text(), parser_.text_is_symbols(), options, r, *answer_, ask_solution);
}

std::size_t RecordStep::prefetch(const Chunk& chunk, std::size_t first, std::size_t count) {
  if (!call_.batches()) return 0;
  call_.start_batch();
  const std::size_t end = std::min(chunk.records.size(), first + count);
  for (std::size_t i = first; i < end; ++i) {
    // An invalid record's reason is dropped here: run() clears it, and finds it invalid again.
    if (parser_.parse(chunk, chunk.records[i], result_.invalid)) call_.add_to_batch(parser_.puzzle(), i);
  }
  return call_.hand_batch(options_.solve);
}

const StepResult& RecordStep::judge_in_full(const Verifier::Sample& sample) {
  reset_needed_ = true;
  StepResult& r = result_;
  if (r.outcome == StepResult::Outcome::invalid) {
    // An invalid record is checked only against an expected "invalid", which then holds.
    r.checked = parser_.expected().invalid();
    return r;
  }
  // An aborted search claims nothing to judge, and cannot be verified; noop, the harness measuring
  // itself, calls every puzzle unique without solving it.
  if (r.outcome == StepResult::Outcome::aborted || !judged_) return r;
  // A count with no solution to check (none claimed, or one left unwritten and not asked again)
  // builds no string: the way of most records of a plugin that writes none (tdoku at limit 2).
  if (r.solve.solutions > 0 && (written_ || options_.reask_every_record || sample.asks_again)) {
    r.wrong = judge_answer();
    if (r.stopped) return r;  // the second ask was stopped
  }
  if (r.wrong.empty() && verifier_.recounts() && sample.judged) {
    r.asked_again = true;
    Verifier::Recount recount = verifier_.recount(parser_.puzzle(), options_.solve, r.solve.solutions);
    r.stopped = recount.stopped;
    if (r.stopped) return r;
    r.wrong = std::move(recount.wrong);
  }
  if (!r.wrong.empty()) {
    r.outcome = StepResult::Outcome::wrong;
    return r;
  }
  if (parser_.expected().any()) {
    r.checked = true;
    r.mismatch = parser_.expected().check(r.solve, options_.solve.max_solutions, parser_.puzzle(), *answer_, written_);
  }
  return r;
}

std::string RecordStep::judge_answer() {
  const sudoku::SolveResult& r = result_.solve;
  if (!written_) {
    // Some solvers write a solution only when asked for exactly one (tdoku does so): ask that.
    sudoku::SolveOptions options = options_.solve;
    options.max_solutions = 1;
    sudoku::SolveResult again;
    result_.asked_again = true;
    solve(options, again, true);
    if (again.aborted && stop_requested()) {
      result_.stopped = true;
      return {};
    }
    if (!written_) {
      if (again.solutions == 0) {
        const std::string claim = std::to_string(r.solutions) + (r.solutions == 1 ? " solution" : " solutions");
        return "reports " + claim + " but finds none at limit 1";
      }
      // A solver that only counts (fast_solv_9r2, zerodoku): nothing to check but its count,
      // which the reference judges where it recounts.
      result_.unwritten = true;
      return {};
    }
  }
  if (std::string why = sudoku::solution_error(parser_.puzzle(), *answer_); !why.empty())
    return "reports a solution, but " + why;
  return {};
}

}  // namespace sudoku_bench
