#include "report/report_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

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

// The passes of a group that the machine disturbed, and those whose throughput stands apart.
void print_noise_warnings(std::FILE* out, const std::vector<const MeasuredPass*>& runs) {
  std::size_t disturbed = 0, outliers = 0;
  const MeasuredPass* worst = nullptr;  // the most disturbed: its reason is quoted
  std::string outlier_reason;
  const auto badness = [](const MeasuredPass& p) { return p.noise.steal.value_or(0) + p.noise.waiting.value_or(0); };
  for (const MeasuredPass* r : runs) {
    const std::string why = r->disturbed();
    if (!why.empty()) {
      ++disturbed;
      if (!worst || badness(*r) > badness(*worst)) worst = r;
    }
    if (r->outlier) {
      ++outliers;
      if (outlier_reason.empty()) outlier_reason = why;
    }
  }
  if (outliers)
    std::fprintf(out, "  warning: %zu of %zu passes were outliers (%s)\n", outliers, runs.size(),
                 outlier_reason.empty() ? "no noise measured explains them" : outlier_reason.c_str());
  if (disturbed)
    std::fprintf(out, "  warning: %zu of %zu passes were disturbed (%s); compare --drop-disturbed leaves them out\n",
                 disturbed, runs.size(), worst->disturbed().c_str());
}

}  // namespace

Table table_of(const Report& report) {
  const std::vector<PassGroup<const MeasuredPass>> groups = complete_groups(report.runs);
  bool in_parts = false;  // MPI ranks or merged shards: the threads column reads ranks x threads
  for (const MeasuredPass& r : report.runs) in_parts |= r.ranks > 1;
  Table table;
  table.header = {"dataset", "solver",  "threads",   "puzzles/s", "spread",    "speedup",  "eff",
                  "lat p50", "lat p99", "lat p99.9", "lat max",   "nodes avg", "guess avg"};
  if (in_parts) table.header[2] = "ranksxt";
  for (const ScalingRow& row : scaling_of(report.runs)) {
    auto runs = find_group(groups, {row.dataset, row.solver, row.ranks, row.threads})->passes;
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
    const auto latency = [&](double ns) { return mid.latency_measured ? format_duration_ns(ns) : std::string("-"); };
    const auto pct = [&](std::size_t i) { return latency(static_cast<double>(mid.latency_ns.percentiles[i])); };
    char nodes[32] = "-", guesses[32];
    if (mid.tree_size_reported) std::snprintf(nodes, sizeof nodes, "%.1f", mid.tree_size.mean);
    std::snprintf(guesses, sizeof guesses, "%.2f", mid.guesses.mean);
    table.rows.push_back({{row.dataset, row.solver,
                           (in_parts ? std::to_string(row.ranks) + "x" : std::string()) + std::to_string(row.threads),
                           format_count(row.puzzles_per_second), spread, speedup, eff, pct(percentile_index("50")),
                           pct(percentile_index("99")), pct(percentile_index("99.9")),
                           latency(static_cast<double>(mid.latency_ns.max)), nodes, guesses},
                          &mid,
                          runs});
  }
  return table;
}

void print_table(std::FILE* out, const Report& report) {
  const Table table = table_of(report);
  // Names can be long (solver options, plugin paths): size their columns to what they hold.
  int dataset_width = 7, solver_width = 6;
  for (const MeasuredPass& r : report.runs) {
    dataset_width = std::max(dataset_width, static_cast<int>(r.dataset.size()));
    solver_width = std::max(solver_width, static_cast<int>(r.solver.size()));
  }
  const std::array<int, kTableColumns> widths = {-dataset_width, -solver_width, 7, 13, 7, 7, 5, 9, 9, 9, 9, 10, 10};
  const auto print_cells = [&](const std::array<std::string, kTableColumns>& cells) {
    for (std::size_t i = 0; i < kTableColumns; ++i)
      std::fprintf(out, "%s%*s", i ? " " : "", widths[i], cells[i].c_str());
    std::fputc('\n', out);
  };
  print_cells(table.header);
  for (const Table::Row& row : table.rows) {
    print_cells(row.cells);
    const MeasuredPass& mid = *row.median_pass;
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
    print_noise_warnings(out, row.passes);
  }
  // Outcomes per dataset and solver, from the first pass: every record of every reading has one.
  std::map<std::pair<std::string, std::string>, bool> shown;
  for (const MeasuredPass& r : report.runs) {
    if (!shown.emplace(std::pair{r.dataset, r.solver}, true).second) continue;
    const Tally& t = r.status;
    const auto n = [](std::uint64_t v) { return format_count(static_cast<double>(v)); };
    std::string checks;
    if (t.checked) checks = "; " + n(t.checked) + " checked, " + n(t.check_failed) + " failed";
    const std::string wrong = t.wrong ? ", " + n(t.wrong) + " WRONG" : std::string();
    // --min-time: the counts are of every reading; say how many, of how many records each.
    const std::string readings =
        r.loops > 1 ? " (" + n(static_cast<std::uint64_t>(r.loops)) + " readings of " + n(r.records_per_loop()) + ")"
                    : std::string();
    std::fprintf(out, "%s (%s): %s records%s: %s unique, %s multiple, %s none, %s aborted, %s invalid%s%s\n",
                 r.dataset.c_str(), r.solver.c_str(), n(t.records()).c_str(), readings.c_str(), n(t.unique).c_str(),
                 n(t.multiple).c_str(), n(t.none).c_str(), n(t.aborted).c_str(), n(t.invalid).c_str(), wrong.c_str(),
                 checks.c_str());
  }
  print_harness_limits(out, report);
}

}  // namespace sudoku_bench
