// One thread's way from a record to its outcome, the one path `solve` and `run` share: split the
// record's fields by the file's format, parse the puzzle, check the solver takes its size,
// optionally disguise it by a random symmetry, solve, and compare with what the file says to
// expect. step_chunk() runs a chunk's records through it and counts what they came to.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "plugin/call_guard.h"
#include "stats/tally.h"
#include "stream/chunk.h"
#include "stream/problem.h"
#include "stream/puzzle_clock.h"
#include "stream/record_parser.h"
#include "stream/solver_call.h"
#include "stream/verifier.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

// How every record is solved, whichever command asks.
struct StepOptions {
  // Solution limit, node and time limits, and the stop flag: when it is set (the commands point it
  // at the SIGINT/SIGTERM flag), searches in progress stop within 256 nodes, the records they were
  // solving get no outcome, and step_chunk starts no further record.
  sudoku::SolveOptions solve;
  std::uint64_t seed = 0;  // 0: puzzles as given; else each under the symmetry (seed, puzzle) picks
  // --verify: a strategy that recounts the puzzles, or null (not owned); with verify_every K > 1,
  // about one puzzle in K, picked by a hash of the puzzle (the same ones whatever the threads).
  const sudoku::SolverFactory* reference = nullptr;
  std::uint64_t verify_every = 1;
  // True (solve, which prints each solution): every solver is asked for a solution, and one that
  // reports solutions without writing one (tdoku at limit 2) is asked again at limit 1 for it.
  // False (run, ab): the question a puzzle's time measures is the count alone, the same for every
  // solver (a solution written costs `fast` 12% of its time, and tdoku at limit 2 writes none);
  // a solution is asked for outside that time, at limit 1, only for a part
  // (Verifier::kAskAgainOfJudged) of the records judged: those the reference recounts (one in
  // verify_every), or without one, one in solution_every. A
  // plugin's call and a program's answer are the same whether a solution is wanted or not: what
  // they write is always checked. One that writes none even then only counts
  // (StepResult::unwritten): its counts alone are judged.
  bool reask_every_record = true;
  std::uint64_t solution_every = 64;

  bool operator==(const StepOptions&) const = default;
};

// What one record came to. Every record read has exactly one outcome.
struct StepResult {
  using Outcome = sudoku_bench::Outcome;  // stats/tally.h
  Outcome outcome = Outcome::invalid;
  sudoku::SolveResult solve;  // for a puzzle (not invalid)
  bool checked = false;       // the file said what to expect, and it could be verified
  // The solver reported solutions but wrote none, even asked again at limit 1: there was no
  // solution to check, only the count (which the reference judges where it recounts).
  bool unwritten = false;
  std::string invalid;   // why the record is not a puzzle this solver takes
  std::string wrong;     // why the solver's answer failed the harness's check (outcome wrong)
  std::string mismatch;  // how a checked record disagreed with its file; empty when it agreed
  // The stop flag (StepOptions::solve.stop: SIGINT, SIGTERM) cut a search of this record short:
  // the record has no outcome (`outcome` says nothing), and step_chunk ends its chunk there.
  bool stopped = false;
  // judge() asked a solver again: a second ask for a solution, or the reference's recount.
  bool asked_again = false;

  bool is_puzzle() const { return outcome != Outcome::invalid; }
  // Invalid, aborted or wrong: a record a pass keeps as a problem (the enum's last three).
  bool is_problem() const { return outcome >= Outcome::invalid; }
};

// "unique", "multiple", "solved", "none", "aborted", "invalid", "wrong": as --per-puzzle prints them (solve
// prints counts, and these words for aborted and wrong records).
std::string_view outcome_name(StepResult::Outcome outcome);

class RecordStep {
 public:
  RecordStep(const sudoku::SolverFactory& factory, const StepOptions& options);

