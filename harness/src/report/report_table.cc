#include "report/report_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>

#include "report/metrics.h"
#include "report/relative_speed.h"
#include "report/text_table.h"
#include "report/units.h"
#include "sys/terminal.h"

namespace sudoku_bench {

namespace {

// Parts slower than this over their mean say the work or the machines were uneven.
constexpr double kImbalanceWarning = 1.1;
// Timing puzzles costs a clock read each (two in schema /12 and earlier); past this share of a puzzle's mean
// latency, timing costs the throughput more than the 3% issue 29 allowed. The reads' share, from
// back-to-back reads, has come out a little under the loss measured timed against untimed (fast on
// kaggle, two reads: 8.8% of the mean latency against a 10% loss on Zen 4; on an Intel Xeon two
// reads were 7% of the time a puzzle took, the loss 11%; results/README.md).
constexpr double kTimingCostWarning = 0.03;

}  // namespace

std::vector<std::string> harness_limits(const Report& report) {
  std::vector<std::string> lines;
  // Under valgrind the harness's own stages are slowed with the solver: no ceiling to speak of.
  if (report.settings.measure != Measure::time) return lines;
  std::map<std::pair<std::string, std::string>, const MeasuredPass*> widest;
  for (const MeasuredPass& r : report.passes) {
    if (!r.complete || !pipeline_figures(r)) continue;
    const MeasuredPass*& w = widest[{r.id.dataset, r.id.solver}];
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
    lines.push_back(short_name(key.first) + " (" + short_name(key.second) + "): harness " + keeps + " (serial " +
                    format_duration_ns(1e9 * std::max(r->pipeline.reader, r->pipeline.sink) / records) + ", parallel " +
                    format_duration_ns(1e9 * r->pipeline.worker / records) + " per record; ceiling " +
                    format_count(*f.ceiling_puzzles_per_second) + " puzzles/s)");
  }
  return lines;
}

namespace {

// The passes of a group that the machine disturbed, and those whose throughput stands apart.
void add_noise_warnings(const std::vector<const MeasuredPass*>& runs, bool advise, std::vector<std::string>& warnings) {
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
  const auto of = [&](std::size_t n) { return std::to_string(n) + " of " + std::to_string(runs.size()); };
  if (outliers)
    warnings.push_back(of(outliers) + " passes were outliers (" +
                       (outlier_reason.empty() ? "no noise measured explains them" : outlier_reason) + ")");
  // Leaving out every pass leaves nothing to compare: no advice then.
  if (disturbed)
    warnings.push_back(of(disturbed) + " passes were disturbed (" + worst->disturbed() + ")" +
                       (advise && disturbed < runs.size() ? "; compare --drop-disturbed leaves them out" : ""));
}

}  // namespace

namespace {

// What a row's cells are made from: its scaling figures, the repetition with the median
// throughput, and the spread of the repetitions' throughputs.
struct RowFigures {
  const ScalingRow& row;
  const MeasuredPass& mid;
  double spread_percent;  // NaN for a single repetition
  bool in_parts;          // MPI ranks or merged shards: threads read ranks x threads
};

// A column of the row's group (names, scaling); the pass's figures follow, from the metric table.
struct GroupColumn {
  const char* header;
  const char* header_in_parts;  // when passes ran in parts (ranks, shards)
  // Left-aligned columns are as wide as their header and the names of every pass (`name`); the
  // others are right-aligned in `width`.
  std::string_view (*name)(const MeasuredPass&);
  int width;
  std::string (*cell)(const RowFigures&);
  bool timed = false;    // of throughput: left out of an instruction report's table
  bool scaling = false;  // against 1 thread: left out where every row ran on one, as ab's rounds do
};

constexpr GroupColumn kGroupColumns[] = {
    {"dataset", "dataset", [](const MeasuredPass& r) { return std::string_view(r.id.dataset); }, 0,
     [](const RowFigures& f) { return f.row.dataset; }},
    {"solver", "solver", [](const MeasuredPass& r) { return std::string_view(r.id.solver); }, 0,
     [](const RowFigures& f) { return f.row.solver; }},
    {"threads", "ranksxt", nullptr, 7,
     [](const RowFigures& f) {
       return (f.in_parts ? std::to_string(f.row.ranks) + "x" : std::string()) + std::to_string(f.row.threads);
     }},
    {"puzzles/s", "puzzles/s", nullptr, 13, [](const RowFigures& f) { return format_count(f.row.puzzles_per_second); },
     true},
    {"spread", "spread", nullptr, 7,
     [](const RowFigures& f) {
       return std::isnan(f.spread_percent) ? std::string("-") : format_fixed("%.1f%%", f.spread_percent);
     },
     true},
    {"speedup", "speedup", nullptr, 7,
     [](const RowFigures& f) { return f.row.speedup ? format_fixed("%.2f", *f.row.speedup) : std::string("-"); }, true,
     true},
    {"eff", "eff", nullptr, 5,
     [](const RowFigures& f) { return f.row.efficiency ? format_fixed("%.2f", *f.row.efficiency) : std::string("-"); },
     true, true},
};

// The group's columns for a report of `measure`: a counting run's throughput is valgrind's; scaling
// only where a row ran on more than one worker, since at one it can only read 1.00.
std::vector<const GroupColumn*> group_columns(Measure measure, bool scaled) {
  std::vector<const GroupColumn*> shown;
  for (const GroupColumn& c : kGroupColumns)
    if ((measure == Measure::time || !c.timed) && (scaled || !c.scaling)) shown.push_back(&c);
  return shown;
}

// The measure's own figures first, where throughput stood: instr/puzzle leads a table of counts as
// CPU/puzzle and the latencies lead one of times (whose order this leaves as it was).
std::vector<const Metric*> table_metrics(Measure measure) {
  std::vector<const Metric*> shown;
  for (const Metric& m : metrics())
    if (m.in(kInTable, measure)) shown.push_back(&m);
  std::stable_partition(shown.begin(), shown.end(), [](const Metric* m) { return m->only.has_value(); });
  return shown;
}

}  // namespace

Table table_of(const Report& report) {
  const std::vector<PassGroup<const MeasuredPass>> groups = complete_groups(report.passes);
  const std::vector<const Metric*> figures = table_metrics(report.settings.measure);
  bool in_parts = false, scaled = false;
  for (const MeasuredPass& r : report.passes) {
    in_parts |= r.split.ranks > 1;
    scaled |= r.complete && r.split.ranks * r.threads > 1;
  }
  const std::vector<const GroupColumn*> columns = group_columns(report.settings.measure, scaled);
  Table table;
  table.group_columns = columns.size();
  for (const GroupColumn* c : columns) {
    table.header.push_back(in_parts ? c->header_in_parts : c->header);
    table.left.push_back(c->name != nullptr);
  }
  for (const Metric* m : figures) {
    table.header.emplace_back(m->column);
    table.left.push_back(false);
  }
  for (const ScalingRow& row : scaling_of(report.passes)) {
    auto runs = find_group(groups, {row.dataset, row.solver, row.ranks, row.threads})->passes;
    std::sort(runs.begin(), runs.end(), [](const MeasuredPass* a, const MeasuredPass* b) {
      return a->puzzles_per_second() < b->puzzles_per_second();
    });
    const double lo = runs.front()->puzzles_per_second(), hi = runs.back()->puzzles_per_second();
    // One repetition has no spread: "-", not a reassuring 0.0%.
    const RowFigures group{
        row, *runs[(runs.size() - 1) / 2],
        runs.size() > 1 && row.puzzles_per_second > 0 ? 100 * (hi - lo) / row.puzzles_per_second : std::nan(""),
        in_parts};
    Table::Row& out = table.rows.emplace_back();
    for (const GroupColumn* c : columns) out.cells.push_back(c->cell(group));
    for (const Metric* m : figures) out.cells.push_back(metric_text(*m, m->of(group.mid)));
    out.median_pass = &group.mid;
    out.passes = runs;
  }
  return table;
}

std::vector<ShortenedName> shorten_names(Table& table, const Report& report) {
  for (Table::Row& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size() && i < table.left.size(); ++i)
      if (table.left[i]) row.cells[i] = short_name(row.cells[i]);
  std::vector<ShortenedName> legend;
  for (const MeasuredPass& r : report.passes) {
    note_if_shortened(legend, "dataset", r.id.dataset);
    note_if_shortened(legend, "solver", r.id.solver);
  }
  return legend;
}

std::vector<std::string> row_warnings(const Table::Row& row, bool advise_dropping) {
  std::vector<std::string> warnings;
  const MeasuredPass& mid = *row.median_pass;
  if (const auto f = pipeline_figures(mid); f && f->input_bound)
    warnings.push_back("input-bound: the harness's serial stage was busy " +
                       format_fixed("%.0f", 100 * f->serial_busy) +
                       "% of this pass; the figure above is the harness's ceiling, not the solver's");
  if (const auto imbalance = mid.imbalance(); imbalance && *imbalance > kImbalanceWarning)
    warnings.push_back("imbalance: the slowest " + std::string(mid.split.timing == Timing::ranks ? "rank" : "shard") +
                       " took " + format_fixed("%.2f", *imbalance) +
                       "x the mean wall time; the throughput above is set by it");
  const std::optional<double> clock_read_ns = mid.figures[Fig::clock_read_ns];
  if (mid.distributions.latency_measured && clock_read_ns && mid.distributions.latency_ns.mean > 0) {
    if (const double share = *clock_read_ns / mid.distributions.latency_ns.mean; share > kTimingCostWarning)
      warnings.push_back(
          "timing: a clock read a puzzle (" + format_fixed("%.1f ns", *clock_read_ns) + ") is " +
          format_fixed("%.1f", 100 * share) + "% of its mean latency (" +
          format_duration_ns(mid.distributions.latency_ns.mean) +
          "): timing costs this solver about that much throughput, or more; --no-latency measures it untimed");
  }
  // The same records are recounted in every repetition (picked by a hash of the puzzle): their
  // largest count, not a sum over repetitions.
  std::uint64_t unwritten = 0;
  for (const MeasuredPass* p : row.passes) unwritten = std::max(unwritten, p->status.unwritten);
  if (unwritten > 0)
    warnings.push_back("solutions not checked: " + mid.id.solver + " writes none (" +
                       format_count(static_cast<double>(unwritten)) + " records); counts judged by the recount");
  // Counted passes (run --measure instructions) are the same however disturbed the machine was.
  if (!mid.figures[Fig::instructions_per_puzzle]) add_noise_warnings(row.passes, advise_dropping, warnings);
  return warnings;
}

namespace {

// The table's rows as text_table takes them, each row's warnings under it.
std::string table_text(const Table& table, std::optional<std::size_t> width) {
  // A figure no row measured (a plugin's tree sizes: all "-") is left out, so that a table fits
  // 120 columns even with a long spec shortened; where it still does not fit the terminal,
  // text_table splits it into blocks that repeat dataset, solver and threads.
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    bool measured = i < table.group_columns || table.rows.empty();
    for (const Table::Row& row : table.rows) measured |= row.cells[i] != "-";
    if (measured) shown.push_back(i);
  }
  const auto pick = [&](const std::vector<std::string>& cells) {
    std::vector<std::string> picked;
    for (const std::size_t i : shown) picked.push_back(cells[i]);
    return picked;
  };
  std::vector<std::vector<std::string>> rows{pick(table.header)};
  std::vector<bool> left;
  for (const std::size_t i : shown) left.push_back(table.left[i]);
  TableFit fit{width, std::min<std::size_t>(3, table.group_columns), {{}}};
  for (const Table::Row& row : table.rows) {
    rows.push_back(pick(row.cells));
    std::vector<std::string>& notes = fit.notes.emplace_back();
    for (const std::string& warning : row_warnings(row)) notes.push_back("  warning: " + warning);
  }
  return text_table(rows, left, fit);
}

// Outcomes per dataset and solver, from the first pass: every record of every reading has one.
std::string tally_lines(const Report& report) {
  std::string lines;
  std::map<std::pair<std::string, std::string>, bool> shown;
  for (const MeasuredPass& r : report.passes) {
    if (!shown.emplace(std::pair{r.id.dataset, r.id.solver}, true).second) continue;
    const Tally& t = r.status;
    const auto n = [](std::uint64_t v) { return format_count(static_cast<double>(v)); };
    std::string checks;
    if (t.checked) checks = "; " + n(t.checked) + " checked, " + n(t.check_failed) + " failed";
    const std::string wrong = t.wrong ? ", " + n(t.wrong) + " WRONG" : std::string();
    // --min-time: the counts are of every reading; say how many, of how many records each.
    const std::string readings =
        r.loops > 1 ? " (" + n(static_cast<std::uint64_t>(r.loops)) + " readings of " + n(r.records_per_loop()) + ")"
                    : std::string();
    // At --limit 1 the solutions found are counted as solved, uniqueness not asked.
    const std::string found = report.settings.limits.solutions == 1
                                  ? n(t.solved) + " solved (--limit 1: uniqueness not asked)"
                                  : n(t.unique) + " unique, " + n(t.multiple) + " multiple";
    lines += short_name(r.id.dataset) + " (" + short_name(r.id.solver) + "): " + n(t.records()) + " records" +
             readings + ": " + found + ", " + n(t.none) + " none, " + n(t.aborted) + " aborted, " + n(t.invalid) +
             " invalid" + wrong + checks + "\n";
  }
  return lines;
}

}  // namespace

void print_table(std::FILE* out, const Report& report) {
  Table table = table_of(report);
  const std::vector<ShortenedName> legend = shorten_names(table, report);
  std::fputs(table_text(table, output_width(out)).c_str(), out);
  // The lines under the table are prose: fitted to the terminal, a line each through a pipe.
  std::string prose = legend_lines(legend) + tally_lines(report);
  for (const std::string& line : harness_limits(report)) prose += line + "\n";
  // The answer to "which is faster, by how much" last, where the eye lands.
  for (const std::string& line : relative_speed_lines(report)) prose += line + "\n";
  print_fitted(out, prose);
}

}  // namespace sudoku_bench
