// What one `run` plans before it measures (run.cc): the solvers it named, checked; the passes of
// each file and solver (FileSolverPasses), which measure and name their problem records; the
// plan of measured passes, in the command line's order or shuffled; the report's settings.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "report/report.h"
#include "run/interrupt.h"
#include "run/problems.h"
#include "run/progress.h"
#include "run/run.h"
#include "stream/chunk_deal.h"
#include "stream/input.h"
#include "stream/pass.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

inline constexpr std::uint64_t kRecordsNamed = 20;  // per file and solver; the rest are counted

// A solver spec as given, the factory it named, and for an external solver without --verify the
// strategy that recounts a sample of its answers (SolverPolicy::recounted_by).
struct SpecFactory {
  SolverSpec spec;
  std::unique_ptr<sudoku::SolverFactory> factory;
  std::unique_ptr<sudoku::SolverFactory> default_reference;
};

// Checks everything that can be checked before minutes of measuring; returns "" when fine.
std::string validate(const RunCommand& c, bool ranks, std::vector<SpecFactory>& solvers,
                     std::unique_ptr<sudoku::SolverFactory>& reference, std::vector<std::string>& notes);

// `path` as it is now (runs[].input); none for standard input, a pipe or a device, or a file that
// cannot be read.
std::optional<InputStamp> input_stamp(const std::string& path);

// Passes over one file with one solver. The first measured pass names its invalid and aborted
// records (up to kRecordsNamed); the first complete pass tells later ones how many records to expect.
class FileSolverPasses {
 public:
  FileSolverPasses(const RunCommand& command, const std::string& file, const SpecFactory& solver,
                   const sudoku::SolverFactory* reference, Settings::Shard shard, Progress& progress, std::FILE* err,
                   const FileIdentity* identity, std::string dataset)
      : command_(command),
        file_(file),
        dataset_(std::move(dataset)),
        solver_(solver),
        reference_(reference),
        shard_(shard),
        progress_(progress),
        err_(err),
        identity_(identity),
        stamp_(input_stamp(file)) {}

  std::string label(ThreadCount threads) const {
    return dataset_ + " " + solver_.spec.given() + " threads=" + std::to_string(threads.get());
  }
  const std::string& file() const { return file_; }
  std::string solver_name() const { return solver_.factory->name(); }

  // A measured pass: the file read again until command.repeats.min_time_seconds have passed (standard
  // input once); rows go to `rows` from the first reading only.
  MeasuredPass measured(ThreadCount threads, int repetition, PerPuzzleRows* rows, ChunkDealer* dealer) {
    MeasuredPass measured = pass(threads, 0, repetition, rows, dealer);
    measured.id.dataset = dataset_;
    measured.id.path = file_;
    measured.id.input = stamp_;
    measured.threads = threads.get();
    measured.id.repetition = repetition;
    return measured;
  }

  // `budget_seconds` > 0 makes an unmeasured warm-up pass that stops reading after that long.
  // Measured passes write their rows to `rows` when it is not null.
  MeasuredPass pass(ThreadCount threads, double budget_seconds, int repetition = 0, PerPuzzleRows* rows = nullptr,
                    ChunkDealer* dealer = nullptr) {
    InputFile input(file_);
    // Every pass reads the file the run began with: one changed between passes is not averaged in.
    if (identity_ && !read_once(file_))
      if (const std::string change = how_changed(*identity_, input.identity()); !change.empty())
        throw IoError(input.name(), "changed since the run began: " + change);
    const bool name_records = budget_seconds == 0 && !named_;
    std::atomic<bool> stop{false};
    const auto started = std::chrono::steady_clock::now();
    PassConfig config = pass_config(threads, input, budget_seconds, name_records, stop);
    config.pipeline.dealer = dealer;
    if (rows && budget_seconds == 0) {
      rows->start_pass(dataset_, file_, solver_.factory->name(), threads.get(), repetition,
                       solver_.factory->reports_tree_size(), config.time_puzzles);
      config.rows = rows;
    }
    std::uint64_t done = 0, undecided = 0;
    progress_.reading(input.size());
    config.on_chunk = [&](const Chunk& chunk) {
      done += chunk.tally.records();
      if (chunk.loop == 0) {  // each record once
        // Zeros read past the new end of a file cut meanwhile are no records: the change is named.
        if (!chunk.problems.empty())
          if (const std::string change = input.changed(); !change.empty())
            throw IoError(input.name(), "changed while it was read: " + change);
        name(input.name(), chunk.problems);
        undecided += chunk.tally.undecided();
      }
      progress_.update(done, chunk.input_position, chunk.loop);
      if (budget_seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >= budget_seconds)
        stop.store(true, std::memory_order_relaxed);
    };
    MeasuredPass result = measure_pass(input, *solver_.factory, config);
    progress_.finish();
    // A small file cut while its last chunk was solved reads zeros past its new end, within the
    // mapped page, with no fault: the pass read bytes that are not the file's, and is dropped.
    if (const std::string change = input.changed(); !change.empty())
      throw IoError(input.name(), "changed while it was read: " + change);
    if (name_records) {
      named_ = true;
      if (undecided > shown_)
        std::fprintf(err_, "%s: %llu more invalid, aborted, wrong or failed records not named\n", input.name().c_str(),
                     static_cast<unsigned long long>(undecided - shown_));
    }
    if (result.complete && result.status.records() == 0 && !warned_empty_) {
      std::fprintf(err_, "%s: no records (every line is empty or a # comment)\n", input.name().c_str());
      warned_empty_ = true;
    }
    return result;
  }