  // Parses the record and solves it: the part a puzzle's latency times. The solver is asked for a
  // solution (into `solution` when not null, in the puzzle's own orientation) unless the options
  // ask the count alone (reask_every_record false, `solution` null). The result stays valid until
  // the next call (its strings are reused, not reallocated).
  const StepResult& run(const Chunk& chunk, const Record& record, sudoku::Grid* solution) {
    // The common record inline, in step_chunk's loop: the puzzle alone, in symbols, whole, of a
    // format and a solver that ask nothing else of it. Out of line, the calls and what they saved
    // and reloaded cost noop ~9 ns a record (perf, Intel Xeon f6 m207).
    if (parser_.common(chunk) && !solution && parser_.parse_common(chunk, record)) [[likely]]
      return solve_common();
    return run_in_full(chunk, record, solution);
  }

  // Then, outside the timing, judges the answer run() got: a solution the solver reports must be
  // one (when it gave none, it is asked again at limit 1; none even then leaves the count alone
  // to judge, but no solution at all at limit 1 contradicts it), the reference's count must
  // agree, and what the file says to expect must hold. An answer that fails becomes
  // Outcome::wrong. Returns the same result, now final.
  const StepResult& judge() {
    // noop, the harness measuring itself, answers nothing to judge: inline, no call on its way.
    if (!judged_ && result_.is_puzzle()) return result_;
    const StepResult& r = result_;
    if (r.outcome >= StepResult::Outcome::invalid) [[unlikely]]
      return judge_in_full({});
    const Verifier::Sample sample = sample_of_answer();
    // A bare count (no solution written, none wanted, nothing the file expects) outside the
    // sample: nothing to judge, and nothing set that the next record must reset. Most records of
    // `run`, whose solvers are asked the count alone: inline, no call on their way either.
    if (!written_ && !options_.reask_every_record && !parser_.expected().any() &&
        !(sample.asks_again && r.solve.solutions > 0) && !(sample.judged && verifier_.recounts())) [[likely]]
      return r;
    return judge_in_full(sample);
  }

  // A solver behind a pipe (BatchSolver, batch_size() > 1): hands it the puzzles of records
  // [first, first + count) of `chunk` (the valid ones, disguised as run() will disguise them), so
  // that run() finds their answers waiting. Returns how many were handed over; 0 for other solvers.
  std::size_t prefetch(const Chunk& chunk, std::size_t first, std::size_t count);
  std::size_t batch_size() const { return call_.batch_size(); }
  pid_t program_group() const { return call_.program_group(); }  // SolverCall's
  std::uint64_t batch_line(const Chunk& chunk, std::size_t index, std::uint64_t otherwise) const {
    return call_.batch_line(chunk, index, otherwise);
  }

  // The record just run: its puzzle (valid records), and its puzzle as written (its first field in
  // csv and checks files), for echoing.
  const sudoku::Grid& puzzle() const { return parser_.puzzle(); }
  std::string_view puzzle_text() const { return parser_.text(); }

  // Whether the stop flag is set: no record should be started, and an aborted search was stopped.
  bool stop_requested() const { return options_.solve.stop && options_.solve.stop->load(std::memory_order_relaxed); }

