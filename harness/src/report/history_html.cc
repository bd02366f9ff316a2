#include "report/history_html.h"

#include <algorithm>
#include <cstdio>

#include "report/history_text.h"
#include "report/html_page.h"
#include "report/solver_identity.h"
#include "report/units.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

std::string series_name(const PassKey& k) {
  return k.dataset + " / " + k.solver + (k.ranks > 1 ? " / ranks " + std::to_string(k.ranks) : "") + " / threads " +
         std::to_string(k.threads);
}

// The reports as the x-axis names them: by their --by label ("1.7"), else by date to the minute
// ("11-27 13:43"), to the second where minutes repeat: the reports' places (1..N) say nothing a
// reader can find again.
std::vector<std::string> tick_texts(const HistorySeries& s, const std::vector<Report>& reports,
                                    const HistoryOptions& o) {
  std::vector<std::string> ticks;
  for (const std::size_t length : {5, 8}) {
    ticks.clear();
    for (const HistoryPoint& p : s.points) {
      const Report& r = reports[p.report];
      const std::string& d = r.context.date;  // 2026-11-27T13:43:43Z
      ticks.push_back(!o.by.empty()    ? label_of(r, o.by)
                      : d.size() >= 19 ? d.substr(5, 5) + " " + d.substr(11, length)
                                       : d);
    }
    std::vector<std::string> sorted = ticks;
    std::sort(sorted.begin(), sorted.end());
    if (!o.by.empty() || std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) break;
  }
  return ticks;
}

Json series_json(std::string label, Json points, bool dashed, bool line = true) {
  return {{"label", label}, {"group", label}, {"points", std::move(points)}, {"dashed", dashed}, {"line", line}};
}

// What a series' chart draws beside its reports, in the chart's unit (`scale`).
struct Drawn {
  Json series = Json::array();
  double low = 0, high = 0;  // every value drawn: the axis holds them
  bool any = false;
  void reach(double v) {
    low = any ? std::min(low, v) : v;
    high = any ? std::max(high, v) : v;
    any = true;
  }
};

// Each segment between changes at its median, dashed across it; each change's interval drawn
// upright where it starts (the level before times the interval of the ratio).
void levels_and_changes(const HistorySeries& s, const std::vector<std::string>& ticks, double scale, Drawn& d) {
  std::size_t from = 0;
  double level = 0;
  const auto segment = [&](std::size_t to) {
    std::vector<double> v;
    for (std::size_t i = from; i < to; ++i) v.push_back(s.points[i].value * scale);
    level = median(v);
    const std::string label = "level " + ticks[from] + (to - from > 1 ? " to " + ticks[to - 1] : "");
    d.series.push_back(series_json(label, Json::array({{from + 1, level}, {to, level}}), true));
    from = to;
  };
  for (const HistoryChange& c : s.changes) {
    std::size_t at = 0;
    while (at < s.points.size() && s.points[at].report != c.report) ++at;
    if (at == s.points.size()) continue;
    segment(at);
    const double low = level * c.low.value_or(c.ratio), high = level * c.high.value_or(c.ratio);
    d.reach(low);
    d.reach(high);
    const std::string interval = c.low ? " [" + format_change(*c.low) + ", " + format_change(*c.high) + "]" : "";
    d.series.push_back(series_json("change at " + ticks[at] + ": " + format_change(c.ratio) + interval,
                                   Json::array({{at + 1, low}, {at + 1, high}}), false));
  }
  segment(s.points.size());
}

// The reports where the solver's files changed (their SHA-256), as points apart.
Json code_changes(const HistorySeries& s, const std::vector<Report>& reports, double scale) {
  Json points = Json::array();
  for (std::size_t i = 1; i < s.points.size(); ++i)
    if (!identity_changes(reports[s.points[i - 1].report].settings.identities,
                          reports[s.points[i].report].settings.identities, s.key.solver)
             .empty())
      points.push_back({i + 1, s.points[i].value * scale});
  return points;
}

Json axis_json(std::string label, Json ticks, Json suggested = nullptr) {
  return {{"label", std::move(label)},
          {"log", false},
          {"ticks", std::move(ticks)},
          {"from_zero", false},
          {"suggested", std::move(suggested)}};
}

