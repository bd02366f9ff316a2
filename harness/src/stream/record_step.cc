#include "stream/record_step.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <new>

#include "stream/record_format.h"
#include "sudoku/parse.h"
#include "sudoku/split_mix64.h"

namespace sudoku_bench {
namespace {

// Parses the puzzle `text`; `cut` bytes the reader dropped from the line still count towards its
// length. True when `grid` is a puzzle of a size in `supported` (by box), else false with `why`.
bool parse_for(const sudoku::SolverFactory& factory, const std::array<bool, sudoku::kMaxBox + 1>& supported,
               std::string_view text, std::uint64_t cut, bool numbers, sudoku::Grid& grid, std::string& why) {
  sudoku::ParseResult parsed = numbers ? sudoku::parse_numbers(text, grid) : sudoku::parse_record(text, grid);
  if (cut > 0) {
    // The kept prefix may look fine; the whole line cannot be a record.
    parsed.length = text.size() + cut;
    if (parsed.status == sudoku::ParseStatus::ok) parsed.status = sudoku::ParseStatus::wrong_length;
  }
  if (!parsed) {
    why = sudoku::describe(parsed);
    return false;
  }
  if (!supported[static_cast<std::size_t>(grid.box)]) {
    const std::string side = std::to_string(grid.side());
    why = "solver '" + factory.name() + "' does not solve " + side + "x" + side + " grids";
    return false;
  }
  return true;
}

// Which sizes (by box) the factory's solvers take: asked once, not a virtual call per record.
std::array<bool, sudoku::kMaxBox + 1> supported_boxes(const sudoku::SolverFactory& factory) {
  std::array<bool, sudoku::kMaxBox + 1> supported{};
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box)
    supported[static_cast<std::size_t>(box)] = factory.supports(box);
  return supported;
}

// The words' sum over `n` cells; inlined with n = 81, a constant, for the common 9x9 grid, so that
// its loop unrolls with no bounds to test per word (sample_hash was 3.3% of fast's samples, perf).
[[gnu::always_inline]] inline std::uint64_t word_sum(const sudoku::Grid& grid, std::size_t n) {
  constexpr auto kCells = static_cast<std::size_t>(sudoku::kMaxCells);
  std::uint64_t h = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t word = 0;
    // Whole words (a call to memcpy per word otherwise); the cells past the grid's are not its own.
    std::memcpy(&word, grid.cells.data() + std::min(i, kCells - 8), 8);
    if (i + 8 > kCells) word >>= 8 * (i + 8 - kCells);
    if (n - i < 8) word &= (std::uint64_t{1} << (8 * (n - i))) - 1;
    // Each word by a multiplier of its own, summed: no chain of dependent multiplies.
    h += word * (0xff51afd7ed558ccdULL + 2 * i);
  }
  return h;
}

// The hash that picks the records judged: of the puzzle, so the same records whatever the threads,
// the order or the file's layout; a word of 8 cells at a time, the words' products independent
// (sudoku::puzzle_seed, a cell at a time, took 18% of a run of fast on kaggle_first20k, where every
// record is hashed; a chain of a multiply per word, 7.5%).
std::uint64_t sample_hash(const sudoku::Grid& grid) {
  const auto n = static_cast<std::size_t>(grid.cell_count());
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(grid.box);
  h += n == 81 ? word_sum(grid, 81) : word_sum(grid, n);
  return sudoku::SplitMix64(h).next();
}

// One record in `every` falls below this (no division per record): 0 for none, ~0 for all.
std::uint64_t sample_threshold(std::uint64_t every) {
  return every <= 1 ? ~std::uint64_t{0} : ~std::uint64_t{0} / every;
}

}  // namespace

std::string_view outcome_name(StepResult::Outcome outcome) { return info_of(outcome).name; }

RecordStep::RecordStep(const sudoku::SolverFactory& factory, const StepOptions& options)
    : factory_(factory),
      solver_(factory.make()),
      text_solver_(dynamic_cast<TextSolver*>(solver_.get())),
      batch_solver_(dynamic_cast<BatchSolver*>(solver_.get())),
      reference_(options.reference ? options.reference->make() : nullptr),
      options_(options),
      judged_(factory.counts_solutions()),
      plain_solver_(options.seed == 0 && !text_solver_ && !batch_solver_),
      supported_(supported_boxes(factory)),
      sample_threshold_(sample_threshold(options.reference ? options.verify_every : options.solution_every)),
      same_call_either_way_(text_solver_ || batch_solver_) {}

void RecordStep::reset_record() {
  StepResult& r = result_;
  r.checked = false;
  r.unwritten = false;
  r.stopped = false;
  r.asked_again = false;
  r.mismatch.clear();
  r.wrong.clear();
  r.invalid.clear();
  expect_invalid_ = false;
  expected_count_.reset();
  has_expected_solution_ = false;
  reset_needed_ = false;
}

