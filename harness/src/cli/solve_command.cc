#include "cli/solve_command.h"

#include <tbb/enumerable_thread_specific.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "stream/solver_specs.h"
#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "stream/pipeline.h"
#include "stream/record_step.h"
#include "stream/records.h"
#include "report/report_table.h"

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

}  // namespace

int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err) {
  std::string error;
  const auto factory = make_solver(command.solver, error);
  if (!factory) {
    std::fprintf(err, "sudoku-bench solve: %s\n", error.c_str());
    return kExitUsage;
  }
  try {
    InputFile input(command.input);
    sudoku::SolveOptions options;
    options.max_solutions = command.limit;
    options.max_nodes = command.node_limit;
    options.time_limit = command.time_limit;
    // Only a limit can abort a puzzle, and the clock is read only to say how long that took.
    const bool may_abort = options.max_nodes > 0 || options.time_limit.count() > 0;
    struct ThreadState {
      RecordSolver solver;
      sudoku::Grid solution;
    };
    tbb::enumerable_thread_specific<ThreadState> states(
        [&] { return ThreadState{RecordSolver(*factory, options, command.seed), {}}; });

    PipelineConfig pipeline;
    pipeline.threads = command.threads > 0 ? command.threads : static_cast<int>(std::thread::hardware_concurrency());
    pipeline.records_per_chunk = records_per_chunk_for(input.size() / 82, pipeline.threads);
    pipeline.interrupt = &interrupt_requested();
    pipeline.format = command.format;

    const auto process = [&](Chunk& chunk) {
      ThreadState& state = states.local();
      for (const Record& record : chunk.records) {
        const std::string invalid = state.solver.parse(chunk, record);
        if (!invalid.empty()) {
          ++chunk.tally.invalid;
          chunk.out.append(state.solver.puzzle_text());
          chunk.out += ":invalid\n";
          append_error(chunk.err, input.name(), record.line, invalid);
          state.solver.tally_check(nullptr, chunk.tally, &chunk.err, input.name(), record.line);
          continue;
        }
        const auto start = may_abort ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
        const sudoku::SolveResult r = state.solver.solve(&state.solution);
        chunk.tally.add(sudoku::status_of(r));
        state.solver.tally_check(&r, chunk.tally, &chunk.err, input.name(), record.line);
        append_symbols(chunk.out, state.solver.puzzle());
        if (r.aborted) {
          chunk.out += ":aborted\n";
          const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
          append_error(chunk.err, input.name(), record.line, describe_aborted(r, static_cast<std::uint64_t>(ns.count())));
          continue;
        }
        chunk.out += ':';
        chunk.out += std::to_string(r.solutions);
        if (r.solutions == 1) {
          chunk.out += ':';
          append_symbols(chunk.out, state.solution);
        }
        chunk.out += '\n';
      }
    };
    Tally tally;
    const auto sink = [&](Chunk& chunk) {
      tally += chunk.tally;
      write_all(out, chunk.out, "<stdout>");
      write_all(err, chunk.err, "<stderr>");
    };
    const bool complete = run_pipeline(input, pipeline, process, sink);
    if (std::fflush(out) != 0) throw IoError("<stdout>", std::string("cannot write: ") + std::strerror(errno));
    if (!complete) {
      const int signal = interrupt_signal();
      std::fprintf(err, "sudoku-bench solve: interrupted by signal %d after %s records; every record read has its line\n",
                   signal, format_count(static_cast<double>(tally.records())).c_str());
      return kExitInterrupted + signal;
    }
    return tally.invalid || tally.aborted || tally.check_failed ? kExitUndecided : kExitOk;
  } catch (const IoError& e) {
    std::fflush(out);
    std::fprintf(err, "sudoku-bench solve: %s\n", e.what());
    return kExitIo;
  }
}

}  // namespace sudoku_bench