// The followed figure against the reports, named on the x-axis by label or date, with its levels,
// its changes' intervals and where its code changed.
Json series_chart(const HistorySeries& s, std::size_t number, const std::vector<Report>& reports,
                  const HistoryOptions& options) {
  const Metric& followed = followed_metric(s, options);
  // Times as people read them (us), throughput as it is.
  const double scale = followed.unit == Unit::ns ? 1e-3 : 1;
  const std::vector<std::string> ticks = tick_texts(s, reports, options);
  Json points = Json::array(), tick_json = Json::array();
  Drawn d;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    tick_json.push_back({i + 1, ticks[i]});
    points.push_back({i + 1, s.points[i].value * scale});
    d.reach(s.points[i].value * scale);
  }
  d.series.push_back(series_json("median " + std::string(followed.label) + " of each report", points, false));
  levels_and_changes(s, ticks, scale, d);
  if (Json code = code_changes(s, reports, scale); !code.empty())
    d.series.push_back(series_json("the solver's code changed", std::move(code), false, false));
  // At least +-5% around the values: one report, or a flat series, is not drawn as a cliff.
  const double mid = (d.low + d.high) / 2, half = std::max((d.high - d.low) / 2, 0.05 * mid);
  return {{"id", "series" + std::to_string(number)},
          {"title", series_name(s.key)},
          {"x", axis_json(options.by.empty() ? "report, by date (month-day time, UTC)" : options.by, tick_json)},
          {"y", axis_json(scale == 1 ? std::string(followed.label) : std::string(followed.label) + " (us)", nullptr,
                          Json::array({mid - 1.1 * half, mid + 1.1 * half}))},
          {"series", d.series}};
}

Json change_row(const HistorySeries& s, const HistoryChange& c, const std::vector<Report>& reports,
                const std::vector<std::string>& names, const HistoryOptions& options) {
  const Context& ctx = reports[c.report].context;
  const std::string label = options.by.empty() ? "" : label_of(reports[c.report], options.by);
  return Json::array({series_name(s.key),
                      c.verdict == Verdict::slower        ? "SLOWER"
                      : c.verdict == Verdict::cannot_tell ? "cannot tell"
                                                          : "faster",
                      label.empty() ? ctx.git_commit.substr(0, 12) : options.by + " " + label, ctx.date,
                      names[c.report], format_change(c.ratio),
                      s.counted ? "- (counts: no interval)"
                      : c.low   ? format_change(*c.low) + " to " + format_change(*c.high)
                                : "too few reports",
                      s.counted ? "-" : format_fixed("%.3g", c.p_value)});
}

std::string rule_text(const std::vector<HistorySeries>& series, const HistoryOptions& options) {
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
  return rule;
}

// The text's lines, as a reader finds them on the page: one item each, indented as the text is.
Json findings_json(const std::vector<HistorySeries>& series, const std::vector<Report>& reports,
                   const std::vector<std::string>& names, const HistoryOptions& options) {
  Json findings = Json::array();
  for (const HistorySeries& s : series)
    for (std::string line : series_findings(s, reports, names, options)) {
      while (!line.empty() && line.back() == '\n') line.pop_back();
      findings.push_back(line);
    }
  return findings;
}

}  // namespace

std::string history_html(const std::vector<Report>& reports, const std::vector<std::string>& names,
                         const std::vector<HistorySeries>& series, const HistoryOptions& options) {
  Json rows = Json::array(), charts = Json::array(), warnings = Json::array();
  for (std::size_t n = 0; n < series.size(); ++n) {
    const HistorySeries& s = series[n];
    charts.push_back(series_chart(s, n, reports, options));
    for (const HistoryChange& c : s.changes) rows.push_back(change_row(s, c, reports, names, options));
    if (s.slower_now()) warnings.push_back(series_name(s.key) + ": slower now, since the last change");
  }
  // No change named: no table of them; the findings say why (what the reports could have shown).
  Json sections = Json::array();
  if (!rows.empty())
    sections.push_back({{"heading", "Changes"},
                        {"table",
                         {{"header",
                           {"series", "", options.by.empty() ? "commit" : options.by, "date", "report",
                            series.empty() ? std::string(gate_metric(options.gate).label)
                                           : std::string(followed_metric(series.front(), options).label),
                            "95% interval", "p"}},
                          {"left", {true, true, true, true, true, false, false, false}},
                          {"rows", rows}}},
                        {"note", rule_text(series, options)}});
  const Json data = {{"title", "sudoku-bench history: " + counted(reports.size(), "report")},
                     {"warnings", warnings},
                     {"findings", findings_json(series, reports, names, options)},
                     {"findings_note", rows.empty() ? rule_text(series, options) : ""},
                     {"sections", sections},
                     {"charts", charts}};
  return html_page(data);
}

}  // namespace sudoku_bench