const StepResult& RecordStep::run_in_full(const Chunk& chunk, const Record& record, sudoku::Grid* solution) {
  reset_record();
  reset_needed_ = true;
  StepResult& r = result_;
  if (!parse(chunk, record, r.invalid)) {
    r.outcome = StepResult::Outcome::invalid;
    r.solve = {};
    return r;
  }
  answer_ = solution ? solution : &own_solution_;
  // A record that gives its solution asks for one, of every solver alike: the file wants it checked.
  solve(options_.solve, r.solve,
        solution || options_.reask_every_record || same_call_either_way_ || has_expected_solution_);
  r.outcome = outcome_of(r.solve, options_.solve.max_solutions);
  // Aborted with the flag set: it may have been a limit just before the signal, but the record
  // is dropped either way, as the records after it are.
  r.stopped = r.solve.aborted && stop_requested();
  return r;
}

std::size_t RecordStep::prefetch(const Chunk& chunk, std::size_t first, std::size_t count) {
  if (!batch_solver_) return 0;
  batch_.clear();
  batch_records_.clear();
  const std::size_t end = std::min(chunk.records.size(), first + count);
  for (std::size_t i = first; i < end; ++i) {
    if (!parse(chunk, chunk.records[i], result_.invalid)) continue;  // run() clears it, finds it invalid again
    batch_records_.push_back(i);
    sudoku::Grid& grid = batch_.emplace_back();
    if (options_.seed == 0) {
      sudoku::copy_grid(puzzle_, grid);
    } else {
      sudoku::Symmetry symmetry;
      disguise(symmetry, grid);
    }
  }
  batch_solver_->prefetch(batch_, options_.solve);
  return batch_.size();
}

std::uint64_t RecordStep::batch_line(const Chunk& chunk, std::size_t index, std::uint64_t otherwise) const {
  return index < batch_records_.size() ? chunk.records[batch_records_[index]].line : otherwise;
}

const StepResult& RecordStep::judge_in_full() {
  reset_needed_ = true;
  StepResult& r = result_;
  if (r.outcome == StepResult::Outcome::invalid) {
    // An invalid record is checked only against an expected "invalid", which then holds.
    r.checked = expect_invalid_;
    return r;
  }
  // An aborted search claims nothing to judge, and cannot be verified; noop, the harness measuring
  // itself, calls every puzzle unique without solving it.
  if (r.outcome == StepResult::Outcome::aborted || !judged_) return r;
  // Hashed only where the sample decides something: every record of a solver that leaves its
  // solution unwritten or is recounted, none of one that wrote it and has no reference.
  const bool sampled = (reference_ || (!written_ && r.solve.solutions > 0)) && in_sample();
  const bool recount = reference_ && sampled;
  r.wrong = judge_answer(sampled);
  if (r.stopped) return r;  // the second ask was stopped
  if (r.wrong.empty() && recount) {
    sudoku::SolveOptions options;
    options.max_solutions = options_.solve.max_solutions;
    options.stop = options_.solve.stop;
    r.asked_again = true;
    const sudoku::SolveResult ref = reference_->solve(puzzle_, options, nullptr);
    if (ref.aborted) {  // only the stop flag can abort it
      r.stopped = true;
      return r;
    }
    if (ref.solutions != r.solve.solutions) {
      const std::uint64_t limit = options.max_solutions;
      const auto count = [&](std::uint64_t n) {
        return std::to_string(n) + (n == limit ? " or more" : "") + (n == 1 ? " solution" : " solutions");
      };
      r.wrong = "counts " + count(r.solve.solutions) + "; the reference " + options_.reference->name() + " counts " +
                count(ref.solutions);
    }
  }
  if (!r.wrong.empty()) {
    r.outcome = StepResult::Outcome::wrong;
    return r;
  }
  if (has_expectation()) {
    r.checked = true;
    r.mismatch = check_expectations();
  }
  return r;
}

bool RecordStep::in_sample() const {
  return sample_threshold_ == ~std::uint64_t{0} || sample_hash(puzzle_) < sample_threshold_;
}

