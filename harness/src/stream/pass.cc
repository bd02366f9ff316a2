#include "stream/pass.h"

#include <sys/resource.h>
#include <tbb/enumerable_thread_specific.h>
#include <time.h>

#include <array>
#include <chrono>
#include <type_traits>

#include "plugin/child_groups.h"
#include "plugin/program_cpu.h"
#include "stream/noise_probe.h"
#include "stream/puzzle_clock.h"

namespace sudoku_bench {
namespace {

// A chunk's figures, held until its end and then recorded one histogram at a time: a record's
// three histograms recorded as it went cost noop 13 ns a record (perf, Intel Xeon f6 m207), the
// histograms' running figures reloaded and stored around every record's other work.
struct FigureBuffer {
  static constexpr std::size_t kSize = 256;
  std::array<std::uint64_t, kSize> latency_ns, nodes, guesses;
  std::size_t size = 0;
};

struct ThreadState {
  ThreadState(const sudoku::SolverFactory& factory, const StepOptions& options) : step(factory, options) {}
  RecordStep step;
  Histogram latency_ns, tree_size, guesses;
  FigureBuffer figures;

  template <bool kTimed>
  void add(std::uint64_t latency, std::uint64_t nodes, std::uint64_t guessed) {
    if (figures.size == FigureBuffer::kSize) [[unlikely]]
      record_figures<kTimed>();
    const std::size_t i = figures.size++;
    if constexpr (kTimed) figures.latency_ns[i] = latency;
    figures.nodes[i] = nodes;
    figures.guesses[i] = guessed;
  }
  template <bool kTimed>
  void record_figures() {
    if constexpr (kTimed) latency_ns.record_all(figures.latency_ns.data(), figures.size);
    tree_size.record_all(figures.nodes.data(), figures.size);
    guesses.record_all(figures.guesses.data(), figures.size);
    figures.size = 0;
  }
};

using ThreadStates = tbb::enumerable_thread_specific<ThreadState>;

// The tail-growth curves (PassConfig::tail_growth), fed by the sink; workers read their floors.
struct Tails {
  TailGrowth latency, tree_size;
};

// The parallel stage: solves a chunk's records with this thread's solver, into its histograms.
class SolveChunk {
 public:
  SolveChunk(ThreadStates& states, const PassConfig& config, const PuzzleClock& clock, const Tails& tails)
      : states_(states), config_(config), clock_(clock), tails_(tails) {}

  void operator()(Chunk& chunk) const {
    if (config_.tail_growth && chunk.loop == 0) {
      chunk.tail_latency_ns.start(tails_.latency.floor());
      chunk.tail_tree_size.start(tails_.tree_size.floor());
    }
    if (config_.time_puzzles)
      solve<true>(chunk);
    else
      solve<false>(chunk);
  }

 private:
  // Timing is a template parameter so that an untimed pass has no clock read in its loop at all.
  template <bool kTimed>
  void solve(Chunk& chunk) const {
    ThreadState& state = states_.local();
    // Decided once a chunk: read through config_ in the loop, they were reloaded, a chain of three
    // loads each, after every solver call.
    const bool rows = config_.rows && chunk.loop == 0, tails = config_.tail_growth && chunk.loop == 0;
    step_chunk<kTimed>(
        chunk, state.step, nullptr, config_.problems_per_chunk, clock_,
        [&state, &chunk, rows, tails](const Record& record, const StepResult& r, std::uint64_t elapsed_ns) {
          if (rows) PerPuzzleRows::keep(chunk, record, r, elapsed_ns);
          if (!r.is_puzzle()) return;
          if (tails) {
            if constexpr (kTimed) chunk.tail_latency_ns.add(elapsed_ns);
            chunk.tail_tree_size.add(r.solve.nodes);
          }
          state.add<kTimed>(elapsed_ns, r.solve.nodes, r.solve.guesses);
        });
    state.record_figures<kTimed>();
  }

  ThreadStates& states_;
  const PassConfig& config_;
  const PuzzleClock& clock_;
  const Tails& tails_;
};

// The sink: adds a chunk's outcomes to the pass, in input order, and hands on its rows.
class GatherChunk {
 public:
  GatherChunk(MeasuredPass& result, const PassConfig& config, Tails& tails)
      : result_(result), config_(config), tails_(tails) {}