 private:
  const StepResult& run_in_full(const Chunk& chunk, const Record& record, sudoku::Grid* solution);
  // The common record's solve, its puzzle parsed by RecordParser::parse_common: what run_in_full does for it.
  const StepResult& solve_common() {
    if (reset_needed_) [[unlikely]]
      reset_record();
    answer_ = &own_solution_;
    StepResult& r = result_;
    own_solution_.cells[0] = kNothingWritten;
    // A plugin takes the record's own text (SolverCall::solve's way, without its checks: this
    // record is whole, in symbols, as given).
    TextSolver* const text_solver = call_.text_solver();
    if (!text_solver || !text_solver->solve_text(parser_.text(), options_.solve, &own_solution_, r.solve))
      ::new (static_cast<void*>(&r.solve)) sudoku::SolveResult(
          call_.solver().solve(parser_.puzzle(), options_.solve, ask_common_ ? &own_solution_ : nullptr));
    written_ = r.solve.solutions > 0 && own_solution_.cells[0] != kNothingWritten;
    r.outcome = outcome_of(r.solve, options_.solve.max_solutions);
    r.stopped = r.solve.aborted && stop_requested();
    return r;
  }
  // The result's flags and strings and the expectations as a record starts with them.
  void reset_record();
  // At limit 1 a solution says nothing of others: the record is solved, not unique.
  static StepResult::Outcome outcome_of(const sudoku::SolveResult& r, std::uint64_t limit) {
    switch (sudoku::status_of(r)) {
      case sudoku::Status::unique:
        return limit == 1 ? StepResult::Outcome::solved : StepResult::Outcome::unique;
      case sudoku::Status::multiple:
        return StepResult::Outcome::multiple;
      case sudoku::Status::none:
        return StepResult::Outcome::none;
      case sudoku::Status::aborted:
        break;
    }
    return StepResult::Outcome::aborted;
  }
  // The parsed record's puzzle into `r` (SolverCall::solve), its solution into answer_; sets written_.
  void solve(const sudoku::SolveOptions& options, sudoku::SolveResult& r, bool ask_solution);
  // Hashed only where the sample decides something: every answer of a solver that leaves its
  // solution unwritten or is recounted, none of one that wrote it and has no reference.
  Verifier::Sample sample_of_answer() const {
    return verifier_.recounts() || (!written_ && result_.solve.solutions > 0) ? verifier_.sample(parser_.puzzle())
                                                                              : Verifier::Sample{};
  }
  // `sample`: sample_of_answer() for an answer (not invalid, not aborted).
  const StepResult& judge_in_full(const Verifier::Sample& sample);
  // The solution a record's answer claims (written, or asked for again: every record, or the
  // sample's when the solver is asked the count alone); empty when it holds.
  std::string judge_answer();

  SolverCall call_;
  Verifier verifier_;  // which records are judged, and --verify's reference
  StepOptions options_;
  // Whether the common way asks for a solution: always, or where asking costs the solver nothing
  // (SolverCall::same_call_either_way).
  bool ask_common_;
  bool judged_;  // false for noop, which answers nothing
  // A record that went another way, or was judged in full, may have left flags, strings or
  // expectations set: the common way resets them first.
  bool reset_needed_ = false;
  RecordParser parser_;  // the record just parsed
  sudoku::Grid own_solution_;
  sudoku::Grid* answer_ = &own_solution_;  // where the last solution went
  bool written_ = false;                   // whether the solver wrote the solution it reports
  StepResult result_;
};

inline constexpr std::size_t kKeepEveryProblem = std::numeric_limits<std::size_t>::max();

