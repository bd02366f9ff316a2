#include "report/html_format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "report/comparison.h"
#include "report/comparison_formats.h"
#include "report/context_fields.h"
#include "report/html_page.h"
#include "report/metrics.h"
#include "report/relative_speed.h"
#include "report/report_table.h"
#include "report/settings_fields.h"
#include "report/units.h"

namespace sudoku_bench {

#if SUDOKU_BENCH_HAVE_CHART_JS
// Embedded at build time (harness/CMakeLists.txt): Chart.js, and the page's own script and style
// (page.js, page.css), kept as files so that they are read and edited as JavaScript and CSS.
extern const char kChartJs[];
extern const char kPageScript[];
extern const char kPageStyle[];
#endif

namespace {

using Json = nlohmann::ordered_json;

// A line chart: series of [x, y] points; the page draws it as it is.
Json chart(std::string id, std::string title, Json x, Json y, Json series) {
  return {{"id", std::move(id)},
          {"title", std::move(title)},
          {"x", std::move(x)},
          {"y", std::move(y)},
          {"series", std::move(series)}};
}
Json axis(std::string label, bool log, Json ticks = nullptr, bool from_zero = false) {
  return {{"label", std::move(label)}, {"log", log}, {"ticks", std::move(ticks)}, {"from_zero", from_zero}};
}
// The page gives each group its own colour, so that series of one thing (a curve and its ideal, a
// file's latency and tree size) read as one; it is named here, where that is known.
Json series(std::string label, std::string group, Json points, bool dashed = false) {
  return {{"label", std::move(label)}, {"group", std::move(group)}, {"points", std::move(points)}, {"dashed", dashed}};
}

std::string group_name(const std::string& dataset, const std::string& solver) { return dataset + " / " + solver; }

// Puzzles/s against workers (threads, or ranks x threads), with linear scaling from 1 worker dashed;
// and the parallel efficiency.
Json scaling_charts(const Report& report) {
  std::map<std::string, std::pair<Json, Json>> by_group;  // name -> (throughput, efficiency) points
  std::vector<std::string> order;
  std::map<std::string, double> one;
  double low = 0, high = 0;
  const std::vector<ScalingRow> scaling = scaling_of(report.passes);
  for (const ScalingRow& row : scaling) {
    const std::string name = group_name(row.dataset, row.solver);
    if (!by_group.count(name)) order.push_back(name);
    auto& [rate, eff] = by_group[name];
    const int workers = row.ranks * row.threads;
    rate.push_back({workers, row.puzzles_per_second});
    if (row.efficiency) eff.push_back({workers, *row.efficiency});
    if (workers == 1) one[name] = row.puzzles_per_second;
    if (row.puzzles_per_second > 0) {
      low = low == 0 ? row.puzzles_per_second : std::min(low, row.puzzles_per_second);
      high = std::max(high, row.puzzles_per_second);
    }
  }
  Json rates = Json::array(), effs = Json::array();
  for (const std::string& name : order) {
    const auto& [rate, eff] = by_group[name];
    rates.push_back(series(name, name, rate));
    if (one.count(name) && rate.size() > 1) {
      Json ideal = Json::array();
      for (const Json& p : rate) ideal.push_back({p[0], one[name] * p[0].get<double>()});
      rates.push_back(series(name + " ideal", name, ideal, true));
    }
    if (!eff.empty()) effs.push_back(series(name, name, eff));
  }
  const bool ranks =
      std::any_of(report.passes.begin(), report.passes.end(), [](const auto& r) { return r.split.ranks > 1; });
  const std::string workers = ranks ? "threads x MPI ranks" : "threads";
  Json ticks = Json::array();  // the worker counts measured, not fractions between them
  std::vector<int> counts;
  for (const ScalingRow& row : scaling) counts.push_back(row.ranks * row.threads);
  std::sort(counts.begin(), counts.end());
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  for (const int n : counts) ticks.push_back({n, std::to_string(n)});
  return Json::array({chart("throughput", "Throughput (median of the repetitions; dashed: ideal)",
                            axis(workers, false, ticks), axis("puzzles per second", low > 0 && high / low > 8), rates),
                      chart("efficiency", "Parallel efficiency (speedup / threads, against 1 thread)",
                            axis(workers, false, ticks), axis("efficiency", false, nullptr, true), effs)});
}

// Percentile p on an axis that stretches the tail: 90 -> 1, 99 -> 2, 99.9 -> 3.
double nines(double p) { return -std::log10(1 - p / 100); }

Json latency_chart(const Table& table) {
  Json lines = Json::array();
  for (const Table::Row& row : table.rows) {
    const MeasuredPass& mid = *row.median_pass;
    if (!mid.distributions.latency_measured) continue;
    Json points = Json::array();
    for (std::size_t i = 0; i + 1 < kPercentileNames.size(); ++i)
      points.push_back({nines(std::stod(std::string(kPercentileNames[i]))),
                        static_cast<double>(mid.distributions.latency_ns.percentiles[i]) / 1000});
    // A group per thread count: the lines of one dataset and solver differ by threads.
    const std::string name = group_name(mid.id.dataset, mid.id.solver) + " / threads " + row.cells[2];
    lines.push_back(series(name, name, points));
  }
  Json ticks = Json::array();
  for (const char* p : {"0", "50", "90", "99", "99.9", "99.99"})
    ticks.push_back({nines(std::stod(p)), std::string(p) + "%"});
  return chart("latency", "Latency percentiles (the median repetition)", axis("percentile of puzzles", false, ticks),
               axis("latency per puzzle (µs)", true), lines);
}

// The share of puzzles per power-of-two range of a distribution (Summary::log2_counts), of each
// dataset and solver at its fewest threads: tree sizes and guesses do not depend on threads, and
// lines drawn for each thread count would hide one another.
Json distribution_chart(const Table& table, std::string id, std::string title, std::string unit,
                        const Summary PassDistributions::*figure, bool tree) {
  Json lines = Json::array(), ticks = Json::array();
  std::size_t widest = 0;
  std::map<std::pair<std::string, std::string>, const MeasuredPass*> fewest;
  std::vector<const MeasuredPass*> shown;
  for (const Table::Row& row : table.rows) {
    const MeasuredPass*& f = fewest[{row.median_pass->id.dataset, row.median_pass->id.solver}];
    if (!f) shown.push_back(row.median_pass);
    if (!f || row.median_pass->split.ranks * row.median_pass->threads < f->split.ranks * f->threads)
      f = row.median_pass;
  }
  for (const MeasuredPass*& s : shown) s = fewest[{s->id.dataset, s->id.solver}];
  for (const MeasuredPass* pass : shown) {
    const MeasuredPass& mid = *pass;
    if (tree && !mid.distributions.tree_size_reported) continue;
    const Summary& s = mid.distributions.*figure;
    std::uint64_t total = 0;
    for (const std::uint64_t n : s.log2_counts) total += n;
    if (total == 0) continue;
    Json points = Json::array();
    for (std::size_t k = 0; k < s.log2_counts.size(); ++k)
      points.push_back({k, 100.0 * static_cast<double>(s.log2_counts[k]) / static_cast<double>(total)});
    widest = std::max(widest, s.log2_counts.size());
    const std::string name = group_name(mid.id.dataset, mid.id.solver);
    lines.push_back(series(name, name, points));
  }
  for (std::size_t k = 0; k < widest; ++k)
    ticks.push_back({k, k == 0 ? std::string("0") : format_count(std::ldexp(1.0, static_cast<int>(k) - 1)) + "+"});
  return chart(std::move(id), std::move(title), axis(unit + " (powers-of-two ranges)", false, ticks),
               axis("% of puzzles", false, nullptr, true), lines);
}

// The running maximum of latency and tree size over the first N puzzles of each file.
Json tail_chart(const Report& report) {
  Json lines = Json::array();
  std::map<std::pair<std::string, std::string>, bool> shown;
  for (const MeasuredPass& r : report.passes) {
    if (r.distributions.tail_latency_ns.empty() && r.distributions.tail_tree_size.empty()) continue;
    if (!shown.emplace(std::pair{r.id.dataset, r.id.solver}, true).second) continue;
    const auto add = [&](const std::vector<TailPoint>& points, const std::string& what, double unit) {
      if (points.empty()) return;
      Json xy = Json::array();
      for (const TailPoint& p : points) xy.push_back({p.records, static_cast<double>(p.max) / unit});
      const std::string name = group_name(r.id.dataset, r.id.solver);
      lines.push_back(series(name + " " + what, name, xy, what != "latency max (µs)"));
    };
    add(r.distributions.tail_latency_ns, "latency max (µs)", 1000);
    if (r.distributions.tree_size_reported) add(r.distributions.tail_tree_size, "tree size max (nodes, dashed)", 1);
  }
  return chart("tail", "Tail growth: the maximum over the first N puzzles", axis("first N puzzles", true),
               axis("µs, or nodes", true), lines);
}

Json table_json(const Table& table, bool advise_dropping) {
  Json rows = Json::array();
  for (const Table::Row& row : table.rows)
    rows.push_back({{"cells", row.cells}, {"warnings", row_warnings(row, advise_dropping)}});
  return {{"header", table.header}, {"left", table.left}, {"rows", rows}};
}

// Every pass: who it was and what became of it, with the metric table's figures for this table.
Json passes_json(const Report& report) {
  Json header = {"dataset", "solver", "threads", "repetition", "complete"}, rows = Json::array();
  const Measure measure = report.settings.measure;
  for (const Metric& m : metrics())
    if (m.in(kInHtmlPasses, measure)) header.push_back(m.label);
  header.push_back("disturbed");
  header.push_back("outlier");
  for (const MeasuredPass& r : report.passes) {
    Json row = {
        r.id.dataset, r.id.solver,
        r.split.ranks > 1 ? std::to_string(r.split.ranks) + "x" + std::to_string(r.threads) : std::to_string(r.threads),
        r.id.repetition, r.complete ? "yes" : "cut short"};
    for (const Metric& m : metrics())
      if (m.in(kInHtmlPasses, measure)) row.push_back(metric_text(m, m.of(r)));
    row.push_back(r.disturbed());
    row.push_back(r.outlier ? "outlier" : "");
    rows.push_back(std::move(row));
  }
  return {{"header", std::move(header)}, {"rows", std::move(rows)}};
}

// `text` ended by one full stop, whatever it ends with.
std::string rule_sentence(std::string text) {
  while (!text.empty() && text.back() == '.') text.pop_back();
  return text + ".";
}

// Each pair against the base as compare's table shows it (comparison_formats.h).
Json comparison_section(const Comparison& c, const CompareOptions& options, const std::string& base,
                        const std::vector<std::string>& mismatches, const std::string& defaults,
                        const std::string& verdict) {
  Json rows = Json::array();
  for (const ComparisonRow& row : comparison_rows(c)) rows.push_back(cells_of(row));
  std::vector<std::string> only;
  for (const std::string& n : c.only_base) only.push_back("only in the base: " + n);
  for (const std::string& n : c.only_current) only.push_back("only in this report: " + n);
  return {{"base", base},
          {"verdict", verdict},
          {"mismatches", mismatches},
          {"only", only},
          {"rule", rule_sentence(verdict_rule(c, options) + defaults) + " " + std::string(kReadingOnly)},
          {"table",
           {{"header", comparison_header(c, options)},
            {"left", c.counted
                         ? std::vector<bool>{true, true, false, true, false, false, false, false, false, true}
                         : std::vector<bool>{true, true, false, true, false, false, false, false, false, false, true}},
            {"rows", rows}}}};
}

// ab's rounds, a line per pair: each round's ratio of NEW's time per puzzle to BASE's, on the
// figure the verdict is of, with the change's estimate and interval and the threshold dashed.
Json rounds_chart(const Comparison& c, const CompareOptions& o) {
  Json lines = Json::array(), ticks = Json::array();
  std::size_t rounds = 0;
  std::string figure = "time per puzzle";
  for (const PairComparison& pair : c.pairs) {
    const MetricComparison& m = pair.gated_metric();
    if (m.counted || m.base.size() != m.current.size() || m.base.size() < 2) continue;
    figure = m.metric;
    const std::string name = c.pairs.size() > 1 ? pair.dataset + " / threads " + pair.workers() + ": " : "";
    Json points = Json::array();
    for (std::size_t i = 0; i < m.base.size(); ++i) {
      const double ratio = m.higher_is_better ? m.base[i] / m.current[i] : m.current[i] / m.base[i];
      if (std::isfinite(ratio) && ratio > 0) points.push_back({i + 1, ratio});
    }
    rounds = std::max(rounds, m.base.size());
    const auto across = [&](double y) { return Json::array({{1, y}, {m.base.size(), y}}); };
    lines.push_back(series(name + "each round", name, points));
    if (m.change)
      lines.push_back(series(name + "the change's estimate", name + "estimate", across(1 + m.change->estimate), true));
    if (m.change && m.change->low && m.change->high) {
      const std::string interval = name + format_fixed("%g", 100 * (1 - o.alpha)) + "% interval";
      lines.push_back(series(interval + ", low", name + "interval", across(1 + *m.change->low), true));
      lines.push_back(series(interval + ", high", name + "interval", across(1 + *m.change->high), true));
    }
  }
  if (rounds)
    lines.push_back(series("SLOWER above " + format_change(1 + o.max_slowdown), "threshold",
                           Json::array({{1, 1 + o.max_slowdown}, {rounds, 1 + o.max_slowdown}}), true));
  for (std::size_t r = 1; r <= rounds; ++r) ticks.push_back({r, std::to_string(r)});
  return chart("rounds", "Each round: new / base, as time per puzzle (" + figure + ", the verdict's figure)",
               axis("round", false, ticks), axis("new / base, time per puzzle", false), lines);
}

// `report` against `base` at compare's defaults.
Json comparison_json(const Report& base, const Report& report) {
  const CompareOptions options;
  const Comparison c = compare_reports(base, report, options);
  return comparison_section(
      c, options, "the base " + base.context.git_commit.substr(0, 12) + " (" + base.context.date + ")",
      context_mismatches(base, report), " (compare's defaults)", verdict_line(c, "the base", "this report"));
}

// What the page shows, made from the report; `rounds`: ab's, paired by number.
Json page_data(const Report& report, const Report* base, bool rounds = false) {
  const Table table = table_of(report);
  Json charts = scaling_charts(report);
  charts.push_back(latency_chart(table));
  charts.push_back(distribution_chart(table, "tree_size", "Search-tree sizes (the median repetition, fewest threads)",
                                      "nodes", &PassDistributions::tree_size, true));
  charts.push_back(distribution_chart(table, "guesses", "Guesses (the median repetition, fewest threads)", "guesses",
                                      &PassDistributions::guesses, false));
  charts.push_back(tail_chart(report));
  return {{"title", "sudoku-bench " + report.context.version + " at " + report.context.git_commit.substr(0, 12)},
          {"context", context_json(report.context)},
          {"settings", settings_json(report.settings)},
          {"interrupted", report.interrupted},
          // page.js lists them first under Warnings, as run printed them.
          {"warnings", report.warnings},
          // Each solver against the first, as run's text ends; not on ab's page, whose verdict is the paired one.
          {"findings", rounds ? Json::array() : Json(relative_speed_lines(report))},
          // A table of counts has no spread column to explain.
          {"spread", report.settings.measure == Measure::time ? Json(kSpreadMeaning) : Json(nullptr)},
          {"table", table_json(table, !rounds)},
          // How far the harness keeps up with each solver: its share, per record (report_table.h).
          {"harness", harness_limits(report)},
          {"passes", passes_json(report)},
          {"charts", charts},
          {"comparison", base ? comparison_json(*base, report) : Json(nullptr)}};
}

// Text inside a <script> or <style> element: "</" would end it early. (Unused, like data_text, in
// a build without Chart.js, which refuses --html: not a warning there.)
[[maybe_unused]] std::string script_safe(std::string text) {
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3) text.replace(at, 2, "<\\/");
  return text;
}

// The page's data as the text of its <script type="application/json">: every '<' (only ever inside
// a JSON string) written as \u003c, so that no text of the report ("</script>", "<!--<script>")
// can end the element or change how the browser reads it; bad UTF-8 replaced.
[[maybe_unused]] std::string data_text(const Json& data) {
  const std::string json = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(json.size());
  for (const char c : json) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

}  // namespace

bool html_report_available() {
#if SUDOKU_BENCH_HAVE_CHART_JS
  return true;
#else
  return false;
#endif
}

std::string html_page(const nlohmann::ordered_json& data) {
#if SUDOKU_BENCH_HAVE_CHART_JS
  // Errors in the page are written on it, for a reader and for the browser test.
  return std::string(
             "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>sudoku-bench</title>\n") +
         "<style>\n" + script_safe(kPageStyle) +
         "</style>\n</head>\n<body data-status=\"loading\">\n<main id=\"main\"></main>\n" +
         "<script>window.onerror = function (m) { document.body.dataset.status = 'error: ' + m; };</script>\n" +
         "<script>" + script_safe(kChartJs) + "</script>\n" + "<script id=\"data\" type=\"application/json\">" +
         data_text(data) + "</script>\n<script>\n" + script_safe(kPageScript) + "</script>\n</body>\n</html>\n";
#else
  (void)data;
  throw std::runtime_error(
      "this sudoku-bench was built without Chart.js: install libjs-chart.js (tools/install-deps) and build again");
#endif
}

std::string to_html(const Report& report, const Report* base) { return html_page(page_data(report, base)); }

std::string to_html(const Report& report, const Comparison& comparison, const CompareOptions& options,
                    const std::string& base, const std::string& verdict) {
  Json data = page_data(report, nullptr, true);
  data["comparison"] = comparison_section(comparison, options, base, {}, "", verdict);
  // What the verdict rests on first among the charts; the table's spread said for what it is here.
  data["charts"].insert(data["charts"].begin(), rounds_chart(comparison, options));
  if (report.settings.measure == Measure::time) data["spread"] = kRoundsSpread;
  return html_page(data);
}

}  // namespace sudoku_bench
