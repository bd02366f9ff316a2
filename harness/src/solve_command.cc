#include "sudoku_bench/solve_command.h"

#include <tbb/enumerable_thread_specific.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <thread>

#include "sudoku/strategies.h"
#include "sudoku_bench/exit_codes.h"
#include "sudoku_bench/pipeline.h"
#include "sudoku_bench/records.h"

namespace sudoku_bench {
namespace {

void write_all(std::FILE* f, const std::string& s, const char* what) {
  if (!s.empty() && std::fwrite(s.data(), 1, s.size(), f) != s.size())
    throw IoError(std::string("cannot write ") + what + ": " + std::strerror(errno));
}

void append_symbols(std::string& out, const sudoku::Grid& grid) {
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(grid.cell_count()));
  sudoku::write_symbols(grid, out.data() + at);
}

struct ThreadState {
  explicit ThreadState(const sudoku::SolverFactory& factory) : solver(factory.make()) {}
  std::unique_ptr<sudoku::Solver> solver;
  sudoku::Grid grid, solution;
};

}  // namespace

int solve_command(const SolveCommand& command, std::FILE* out, std::FILE* err) {
  std::string error;
  const auto factory = sudoku::make_solver_factory(command.solver, error);
  if (!factory) {
    std::fprintf(err, "sudoku-bench solve: %s\n", error.c_str());
    return kExitUsage;
  }
  try {
    InputFile input(command.input);
    tbb::enumerable_thread_specific<ThreadState> states([&] { return ThreadState(*factory); });
    sudoku::SolveOptions options;
    options.max_solutions = command.limit;
    options.max_nodes = command.node_limit;

    PipelineConfig pipeline;
    pipeline.threads = command.threads > 0 ? command.threads : static_cast<int>(std::thread::hardware_concurrency());
    pipeline.records_per_chunk = records_per_chunk_for(input.size() / 82, pipeline.threads);

    const auto process = [&](Chunk& chunk) {
      ThreadState& state = states.local();
      for (const Record& record : chunk.records) {
        const std::string invalid = parse_for(*factory, chunk, record, state.grid);
        if (!invalid.empty()) {
          ++chunk.tally.invalid;
          chunk.out.append(chunk.text_of(record));
          chunk.out += ":invalid\n";
          append_error(chunk.err, input.name(), record.line, invalid);
          continue;
        }
        const sudoku::SolveResult r = state.solver->solve(state.grid, options, &state.solution);
        chunk.tally.add(sudoku::status_of(r));
        append_symbols(chunk.out, state.grid);
        if (r.aborted) {
          chunk.out += ":aborted\n";
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
      write_all(out, chunk.out, "output");
      write_all(err, chunk.err, "errors");
    };
    run_pipeline(input, pipeline, process, sink);
    if (std::fflush(out) != 0) throw IoError(std::string("cannot write output: ") + std::strerror(errno));
    return tally.invalid ? kExitInvalidRecords : kExitOk;
  } catch (const IoError& e) {
    std::fflush(out);
    std::fprintf(err, "sudoku-bench solve: %s\n", e.what());
    return kExitIo;
  }
}

}  // namespace sudoku_bench
