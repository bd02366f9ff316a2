#include "report/pass_parts.h"

#include <algorithm>
#include <stdexcept>

namespace sudoku_bench {
namespace {

// A measured figure of the whole from its parts' (stats/pass_figures.h: Combine); unmeasured where
// a part did not measure it.
std::optional<double> combined_figure(const std::vector<MeasuredPass>& parts, const FigureRow& row) {
  if (row.combine == Combine::first) return parts.front().figures[row.fig];
  if (row.combine == Combine::unknown) return std::nullopt;
  double combined = 0;
  for (const MeasuredPass& p : parts) {
    const std::optional<double> v = p.figures[row.fig];
    if (!v) return std::nullopt;
    combined = row.combine == Combine::sum ? combined + *v : std::max(combined, *v);
  }
  return combined;
}

// What the parts count, each (threads, records), and the most readings any part made.
void combine_figures(const std::vector<MeasuredPass>& parts, MeasuredPass& out) {
  for (const FigureRow& row : kFigureRows) out.figures[row.fig] = combined_figure(parts, row);
  out.loops = out.threads_observed = 0;
  out.file_records = 0;
  for (const MeasuredPass& p : parts) {
    out.loops = std::max(out.loops, p.loops);
    out.threads_observed += p.threads_observed;
    out.file_records += p.records_per_loop();
  }
}

// The first part's names and settings, with every figure the parts add up emptied.
MeasuredPass combination_of(const std::vector<MeasuredPass>& parts, Timing timing) {
  MeasuredPass out = parts.front();
  out.status = {};
  out.distributions.latency_ns = out.distributions.tree_size = out.distributions.guesses = Summary{};
  out.wall_seconds = 0;
  out.distributions.tail_latency_ns.clear();  // the parts read different records: no one order to follow
  out.distributions.tail_tree_size.clear();
  out.noise = {};
  out.complete = true;
  out.pipeline = {true, 0, 0, 0};
  out.split.timing = timing;
  out.split.ranks = static_cast<int>(parts.size());
  out.split.parts.clear();
  return out;
}

}  // namespace

MeasuredPass combine_parts(const std::vector<MeasuredPass>& parts, const std::vector<std::string>& hosts,
                           const std::vector<int>& numbers, Timing timing) {
  if (parts.empty() || hosts.size() != parts.size() || numbers.size() != parts.size())
    throw std::invalid_argument("combine_parts: parts, hosts and numbers differ in number");
  MeasuredPass out = combination_of(parts, timing);
  const MeasuredPass* slowest = &parts.front();
  double throughput = 0, walls = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const MeasuredPass& p = parts[i];
    if (p.id.dataset != out.id.dataset || p.id.solver != out.id.solver || p.threads != out.threads ||
        p.id.repetition != out.id.repetition ||
        p.distributions.latency_measured != out.distributions.latency_measured ||
        p.distributions.tree_size_reported != out.distributions.tree_size_reported)
      throw std::invalid_argument(
          "part " + std::to_string(numbers[i]) + " measured " + p.id.dataset + " " + p.id.solver +
          " threads=" + std::to_string(p.threads) + " repetition " + std::to_string(p.id.repetition) + " where part " +
          std::to_string(numbers.front()) + " measured " + out.id.dataset + " " + out.id.solver +
          " threads=" + std::to_string(out.threads) + " repetition " + std::to_string(out.id.repetition));
    if (p.split.ranks != 1)
      throw std::invalid_argument("part " + std::to_string(numbers[i]) + " is itself made of parts");
    out.status += p.status;
    // Not measured (--no-latency) or not reported (plugins): nothing to merge.
    if (out.distributions.latency_measured)
      out.distributions.latency_ns = merge_summaries(out.distributions.latency_ns, p.distributions.latency_ns);
    if (out.distributions.tree_size_reported)
      out.distributions.tree_size = merge_summaries(out.distributions.tree_size, p.distributions.tree_size);
    out.distributions.guesses = merge_summaries(out.distributions.guesses, p.distributions.guesses);
    out.noise = i == 0 ? p.noise : merge_noise(out.noise, walls, p.noise, p.wall_seconds);
    walls += p.wall_seconds;
    out.complete = out.complete && p.complete;
    if (p.wall_seconds > slowest->wall_seconds) slowest = &p;
    throughput += p.puzzles_per_second();
    out.split.parts.push_back({numbers[i], hosts[i], p.puzzles(), p.wall_seconds,
                               timing == Timing::ranks ? p.figures[Fig::cpu_seconds] : std::nullopt,
                               p.figures[Fig::dealing_cpu_seconds], p.figures[Fig::waiting_cpu_seconds]});
    out.pipeline.measured = out.pipeline.measured && p.pipeline.measured;
    out.pipeline.reader += p.pipeline.reader;
    out.pipeline.sink += p.pipeline.sink;
    out.pipeline.worker += p.pipeline.worker;
  }
  combine_figures(parts, out);
  out.wall_seconds = slowest->wall_seconds;
  if (timing == Timing::shards && throughput > 0) out.wall_seconds = static_cast<double>(out.puzzles()) / throughput;
  if (timing == Timing::process) {  // one process read the parts one after another: one pass
    out.wall_seconds = walls;
    out.split.ranks = 1;
    out.split.parts.clear();
  }
  return out;
}

}  // namespace sudoku_bench
