#include "stream/pass.h"

#include <tbb/enumerable_thread_specific.h>
#include <time.h>

#include <chrono>
#include <optional>
#include <type_traits>

#include "stream/pipeline.h"
#include "stream/record_step.h"
#include "stream/records.h"

namespace sudoku_bench {
namespace {

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct ThreadState {
  ThreadState(const sudoku::SolverFactory& factory, const PassConfig& config)
      : solver(factory, config.solve, config.seed) {}
  RecordSolver solver;
  Histogram latency_ns, nodes, guesses;
};

}  // namespace

PassResult measure_pass(InputFile& input, const sudoku::SolverFactory& solver, const PassConfig& config) {
  using Clock = std::chrono::steady_clock;
  tbb::enumerable_thread_specific<ThreadState> states([&] { return ThreadState(solver, config); });
  PassResult result;

  PipelineConfig pipeline;
  pipeline.threads = config.threads;
  pipeline.records_per_chunk = records_per_chunk_for(config.expected_records, config.threads);
  pipeline.stop = config.stop;
  pipeline.interrupt = config.interrupt;
  pipeline.format = config.format;

  // Timing is a template parameter so that an untimed pass has no clock read in its loop at all.
  const auto process_records = [&]<bool kTimed>(Chunk& chunk, std::bool_constant<kTimed>) {
    ThreadState& state = states.local();
    std::string* err = config.report_records ? &chunk.err : nullptr;
    Clock::time_point last;
    if constexpr (kTimed) last = Clock::now();
    for (const Record& record : chunk.records) {
      const std::string invalid = state.solver.parse(chunk, record);
      if (!invalid.empty()) {
        ++chunk.tally.invalid;
        if (err) append_error(*err, input.name(), record.line, invalid);
        state.solver.tally_check(nullptr, chunk.tally, err, input.name(), record.line);
        if constexpr (kTimed) last = Clock::now();
        continue;
      }
      const sudoku::SolveResult r = state.solver.solve(nullptr);
      std::optional<std::uint64_t> ns;
      if constexpr (kTimed) {
        const auto now = Clock::now();
        ns = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now - last).count());
        last = now;
        state.latency_ns.record(*ns);
      }
      state.nodes.record(r.nodes);
      state.guesses.record(r.guesses);
      chunk.tally.add(sudoku::status_of(r));
      if (r.aborted && err) append_error(*err, input.name(), record.line, describe_aborted(r, ns));
      state.solver.tally_check(&r, chunk.tally, err, input.name(), record.line);
    }
  };
  const auto process = [&](Chunk& chunk) {
    if (config.time_puzzles) process_records(chunk, std::true_type{});
    else process_records(chunk, std::false_type{});
  };
  const auto sink = [&](Chunk& chunk) {
    result.tally += chunk.tally;
    if (config.on_chunk) config.on_chunk(chunk);
  };

  const double cpu_start = process_cpu_seconds();
  const auto start = Clock::now();
  result.complete = run_pipeline(input, pipeline, process, sink);
  result.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.cpu_seconds = process_cpu_seconds() - cpu_start;

  for (const ThreadState& state : states) {
    result.latency_ns.merge(state.latency_ns);
    result.nodes.merge(state.nodes);
    result.guesses.merge(state.guesses);
  }
  result.threads_observed = static_cast<int>(states.size());
  return result;
}

}  // namespace sudoku_bench