 private:
  // The command's pass settings, made for this file, solver and thread count.
  PassConfig pass_config(ThreadCount threads, const InputFile& input, double budget_seconds, bool name_records,
                         const std::atomic<bool>& stop) const {
    PassConfig config = command_.pass;
    config.step.reference = reference_;
    if (!reference_ && solver_.default_reference) {
      config.step.reference = solver_.default_reference.get();
      config.step.verify_every = command_.verification.plugin_verify_every;
    }
    // A second solve per record to check a solution the solver did not write is made only where
    // the reference recounts: outside the latency, inside the pass's wall time, at 1/K the cost.
    config.step.reask_every_record = false;
    config.pipeline.threads = threads;
    // A shard: the same split on every shard and rank, whatever its threads.
    take_shard(config.pipeline, input.size(), threads, shard_.index, shard_.count);
    config.pipeline.stop = &stop;
    config.pipeline.interrupt = &interrupt_requested();
    config.step.solve.stop = &interrupt_requested();  // and stops the searches in progress
    if (budget_seconds == 0) config.pipeline.min_seconds = command_.repeats.min_time_seconds;
    // A shard's records are not a prefix of its file: tail growth is for whole files.
    config.tail_growth = budget_seconds == 0 && shard_.count <= 1;
    // No chunk needs to keep more than can still be named.
    config.problems_per_chunk = name_records ? kRecordsNamed : 0;
    return config;
  }

  void name(const std::string& file, const std::vector<Problem>& problems) {
    if (problems.empty() || shown_ >= kRecordsNamed) return;
    progress_.finish();
    std::string lines;
    for (std::size_t i = 0; i < problems.size() && shown_ < kRecordsNamed; ++i, ++shown_)
      append_problem(lines, file, problems[i]);
    std::fwrite(lines.data(), 1, lines.size(), err_);
  }

  const RunCommand& command_;
  const std::string& file_;
  std::string dataset_;
  const SpecFactory& solver_;
  const sudoku::SolverFactory* reference_;
  Settings::Shard shard_;
  Progress& progress_;
  std::FILE* err_;
  const FileIdentity* identity_;  // the file when the run began
  std::optional<InputStamp> stamp_;
  std::uint64_t shown_ = 0;
  bool named_ = false;
  bool warned_empty_ = false;
};

// One measured pass to make: the index of its FileSolverPasses, its threads, its repetition.
struct PlannedPass {
  std::size_t passes = 0;
  ThreadCount threads;
  int repetition = 0;
  std::size_t order = 0;  // its place in the command line's order
};

// Fisher-Yates with a bound drawn from mt19937_64's outputs, whose sequence the standard fixes
// (std::shuffle's is the library's own): the same seed gives the same order everywhere.
void shuffle(std::vector<PlannedPass>& plan, std::uint64_t seed);

// The thread counts `command` measures: its --threads, else 1 to the CPUs this process may use
// (ThreadCount::all_cpus), resolved here once. Never empty: a report interrupted before it measured
// anything names them too.
std::vector<ThreadCount> thread_counts_of(const RunCommand& command);
// The same as the report's settings write them.
std::vector<int> thread_numbers(const std::vector<ThreadCount>& counts);

// The report's settings: what was asked, as it was run.
Settings settings_of(const RunCommand& command, const std::vector<ThreadCount>& thread_counts,
                     const std::vector<SpecFactory>& solvers);

}  // namespace sudoku_bench
