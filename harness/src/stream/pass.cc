#include "stream/pass.h"

#include <tbb/enumerable_thread_specific.h>
#include <time.h>

#include <chrono>
#include <type_traits>

#include "stream/noise_probe.h"

namespace sudoku_bench {
namespace {

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct ThreadState {
  ThreadState(const sudoku::SolverFactory& factory, const StepOptions& options) : step(factory, options) {}
  RecordStep step;
  Histogram latency_ns, nodes, guesses;
};

}  // namespace

PassResult measure_pass(InputFile& input, const sudoku::SolverFactory& factory, const PassConfig& config) {
  using Clock = std::chrono::steady_clock;
  tbb::enumerable_thread_specific<ThreadState> states([&] { return ThreadState(factory, config.step); });
  PassResult result;
  const PuzzleClock clock = config.time_puzzles ? PuzzleClock::for_pass() : PuzzleClock::steady();

  // Timing is a template parameter so that an untimed pass has no clock read in its loop at all.
  const auto process_records = [&]<bool kTimed>(Chunk& chunk, std::bool_constant<kTimed>) {
    ThreadState& state = states.local();
    step_chunk<kTimed>(chunk, state.step, nullptr, config.problems_per_chunk, clock,
                       [&](const Record& record, const StepResult& r, std::uint64_t elapsed_ns) {
                         if (config.rows && chunk.loop == 0) PerPuzzleRows::keep(chunk, record, r, elapsed_ns);
                         if (!r.is_puzzle()) return;
                         if (config.tail_growth && chunk.loop == 0) {
                           if constexpr (kTimed) chunk.tail_latency_ns.add(elapsed_ns);
                           chunk.tail_nodes.add(r.solve.nodes);
                         }
                         if constexpr (kTimed) state.latency_ns.record(elapsed_ns);
                         state.nodes.record(r.solve.nodes);
                         state.guesses.record(r.solve.guesses);
                       });
  };
  TailGrowth tail_latency, tail_nodes;  // fed by the sink; workers read their floors
  const auto process = [&](Chunk& chunk) {
    if (config.tail_growth && chunk.loop == 0) {
      chunk.tail_latency_ns.start(tail_latency.floor());
      chunk.tail_nodes.start(tail_nodes.floor());
    }
    if (config.time_puzzles)
      process_records(chunk, std::true_type{});
    else
      process_records(chunk, std::false_type{});
  };
  const auto sink = [&](Chunk& chunk) {
    result.tally += chunk.tally;
    if (config.tail_growth && chunk.loop == 0) {
      tail_latency.add(chunk.tail_latency_ns);
      tail_nodes.add(chunk.tail_nodes);
    }
    if (chunk.loop == 0) result.first_loop_records += chunk.tally.records();
    if (config.rows && chunk.loop == 0) config.rows->write(chunk);
    if (config.on_chunk) config.on_chunk(chunk);
  };

  // Read outside the timed span: a few small /proc files per thread.
  const NoiseCounters noise_before = read_noise_counters();
  const double cpu_start = process_cpu_seconds();
  const auto start = Clock::now();
  const PipelineResult pipeline = run_pipeline(input, config.pipeline, process, sink);
  // A stop flag that was set (SIGINT, SIGTERM) may have cut searches short, leaving their records,
  // and the rest of their chunks, without an outcome, even when the whole input had been read.
  result.complete =
      pipeline.complete && !(config.step.solve.stop && config.step.solve.stop->load(std::memory_order_acquire));
  result.loops = pipeline.loops;
  result.pipeline = pipeline.times;
  result.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.cpu_seconds = process_cpu_seconds() - cpu_start;
  result.noise =
      noise_between(noise_before, read_noise_counters(), result.wall_seconds, thread_count(config.pipeline.threads));

  for (const ThreadState& state : states) {
    result.latency_ns.merge(state.latency_ns);
    result.nodes.merge(state.nodes);
    result.guesses.merge(state.guesses);
  }
  result.threads_observed = static_cast<int>(states.size());
  if (config.tail_growth) {
    if (config.time_puzzles) result.tail_latency_ns = tail_latency.points();
    result.tail_nodes = tail_nodes.points();
  }
  return result;
}

}  // namespace sudoku_bench
