#include "run/solve.h"

#include <tbb/enumerable_thread_specific.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <type_traits>

#include "plugin/call_guard.h"
#include "plugin/solver_policy.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/problems.h"
#include "stream/input.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

void write_all(std::FILE* f, const std::string& s, const char* name) {
  if (!s.empty() && std::fwrite(s.data(), 1, s.size(), f) != s.size())
    throw IoError(name, std::string("cannot write: ") + std::strerror(errno));
}

void append_symbols(std::string& out, const sudoku::Grid& grid) {
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(grid.cell_count()));
  sudoku::write_symbols(grid, out.data() + at);
}

// The line `solve` prints for a record.
void append_line(std::string& out, const RecordStep& step, const StepResult& r, const sudoku::Grid& solution) {
  if (!r.is_puzzle()) {
    // As it was read, but for bytes a terminal or a line-reading script would choke on: \xNN.
    for (const char c : step.puzzle_text()) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte >= 0x20 && byte < 0x7f && byte != '\\') {
        out += c;
      } else {
        constexpr char kHex[] = "0123456789ABCDEF";
        out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
      }
    }
    out += ":invalid\n";
    return;
  }
  append_symbols(out, step.puzzle());
  if (r.outcome == StepResult::Outcome::aborted || r.outcome == StepResult::Outcome::wrong) {
    out += ':';
    out += outcome_name(r.outcome);
    out += '\n';
    return;
  }
  out += ':';
  out += std::to_string(r.solve.solutions);
  if (r.solve.solutions == 1 && !r.unwritten) {
    out += ':';
    append_symbols(out, solution);
  }
  out += '\n';
}

// The solver, and the reference that judges its counts (bitmask for external solvers unless told
// otherwise); kExitOk, or the exit status of a refusal, said on `err`.
int solvers_for(const SolveCommand& command, std::FILE* err, std::unique_ptr<sudoku::SolverFactory>& factory,
                std::unique_ptr<sudoku::SolverFactory>& reference) {
  std::string error;
  std::string note;
  factory = factory_for_spec(command.solver, error, &note);
  if (!factory) {
    Messages(err, "solve").error(error);
    return kExitUsage;
  }
  const SolverPolicy policy = policy_of(*factory);
  if (!policy.counts_solutions) {
    Messages(err, "solve")
        .errorf("%s finds no solutions; it measures the harness in `run --solver %s`", factory->name().c_str(),
                factory->name().c_str());
    return kExitUsage;
  }
  if (!note.empty()) Messages(err, "solve").note(note);
  std::optional<SolverSpec> verify = command.verify;
  if (!verify && !command.no_verify && !policy.recounted_by.empty()) verify = SolverSpec("bitmask");
  if (verify && !(reference = reference_for_spec(*verify, error))) {
    Messages(err, "solve").error(error);
    return kExitUsage;
  }
  return kExitOk;
}

// The parallel stage: each record of a chunk solved and judged, its line appended to the chunk.
class SolveRecords {
 public:
  SolveRecords(const sudoku::SolverFactory& factory, const StepOptions& step, bool may_abort)
      : states_([&factory, &step] {
          return ThreadState{RecordStep(factory, step), {}};
        }),
        may_abort_(may_abort) {}

  void operator()(Chunk& chunk) {
    // Only a limit can abort a puzzle, and the clock is read only to say how long that took.
    if (may_abort_)
      solve(chunk, std::true_type{});
    else
      solve(chunk, std::false_type{});
  }

 private:
  struct ThreadState {
    RecordStep step;
    sudoku::Grid solution;
  };

  template <bool kTimed>
  void solve(Chunk& chunk, std::bool_constant<kTimed>) {
    ThreadState& state = states_.local();
    step_chunk<kTimed>(chunk, state.step, &state.solution, kKeepEveryProblem, clock_,
                       [&](const Record&, const StepResult& r, std::uint64_t) {
                         append_line(chunk.out, state.step, r, state.solution);
                       });
  }

  tbb::enumerable_thread_specific<ThreadState> states_;
  const PuzzleClock clock_ = PuzzleClock::steady();  // a read per record is nothing beside printing it
  const bool may_abort_;
};

// The serial sink: each chunk's lines to stdout and its problems to stderr, in input order.
class PrintInOrder {
 public:
  PrintInOrder(std::FILE* out, std::FILE* err, const std::string& input) : out_(out), err_(err), input_(input) {}

