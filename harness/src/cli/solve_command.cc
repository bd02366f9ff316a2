#include "cli/solve_command.h"

#include <tbb/enumerable_thread_specific.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>
#include <type_traits>

#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "cli/problems.h"
#include "plugin/call_guard.h"
#include "report/units.h"
#include "stream/input.h"
#include "stream/solver_specs.h"

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
  if (r.solve.solutions == 1) {
    out += ':';
    append_symbols(out, solution);
  }
  out += '\n';
}

}  // namespace

int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err) {
  std::string error;
  std::string note;
  const auto factory = factory_for_spec(command.solver, error, &note);
  if (!factory) {
    std::fprintf(err, "sudoku-bench solve: %s\n", error.c_str());
    return kExitUsage;
  }
  if (!factory->counts_solutions()) {
    std::fprintf(err, "sudoku-bench solve: %s finds no solutions; it measures the harness in `run --solver %s`\n",
                 factory->name().c_str(), factory->name().c_str());
    return kExitUsage;
  }
  if (!note.empty()) std::fprintf(err, "sudoku-bench solve: note: %s\n", note.c_str());
  const std::string verify = command.verify.value_or(factory->recounted_by().empty() ? "" : "bitmask");
  std::unique_ptr<sudoku::SolverFactory> reference;
  if (!verify.empty() && !(reference = reference_for_spec(verify, error))) {
    std::fprintf(err, "sudoku-bench solve: %s\n", error.c_str());
    return kExitUsage;
  }
  StepOptions step = command.step;
  step.reference = reference.get();
  // SIGINT or SIGTERM stops the searches in progress too (within 256 nodes), not only the reading.
  step.solve.stop = &interrupt_requested();
  plugin::set_slow_call_report(plugin::slow_call_report(step.solve));
  try {
    InputFile input(command.input);
    // Only a limit can abort a puzzle, and the clock is read only to say how long that took.
    const bool may_abort = command.step.solve.max_nodes > 0 || command.step.solve.time_limit.count() > 0;
    const PuzzleClock clock = PuzzleClock::steady();  // a read per record is nothing beside printing it
    struct ThreadState {
      RecordStep step;
      sudoku::Grid solution;
    };
    tbb::enumerable_thread_specific<ThreadState> states([&] { return ThreadState{RecordStep(*factory, step), {}}; });

    PipelineConfig pipeline = command.pipeline;
    pipeline.chunk = chunk_size_for(input.size(), pipeline.threads);
    pipeline.interrupt = &interrupt_requested();

    const auto process_records = [&]<bool kTimed>(Chunk& chunk, std::bool_constant<kTimed>) {
      ThreadState& state = states.local();
      step_chunk<kTimed>(chunk, state.step, &state.solution, kKeepEveryProblem, clock,
                         [&](const Record&, const StepResult& r, std::uint64_t) {
                           append_line(chunk.out, state.step, r, state.solution);
                         });
    };
    const auto process = [&](Chunk& chunk) {
      if (may_abort)
        process_records(chunk, std::true_type{});
      else
        process_records(chunk, std::false_type{});
    };
    Tally tally;
    std::string messages;
    // The first record a signal left without its line (its search stopped, or not started), once
    // a chunk was cut short: the chunks after it are dropped, so that the lines printed are
    // exactly those of the records before it.
    std::uint64_t cut_line = 0;
    bool cut = false;
    const auto sink = [&](Chunk& chunk) {
      if (cut) return;
      tally += chunk.tally;
      write_all(out, chunk.out, "<stdout>");
      messages.clear();
      for (const Problem& p : chunk.problems) append_problem(messages, input.name(), p);
      write_all(err, messages, "<stderr>");
      if (const std::uint64_t done = chunk.tally.records(); done < chunk.records.size() && !chunk.fault) {
        cut = true;
        if (chunk.first_line > 0) cut_line = chunk.first_line + chunk.records[done].line - 1;
      }
    };
    const bool complete = run_pipeline(input, pipeline, process, sink).complete;
    if (std::fflush(out) != 0) throw IoError("<stdout>", std::string("cannot write: ") + std::strerror(errno));
    // A signal after the last chunk was read still stopped the searches in progress.
    if (!complete || cut || interrupt_requested().load()) {
      const int signal = interrupt_signal();
      const std::string where = !cut ? "every record read has its line"
                                     : "every record before " +
                                           (cut_line ? input.name() + ":" + std::to_string(cut_line) : "the next") +
                                           " has its line";
      std::fprintf(err, "sudoku-bench solve: interrupted by signal %d after %s records; %s\n", signal,
                   format_count(static_cast<double>(tally.records())).c_str(), where.c_str());
      return kExitInterrupted + signal;
    }
    return tally.undecided() > 0 ? kExitUndecided : kExitOk;
  } catch (const IoError& e) {
    std::fflush(out);
    std::fprintf(err, "sudoku-bench solve: %s\n", e.what());
    return kExitIo;
  } catch (const plugin::SolverFault& f) {
    // Every record before it has its line on stdout.
    std::fflush(out);
    std::fprintf(err, "sudoku-bench solve: %s\n", f.what());
    return f.interrupted() ? kExitInterrupted + (interrupt_signal() ? interrupt_signal() : SIGINT) : kExitSolverFault;
  }
}

}  // namespace sudoku_bench