// Runs every record of `chunk` through `step`: counts outcomes and checks in chunk.tally, keeps
// the first `keep_problems` problems in chunk.problems (the rest are only counted), and calls
// `on_record(record, result, elapsed_ns)` for each. With kTimed, one read of `clock` per record:
// each record's end stamp is the next one's start, so elapsed_ns is the time from the end of the
// previous record's solve (or the chunk's start) to the end of this one's: the harness's step
// for the previous record (judging, counting, recording) and this record's parsing included. A
// record off the common way (not a puzzle, aborted, wrong, a failed check) or one whose judging
// asked a solver again (a second ask, a recount) has its clock read again after its bookkeeping,
// so that no latency includes that work; without kTimed no clock is read and elapsed_ns is 0.
// Once the step's stop flag is set the chunk ends early: at a record whose search it stopped
// (that record has no outcome: nothing is counted or called for it), or before the next record.
// So the records with an outcome are always a prefix of the chunk's, and
// chunk.tally.records() < chunk.records.size() tells a chunk cut short.
// A hot path, kept in one piece on purpose (tests/tools/function_length_test.py): the per-record
// loop, inlined into each pass with its callback, whose clock reads must be seen together with
// exactly the work that lies between them.
template <bool kTimed, typename OnRecord>
void step_chunk(Chunk& chunk, RecordStep& step, sudoku::Grid* solution, std::size_t keep_problems,
                const PuzzleClock& pass_clock, OnRecord&& on_record) {
  // A copy of its own: the pass's, behind a reference, was reloaded after every solver call.
  const PuzzleClock clock = pass_clock;
  std::uint64_t last = 0;
  if constexpr (kTimed) last = clock.now();
  // A solver behind a pipe answers a batch per round trip: each puzzle's latency is its share of
  // its batch's time (the batch's time divided evenly), plus its own bookkeeping.
  const std::size_t batch = step.batch_size();
  std::size_t index = 0, batch_end = 0;
  std::uint64_t share_ns = 0;
  // Only kept problems cost an allocation; the rest are just counted.
  const auto keep = [&](Problem::Kind kind, std::uint64_t line, const std::string& reason,
                        const sudoku::SolveResult& solve, std::optional<std::uint64_t> elapsed_ns) {
    if (chunk.problems.size() >= keep_problems) return;
    Problem& p = chunk.problems.emplace_back();
    p.kind = kind;
    p.line = line;
    p.reason = reason;
    p.nodes = solve.nodes;
    p.solutions = solve.solutions;
    p.elapsed_ns = elapsed_ns;
  };
  for (const Record& record : chunk.records) {
    if (step.stop_requested()) [[unlikely]]
      return;  // the records from here on get no outcome
    const StepResult* judged = nullptr;
    std::uint64_t elapsed_ns = 0;
    try {
      if (batch > 1 && index == batch_end) {
        const std::size_t handed = step.prefetch(chunk, index, batch);
        batch_end = index + batch;
        if constexpr (kTimed) {
          const std::uint64_t now = clock.now();
          share_ns = handed ? clock.ns(now - last) / handed : 0;
          last = now;
        }
      }
      ++index;
      if (step.run(chunk, record, solution).stopped) [[unlikely]]
        return;
      if constexpr (kTimed) {
        const std::uint64_t now = clock.now();
        elapsed_ns = clock.ns(now - last) + share_ns;
        last = now;  // the next record's time starts here, with this one's judging and bookkeeping
      }
      judged = &step.judge();
      if (judged->stopped) [[unlikely]]
        return;
    } catch (const plugin::SolverFault& fault) {
      // The solver cannot go on: the chunk ends here, and the sink names the record.
      chunk.fault = std::current_exception();
      chunk.fault_line = record.line;
      if (const auto in_batch = fault.batch_index()) chunk.fault_line = step.batch_line(chunk, *in_batch, record.line);
      return;
    }
    const StepResult& r = *judged;
    ++chunk.tally[r.outcome];
    if (r.outcome == StepResult::Outcome::aborted)
      keep(Problem::Kind::aborted, record.line, {}, r.solve,
           kTimed ? std::optional<std::uint64_t>(elapsed_ns) : std::nullopt);
    else if (r.outcome == StepResult::Outcome::invalid)
      keep(Problem::Kind::invalid, record.line, r.invalid, {}, std::nullopt);
    else if (r.outcome == StepResult::Outcome::wrong)
      keep(Problem::Kind::wrong, record.line, r.wrong, r.solve, std::nullopt);
    chunk.tally.unwritten += r.unwritten;
    if (r.checked) {
      ++chunk.tally.checked;
      if (!r.mismatch.empty()) {
        ++chunk.tally.check_failed;
        keep(Problem::Kind::check_failed, record.line, r.mismatch, {}, std::nullopt);
      }
    }
    on_record(record, r, elapsed_ns);
    // Off the common way, or a solver asked again: that work is in no record's time.
    if constexpr (kTimed)
      if (r.is_problem() || !r.mismatch.empty() || r.asked_again) [[unlikely]]
        last = clock.now();
  }
}

}  // namespace sudoku_bench