  void operator()(Chunk& chunk) const {
    result_.status += chunk.tally;
    if (config_.tail_growth && chunk.loop == 0) {
      tails_.latency.add(chunk.tail_latency_ns);
      tails_.tree_size.add(chunk.tail_tree_size);
    }
    if (chunk.loop == 0) result_.file_records += chunk.tally.records();
    if (config_.rows && chunk.loop == 0) config_.rows->write(chunk);
    if (config_.on_chunk) config_.on_chunk(chunk);
  }

 private:
  MeasuredPass& result_;
  const PassConfig& config_;
  Tails& tails_;
};

// The process groups of the programs this pass's solvers talked to (exec:); none for others.
std::vector<pid_t> program_groups(const ThreadStates& states) {
  std::vector<pid_t> groups;
  for (const ThreadState& state : states)
    if (const pid_t group = state.step.program_group(); group > 0) groups.push_back(group);
  return groups;
}

// The threads' histograms and the tail curves, into the pass's figures.
void gather_threads(const ThreadStates& states, const Tails& tails, const PassConfig& config, MeasuredPass& result) {
  Histogram latency_ns, tree_size, guesses;
  for (const ThreadState& state : states) {
    latency_ns.merge(state.latency_ns);
    tree_size.merge(state.tree_size);
    guesses.merge(state.guesses);
  }
  result.distributions.latency_ns = summarize(latency_ns);
  result.distributions.tree_size = summarize(tree_size);
  result.distributions.guesses = summarize(guesses);
  result.threads_observed = static_cast<int>(states.size());
  if (config.tail_growth) {
    if (config.time_puzzles) result.distributions.tail_latency_ns = tails.latency.points();
    if (result.distributions.tree_size_reported) result.distributions.tail_tree_size = tails.tree_size.points();
  }
}

}  // namespace

MeasuredPass measure_pass(InputFile& input, const sudoku::SolverFactory& factory, const PassConfig& config) {
  using Clock = std::chrono::steady_clock;
  ThreadStates states([&] { return ThreadState(factory, config.step); });
  MeasuredPass result;
  result.id.solver = factory.name();
  result.id.implementation = factory.implementation();
  result.threads = config.pipeline.threads.get();
  result.distributions.latency_measured = config.time_puzzles;
  result.distributions.tree_size_reported = factory.reports_tree_size();
  const PuzzleClock clock = config.time_puzzles ? PuzzleClock::for_pass() : PuzzleClock::steady();
  if (config.time_puzzles) result.figures[Fig::clock_read_ns] = clock.read_ns();
  Tails tails;

  // Read outside the timed span: a few small /proc files per thread.
  const NoiseCounters noise_before = read_noise_counters();
  // Every program alive: this solver's are started by its first pass, and kept for the next.
  const plugin::ProgramCpu programs_start = plugin::ProgramCpu::now(plugin::remembered_groups());
  UsageSpan usage{};
  const bool usage_read = getrusage(RUSAGE_SELF, &usage.start) == 0;
  const double cpu_start = cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  const auto start = Clock::now();
  const PipelineResult pipeline = run_pipeline(input, config.pipeline, SolveChunk(states, config, clock, tails),
                                               GatherChunk(result, config, tails));
  // A stop flag that was set (SIGINT, SIGTERM) may have cut searches short, leaving their records,
  // and the rest of their chunks, without an outcome, even when the whole input had been read.
  result.complete =
      pipeline.complete && !(config.step.solve.stop && config.step.solve.stop->load(std::memory_order_acquire));
  result.loops = pipeline.loops;
  result.pipeline = {true, pipeline.times.reader_seconds, pipeline.times.sink_seconds, pipeline.times.worker_seconds};
  result.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  double cpu = cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  if (const plugin::ProgramCpu programs = plugin::ProgramCpu::now(program_groups(states)); programs.any()) {
    const double program_cpu = programs.seconds_since(programs_start);
    result.figures[Fig::program_cpu_seconds] = program_cpu;
    cpu += program_cpu;
  }
  result.figures[Fig::cpu_seconds] = cpu;
  const NoiseCounters noise_after = read_noise_counters();
  const int threads = config.pipeline.threads.get();
  result.noise = noise_between(noise_before, noise_after, result.wall_seconds, threads);
  note_stops(result.noise, noise_before, noise_after, cpu, result.wall_seconds, threads);
  // Every figure getrusage gives, each from its row (stats/pass_figures.h).
  if (usage_read && getrusage(RUSAGE_SELF, &usage.end) == 0)
    for (const FigureRow& row : kFigureRows)
      if (row.from_usage) result.figures[row.fig] = row.from_usage(usage);
  gather_threads(states, tails, config, result);
  return result;
}

}  // namespace sudoku_bench