std::string RecordStep::judge_answer(bool sampled) {
  const sudoku::SolveResult& r = result_.solve;
  if (r.solutions == 0) return {};
  if (!written_) {
    if (!options_.reask_every_record && !sampled) return {};  // its count alone; the sample is judged
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
  if (std::string why = sudoku::solution_error(puzzle_, *answer_); !why.empty())
    return "reports a solution, but " + why;
  return {};
}

bool RecordStep::parse(const Chunk& chunk, const Record& record, std::string& why) {
  expect_invalid_ = false;
  expected_count_.reset();
  has_expected_solution_ = false;
  if (!format_ || chunk.format != format_of_) {  // a lookup per record costs more than its parse's checks
    format_ = &record_format(chunk.format);
    format_of_ = chunk.format;
    common_ = plain_solver_ && !format_->splits_fields && !format_->numbers;
  }
  if (!format_->splits_fields && !format_->numbers && parse_common(chunk, record)) [[likely]]
    return true;
  return parse_in_full(chunk, record, why);  // anything else, and why a record is not a puzzle
}

bool RecordStep::parse_in_full(const Chunk& chunk, const Record& record, std::string& why) {
  const RecordFormat& format = *format_;
  const RecordFields fields = format.fields(chunk.text_of(record));
  puzzle_text_ = fields.puzzle;
  if (fields.has_count) {
    if (why = parse_expectations(fields.count, fields.solution, fields.has_solution); !why.empty()) {
      expect_invalid_ = false;  // a malformed expectation makes the record invalid, not a failed check
      expected_count_.reset();
      has_expected_solution_ = false;
      return false;
    }
  }
  if (record.malformed >= 0) {
    why = chunk.malformed[static_cast<std::size_t>(record.malformed)];
    return false;
  }
  const std::uint64_t cut = record.full_length - record.length;
  if (cut > 0 && !format.parses_cut_lines) {
    why = "line of " + std::to_string(record.full_length) + " bytes is too long for a record";
    return false;
  }
  // A solver that takes the record's own text takes symbols, not numbers.
  text_is_symbols_ = !format.numbers;
  if (parse_for(factory_, supported_, fields.puzzle, cut, format.numbers, puzzle_, why)) return true;
  why += format.where(fields.puzzle);
  return false;
}

std::string RecordStep::parse_expectations(std::string_view count, std::string_view solution, bool has_solution) {
  if (count == "invalid") {
    expect_invalid_ = true;
  } else if (count != "aborted") {
    std::uint64_t n = 0;
    const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc() || end != count.data() + count.size())
      return "bad expected count '" + std::string(count) + "'";
    expected_count_ = n;
  }
  if (has_solution) {
    const sudoku::ParseResult r = sudoku::parse_record(solution, expected_solution_);
    if (!r) return "expected solution: " + sudoku::describe(r);
    has_expected_solution_ = true;
  }
  return {};
}

void RecordStep::solve(const sudoku::SolveOptions& options, sudoku::SolveResult& r, bool ask_solution) {
  sudoku::Grid& out = *answer_;
  // A solver that writes a solution writes every cell, even a wrong one (a blank is 0): the first
  // cell still holding a value no cell can hold means it wrote none.
  if (options_.seed == 0) {
    out.cells[0] = kNothingWritten;
    sudoku::Grid* const into = ask_solution ? &out : nullptr;
    // The record's own text, when the solver takes it as it is; else the grid.
    // The call returns straight into `r`: a result copied whole just after the callee wrote it
    // field by field waits for those stores (a failed store forwarding, ~5 ns a record of noop).
    if (!text_solver_ || !text_is_symbols_ || !text_solver_->solve_text(puzzle_text_, options, into, r))
      ::new (static_cast<void*>(&r)) sudoku::SolveResult(solver_->solve(puzzle_, options, into));
    written_ = r.solutions > 0 && out.cells[0] != kNothingWritten;
  } else {
    sudoku::Symmetry symmetry;
    sudoku::SolveOptions disguised_options = options;
    disguised_options.seed = disguise(symmetry, disguised_);
    found_.cells[0] = kNothingWritten;
    ::new (static_cast<void*>(&r))
        sudoku::SolveResult(solver_->solve(disguised_, disguised_options, ask_solution ? &found_ : nullptr));
    written_ = r.solutions > 0 && found_.cells[0] != kNothingWritten;
    if (written_) sudoku::undo(symmetry, found_, out);
  }
}

std::uint64_t RecordStep::disguise(sudoku::Symmetry& symmetry, sudoku::Grid& out) const {
  const std::uint64_t seed = sudoku::puzzle_seed(options_.seed, puzzle_);
  symmetry = sudoku::random_symmetry(puzzle_.box, seed);
  sudoku::apply(symmetry, puzzle_, out);
  return seed;
}

std::string RecordStep::check_expectations() const {
  const sudoku::SolveResult& result = result_.solve;
  if (expect_invalid_) return "expected an invalid record, found a puzzle";
  if (expected_count_) {
    const std::uint64_t limit = options_.solve.max_solutions;
    const std::uint64_t expected = std::min(*expected_count_, limit);
    if (result.solutions != expected) {
      const auto plus = [&](std::uint64_t n) { return std::to_string(n) + (n == limit ? " or more" : ""); };
      return "expected " + plus(expected) + " solutions, found " + plus(result.solutions);
    }
  }
  if (has_expected_solution_ && result.solutions == 1 && written_) {  // unwritten: not re-asked (run)
    const int n = puzzle_.cell_count();
    for (int i = 0; i < n; ++i) {
      if (i >= expected_solution_.cell_count() || answer_->cells[i] != expected_solution_.cells[i])
        return "the solution differs from the one given, first at row " + std::to_string(i / puzzle_.side() + 1) +
               ", column " + std::to_string(i % puzzle_.side() + 1);
    }
  }
  return {};
}

}  // namespace sudoku_bench