  void operator()(Chunk& chunk) {
    if (cut_) return;
    tally_ += chunk.tally;
    write_all(out_, chunk.out, "<stdout>");
    messages_.clear();
    for (const Problem& p : chunk.problems) append_problem(messages_, input_, p);
    write_all(err_, messages_, "<stderr>");
    if (const std::uint64_t done = chunk.tally.records(); done < chunk.records.size() && !chunk.fault) {
      cut_ = true;
      if (chunk.first_line > 0) cut_line_ = chunk.first_line + chunk.records[done].line - 1;
    }
  }

  const Tally& tally() const { return tally_; }
  // What the lines printed cover once a signal cut a chunk short: the chunks after it are dropped,
  // so that the lines are exactly those of the records before the first left without its line.
  std::string covered() const {
    if (!cut_) return "every record read has its line";
    return "every record before " + (cut_line_ ? input_ + ":" + std::to_string(cut_line_) : "the next") +
           " has its line";
  }
  bool cut() const { return cut_; }

 private:
  std::FILE* out_;
  std::FILE* err_;
  const std::string& input_;
  Tally tally_;
  std::string messages_;
  std::uint64_t cut_line_ = 0;
  bool cut_ = false;
};

}  // namespace

int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err) {
  std::unique_ptr<sudoku::SolverFactory> factory, reference;
  if (const int status = solvers_for(command, err, factory, reference); status != kExitOk) return status;
  StepOptions step = command.step;
  step.reference = reference.get();
  // SIGINT or SIGTERM stops the searches in progress too (within 256 nodes), not only the reading.
  step.solve.stop = &interrupt_requested();
  plugin::set_slow_call_report(plugin::slow_call_report(step.solve));
  try {
    InputFile input(command.input);
    PipelineConfig pipeline = command.pipeline;
    pipeline.threads = ThreadCount::given_or_all_cpus(command.threads);
    pipeline.chunk = chunk_size_for(input.size(), pipeline.threads);
    pipeline.interrupt = &interrupt_requested();
    SolveRecords process(*factory, step, step.solve.max_nodes > 0 || step.solve.time_limit.count() > 0);
    PrintInOrder sink(out, err, input.name());
    const bool complete = run_pipeline(input, pipeline, std::ref(process), std::ref(sink)).complete;
    if (std::fflush(out) != 0) throw IoError("<stdout>", std::string("cannot write: ") + std::strerror(errno));
    // A signal after the last chunk was read still stopped the searches in progress.
    if (!complete || sink.cut() || interrupt_requested().load()) {
      const int signal = interrupt_signal();
      if (interrupt_self_sent()) {
        Messages(err, "solve").errorf("%s; %s", self_sent_cause().c_str(), sink.covered().c_str());
        return kExitSolverFault;
      }
      Messages(err, "solve")
          .errorf("interrupted by signal %d after %s records; %s", signal,
                  format_count(static_cast<double>(sink.tally().records())).c_str(), sink.covered().c_str());
      return kExitInterrupted + signal;
    }
    if (const std::uint64_t unwritten = sink.tally().unwritten; unwritten > 0) {
      // Said once, not per record: a solver that only counts is not wrong for that.
      const std::string every =
          step.verify_every > 1 ? " (about 1 record in " + std::to_string(step.verify_every) + ")" : "";
      const std::string judged =
          reference ? "counts judged by the reference " + reference->name() + every : "counts not judged (--no-verify)";
      Messages(err, "solve")
          .notef("solutions not checked: %s writes none (%s records); %s", factory->name().c_str(),
                 format_count(static_cast<double>(unwritten)).c_str(), judged.c_str());
    }
    return sink.tally().undecided() > 0 ? kExitUndecided : kExitOk;
  } catch (const IoError& e) {
    std::fflush(out);
    Messages(err, "solve").error(e.what());
    return kExitIo;
  } catch (const plugin::SolverFault& f) {
    // Every record before it has its line on stdout.
    std::fflush(out);
    Messages(err, "solve").error(f.what());
    if (f.interrupted() && interrupt_self_sent()) {
      Messages(err, "solve").error(self_sent_cause());
      return kExitSolverFault;
    }
    return f.interrupted() ? kExitInterrupted + (interrupt_signal() ? interrupt_signal() : SIGINT) : kExitSolverFault;
  }
}

}  // namespace sudoku_bench
