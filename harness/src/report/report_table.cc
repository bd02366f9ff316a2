#include "report/report_table.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "report/units.h"

namespace sudoku_bench {

namespace {

// Parts slower than this over their mean say the work or the machines were uneven.
constexpr double kImbalanceWarning = 1.1;

// Per dataset and solver, from its passes at the most threads: how far the harness keeps up
// with this solver (Amdahl, from the measured serial and parallel costs per record).
void print_harness_limits(std::FILE* out, const Report& report) {
  std::map<std::pair<std::string, std::string>, const MeasuredPass*> widest;
  for (const MeasuredPass& r : report.runs) {
    if (!r.complete || !pipeline_figures(r)) continue;
    const MeasuredPass*& w = widest[{r.dataset, r.solver}];
    if (!w || r.threads > w->threads) w = &r;
  }
  for (const auto& [key, r] : widest) {
    const PipelineFigures f = *pipeline_figures(*r);
    const double records = static_cast<double>(std::max<std::uint64_t>(r->status.records(), 1));
    if (!f.keeps_up_to_threads || !f.ceiling_puzzles_per_second) continue;
    // Below 1, the serial stage is slower than one worker: it sets the pace at any thread count.
    const std::string keeps = *f.keeps_up_to_threads >= 1
                                  ? "keeps up to ~" + format_count(std::floor(*f.keeps_up_to_threads)) + " threads"
                                  : "is the limit even at 1 thread";
    std::fprintf(out, "%s (%s): harness %s (serial %s, parallel %s per record; ceiling %s puzzles/s)\n",
                 key.first.c_str(), key.second.c_str(), keeps.c_str(),
                 format_duration_ns(1e9 * std::max(r->pipeline.reader, r->pipeline.sink) / records).c_str(),
                 format_duration_ns(1e9 * r->pipeline.worker / records).c_str(),
                 format_count(*f.ceiling_puzzles_per_second).c_str());
  }
}

}  // namespace

void print_table(std::FILE* out, const Report& report) {
  using Key = std::tuple<std::string, std::string, int, int>;
  std::map<Key, std::vector<const MeasuredPass*>> groups;
  bool in_parts = false;  // MPI ranks or merged shards: the threads column reads ranks x threads
  for (const MeasuredPass& r : report.runs) {
    if (r.complete) groups[Key{r.dataset, r.solver, r.ranks, r.threads}].push_back(&r);
    in_parts |= r.ranks > 1;
  }

  // Names can be long (solver options, plugin paths): size their columns to what they hold.
  int dataset_width = 7, solver_width = 6;
  for (const MeasuredPass& r : report.runs) {
    dataset_width = std::max(dataset_width, static_cast<int>(r.dataset.size()));
    solver_width = std::max(solver_width, static_cast<int>(r.solver.size()));
  }
  std::fprintf(out, "%-*s %-*s %7s %13s %7s %7s %5s %9s %9s %9s %9s %10s %10s\n", dataset_width, "dataset",
               solver_width, "solver", in_parts ? "ranksxt" : "threads", "puzzles/s", "spread", "speedup", "eff",
               "lat p50", "lat p99", "lat p99.9", "lat max", "nodes avg", "guess avg");
  for (const ScalingRow& row : scaling_of(report.runs)) {
    auto runs = groups[Key{row.dataset, row.solver, row.ranks, row.threads}];
    std::sort(runs.begin(), runs.end(), [](const MeasuredPass* a, const MeasuredPass* b) {
      return a->puzzles_per_second() < b->puzzles_per_second();
    });
    const MeasuredPass& mid = *runs[(runs.size() - 1) / 2];
    const double lo = runs.front()->puzzles_per_second(), hi = runs.back()->puzzles_per_second();
    char spread[16], speedup[16] = "-", eff[16] = "-";
    std::snprintf(spread, sizeof spread, "%.1f%%",
                  row.puzzles_per_second > 0 ? 100 * (hi - lo) / row.puzzles_per_second : 0.0);
    if (row.speedup) std::snprintf(speedup, sizeof speedup, "%.2f", *row.speedup);
    if (row.efficiency) std::snprintf(eff, sizeof eff, "%.2f", *row.efficiency);
    const auto pct = [&](std::size_t i) {
      return mid.latency_measured ? format_duration_ns(static_cast<double>(mid.latency_ns.percentiles[i]))
                                  : std::string("-");
    };
    char nodes[32] = "-";
    if (mid.tree_size_reported) std::snprintf(nodes, sizeof nodes, "%.1f", mid.tree_size.mean);
    std::fprintf(
        out, "%-*s %-*s %7s %13s %7s %7s %5s %9s %9s %9s %9s %10s %10.2f\n", dataset_width, row.dataset.c_str(),
        solver_width, row.solver.c_str(),
        ((in_parts ? std::to_string(row.ranks) + "x" : std::string()) + std::to_string(row.threads)).c_str(),
        format_count(row.puzzles_per_second).c_str(), spread, speedup, eff, pct(3).c_str(), pct(6).c_str(),
        pct(7).c_str(),
        (mid.latency_measured ? format_duration_ns(static_cast<double>(mid.latency_ns.max)) : std::string("-")).c_str(),
        nodes, mid.guesses.mean);
    if (const auto f = pipeline_figures(mid); f && f->input_bound)
      std::fprintf(out,
                   "  warning: input-bound: the harness's serial stage was busy %.0f%% of this pass; the figure above "
                   "is the harness's ceiling, not the solver's\n",
                   100 * f->serial_busy);
    if (const auto imbalance = mid.imbalance(); imbalance && *imbalance > kImbalanceWarning)
      std::fprintf(out,
                   "  warning: imbalance: the slowest %s took %.2fx the mean wall time; the throughput above is "
                   "set by it\n",
                   mid.timing == Timing::ranks ? "rank" : "shard", *imbalance);
  }
  // Outcomes per dataset and solver, from the first pass: every record has exactly one.
  std::map<std::pair<std::string, std::string>, bool> shown;
  for (const MeasuredPass& r : report.runs) {
    if (!shown.emplace(std::pair{r.dataset, r.solver}, true).second) continue;
    const Tally& t = r.status;
    const auto n = [](std::uint64_t v) { return format_count(static_cast<double>(v)); };
    std::string checks;
    if (t.checked) checks = "; " + n(t.checked) + " checked, " + n(t.check_failed) + " failed";
    const std::string wrong = t.wrong ? ", " + n(t.wrong) + " WRONG" : std::string();
    std::fprintf(out, "%s (%s): %s records: %s unique, %s multiple, %s none, %s aborted, %s invalid%s%s\n",
                 r.dataset.c_str(), r.solver.c_str(), n(t.records()).c_str(), n(t.unique).c_str(),
                 n(t.multiple).c_str(), n(t.none).c_str(), n(t.aborted).c_str(), n(t.invalid).c_str(), wrong.c_str(),
                 checks.c_str());
  }
  print_harness_limits(out, report);
}

}  // namespace sudoku_bench
