#include "report/history_html.h"

#include <cstdio>

#include "report/html_page.h"
#include "report/units.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

std::string series_name(const PassKey& k) {
  return k.dataset + " / " + k.solver + (k.ranks > 1 ? " / ranks " + std::to_string(k.ranks) : "") + " / threads " +
         std::to_string(k.threads);
}

// Throughput against the report's place in the history; each segment's level dashed beside it.
Json series_chart(const HistorySeries& s, std::size_t number, const HistoryOptions& options) {
  const Metric& followed = followed_metric(s, options);
  // Times as people read them (us), throughput as it is.
  const double scale = followed.unit == Unit::ns ? 1e-3 : 1;
  Json points = Json::array(), levels = Json::array();
  for (std::size_t i = 0; i < s.points.size(); ++i) points.push_back({i + 1, s.points[i].value * scale});
  // Each series its own group, so its own colour: the levels stand apart from the reports' line and
  // from one another.
  const std::string reports = "median " + std::string(followed.label) + " of each report";
  Json series = Json::array({{{"label", reports}, {"group", reports}, {"points", points}, {"dashed", false}}});
  std::size_t from = 0;
  const auto segment = [&](std::size_t to) {  // the segment's median, drawn across it
    std::vector<double> v;
    for (std::size_t i = from; i < to; ++i) v.push_back(s.points[i].value * scale);
    const double level = median(v);
    const std::string label = "level " + std::to_string(from + 1) + "-" + std::to_string(to);
    series.push_back({{"label", label},
                      {"group", label},
                      {"points", Json::array({{from + 1, level}, {to, level}})},
                      {"dashed", true}});
    from = to;
  };
  for (const HistoryChange& c : s.changes)
    for (std::size_t i = 0; i < s.points.size(); ++i)
      if (s.points[i].report == c.report) segment(i);
  segment(s.points.size());
  return {{"id", "series" + std::to_string(number)},
          {"title", series_name(s.key)},
          {"x",
           {{"label", options.by.empty() ? "report, in date order" : "report, in order of " + options.by},
            {"log", false},
            {"ticks", nullptr},
            {"from_zero", false}}},
          {"y",
           {{"label", scale == 1 ? std::string(followed.label) : std::string(followed.label) + " (us)"},
            {"log", false},
            {"ticks", nullptr},
            {"from_zero", false}}},
          {"series", series}};
}

}  // namespace

std::string history_html(const std::vector<Report>& reports, const std::vector<std::string>& names,
                         const std::vector<HistorySeries>& series, const HistoryOptions& options) {
  Json rows = Json::array(), charts = Json::array(), warnings = Json::array();
  for (std::size_t n = 0; n < series.size(); ++n) {
    const HistorySeries& s = series[n];
    charts.push_back(series_chart(s, n, options));
    for (const HistoryChange& c : s.changes) {
      const Context& ctx = reports[c.report].context;
      const std::string label = options.by.empty() ? "" : label_of(reports[c.report], options.by);
      rows.push_back(Json::array({series_name(s.key),
                                  c.verdict == Verdict::slower        ? "SLOWER"
                                  : c.verdict == Verdict::cannot_tell ? "cannot tell"
                                                                      : "faster",
                                  label.empty() ? ctx.git_commit.substr(0, 12) : options.by + " " + label, ctx.date,
                                  names[c.report], format_change(c.ratio),
                                  s.counted ? "- (counts: no interval)"
                                  : c.low   ? format_change(*c.low) + " to " + format_change(*c.high)
                                            : "too few reports",
                                  s.counted ? "-" : format_fixed("%.3g", c.p_value)}));
    }
    if (s.slower_now()) warnings.push_back(series_name(s.key) + ": slower now, since the last change");
  }
  char rule[256];
  if (!series.empty() && series.front().counted)
    std::snprintf(rule, sizeof rule,
                  "Instruction counts, deterministic: a change is named at every report whose count differs from the "
                  "one before by more than %g%%; no test. Each report counts at its median.",
                  100 * options.threshold(true));
  else
    std::snprintf(rule, sizeof rule,
                  "A change is named where the reports before and after differ by %.1f%% or more with p < %g (a "
                  "permutation test of the largest separation); each report counts at its median.",
                  100 * options.max_slowdown, options.alpha);
  const Json data = {
      {"title", "sudoku-bench history: " + std::to_string(reports.size()) + " reports"},
      {"warnings", warnings},
      {"sections", Json::array({{{"heading", "Changes"},
                                 {"table",
                                  {{"header",
                                    {"series", "", options.by.empty() ? "commit" : options.by, "date", "report",
                                     series.empty() ? std::string(gate_metric(options.gate).label)
                                                    : std::string(followed_metric(series.front(), options).label),
                                     "95% interval", "p"}},
                                   {"left", {true, true, true, true, true, false, false, false}},
                                   {"rows", rows}}},
                                 {"note", rule}}})},
      {"charts", charts}};
  return html_page(data);
}

}  // namespace sudoku_bench
