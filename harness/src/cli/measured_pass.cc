#include "cli/measured_pass.h"

#include <sys/resource.h>

namespace sudoku_bench {

MeasuredPass measured_pass_of(const PassOrigin& origin, const PassResult& r) {
  MeasuredPass pass;
  pass.dataset = origin.dataset;
  pass.path = origin.path;
  pass.solver = origin.solver->name();
  pass.implementation = origin.solver->implementation();
  pass.threads = origin.threads;
  pass.threads_observed = r.threads_observed;
  pass.repetition = origin.repetition;
  pass.complete = r.complete;
  pass.status = r.tally;
  pass.wall_seconds = r.wall_seconds;
  pass.cpu_seconds = r.cpu_seconds;
  pass.program_cpu_seconds = r.program_cpu_seconds;
  if (rusage usage{}; getrusage(RUSAGE_SELF, &usage) == 0)
    pass.peak_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux counts KiB
  pass.latency_measured = origin.timed;
  pass.latency_ns = summarize(r.latency_ns);
  pass.clock_read_ns = r.clock_read_ns;
  pass.tree_size_reported = origin.solver->reports_tree_size();
  pass.tree_size = summarize(r.tree_size);
  pass.guesses = summarize(r.guesses);
  pass.pipeline = {true, r.pipeline.reader_seconds, r.pipeline.sink_seconds, r.pipeline.worker_seconds};
  pass.noise = r.noise;
  pass.loops = r.loops;
  pass.file_records = r.first_loop_records;
  pass.tail_latency_ns = r.tail_latency_ns;
  if (pass.tree_size_reported) pass.tail_tree_size = r.tail_tree_size;
  return pass;
}

}  // namespace sudoku_bench
