#include "report/history_text.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "report/comparison_formats.h"
#include "report/solver_identity.h"
#include "report/units.h"
#include "sys/message.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

// How a report is named: by the --by label, else by its harness commit; then its date and file,
// and its other labels.
std::string report_name(const Report& r, const std::string& file, const HistoryOptions& o) {
  std::string name = o.by.empty() ? r.context.git_commit.substr(0, 12) : o.by + " " + label_of(r, o.by);
  name += " (" + r.context.date + ", " + file;
  for (const auto& [key, value] : r.settings.labels)
    if (key != o.by) name += ", " + key + "=" + value;
  return name + ")";
}

// What changed between the report before a change and the first after it: the solver's files
// (SHA-256), the harness's commit.
std::string what_changed(const Report& before, const Report& after, const std::string& solver) {
  std::vector<std::string> changes = identity_changes(before.settings.identities, after.settings.identities, solver);
  if (before.context.git_commit != after.context.git_commit)
    changes.push_back("harness " + before.context.git_commit.substr(0, 12) + " -> " +
                      after.context.git_commit.substr(0, 12));
  return changes.empty() ? "same solver files and harness" : join(changes, "; ");
}

void series_lines(const HistorySeries& s, const std::vector<Report>& reports, const std::vector<std::string>& names,
                  const HistoryOptions& o, std::vector<std::string>& out) {
  const Metric& followed = followed_metric(s, o);
  out.push_back(printed("%s/%s%s/threads=%d: %s, newest %s %s, %s\n", s.key.dataset.c_str(), s.key.solver.c_str(),
                        s.key.ranks > 1 ? ("/ranks=" + std::to_string(s.key.ranks)).c_str() : "", s.key.threads,
                        counted(s.points.size(), "report").c_str(), std::string(followed.label).c_str(),
                        metric_text(followed, s.points.back().value).c_str(),
                        counted(s.changes.size(), "change").c_str()));
  for (const HistoryChange& c : s.changes) {
    std::size_t at = 0;
    while (s.points[at].report != c.report) ++at;
    const std::string changed = what_changed(reports[s.points[at - 1].report], reports[c.report], s.key.solver);
    const std::string name = report_name(reports[c.report], names[c.report], o);
    if (s.counted) {
      out.push_back(
          printed("  %s at %s: %s %s from the report before (instruction counts, deterministic)\n    changed since "
                  "the report before: %s\n",
                  c.verdict == Verdict::slower ? "SLOWER" : "faster", name.c_str(), std::string(followed.label).c_str(),
                  format_fixed("%+.2f%%", 100 * (c.ratio - 1)).c_str(), changed.c_str()));
      continue;
    }
    const std::string interval = c.low ? " [" + format_change(*c.low) + ", " + format_change(*c.high) + "]"
                                       : std::string(" [too few reports for an interval]");
    const char* verdict = c.verdict == Verdict::slower        ? "SLOWER"
                          : c.verdict == Verdict::cannot_tell ? "CANNOT TELL"
                                                              : "faster";
    out.push_back(printed("  %s at %s: %s %s%s, p = %.3g\n    changed since the report before: %s\n", verdict,
                          name.c_str(), std::string(followed.label).c_str(), format_change(c.ratio).c_str(),
                          interval.c_str(), c.p_value, changed.c_str()));
    if (c.verdict == Verdict::cannot_tell)
      out.push_back(printed("    not a verdict: the reports' own noise could make this step: %s.\n    %s\n",
                            c.doubt.c_str(), std::string(kWayOut).c_str()));
  }
}

// Where the solver's code changed along a series that names no change: one series by name, whatever
// the path (mine=plugin:v1/... then mine=plugin:v2/...), its identity shown rather than hidden.
void code_change_lines(const HistorySeries& s, const std::vector<Report>& reports,
                       const std::vector<std::string>& names, const HistoryOptions& o, std::vector<std::string>& out) {
  for (std::size_t i = 1; i < s.points.size(); ++i) {
    const std::vector<std::string> changes =
        identity_changes(reports[s.points[i - 1].report].settings.identities,
                         reports[s.points[i].report].settings.identities, s.key.solver);
    if (!changes.empty())
      out.push_back(printed("  its code changed at %s: %s\n",
                            report_name(reports[s.points[i].report], names[s.points[i].report], o).c_str(),
                            join(changes, "; ").c_str()));
  }
}

// Under a series with no change: what these reports could have shown, so that "0 changes" is not
// read as "no change".
void power_lines(const HistorySeries& s, const HistoryOptions& o, std::vector<std::string>& out) {
  if (s.counted) {
    double most = 0;  // the largest step between neighbours, below the threshold
    for (std::size_t i = 1; i < s.points.size(); ++i)
      most = std::max(most, std::abs(s.points[i].value / s.points[i - 1].value - 1));
    out.push_back(
        printed("  no step above %g%%: neighbours' counts differ by %s at most (instruction counts, deterministic)\n",
                100 * o.threshold(true), most == 0 ? "nothing" : format_fixed("%.3f%%", 100 * most).c_str()));
    return;
  }
  const HistoryPower p = history_power(s, o);
  const std::size_t n = s.points.size();
  const std::string more = p.more_reports == 1 ? "1 more report"
                           : p.more_reports    ? std::to_string(p.more_reports) + " more reports"
                                               : "many more reports";
  if (n < 6)
    out.push_back(printed("  no change can be named in %s: a change needs 3 on each side (%s)\n",
                          counted(n, "report").c_str(), more.c_str()));
  else if (p.clearest_p >= o.alpha)
    out.push_back(
        printed("  no change can be named in %s at p < %g: the clearest step gives p = %.3g (%s, or a "
                "larger --alpha)\n",
                counted(n, "report").c_str(), o.alpha, p.clearest_p, more.c_str()));
  else if (p.detectable)
    out.push_back(
        printed("  no change found; these %zu reports find a step of %s or more (8 in 10 simulated series with this "
                "one's noise, %.1f%%)\n",
                n, format_fixed("%g%%", 100 * *p.detectable).c_str(), 100 * p.noise));
  else
    out.push_back(printed("  no change found; these %zu reports are too noisy (%.1f%%) to find a step below 100%%\n", n,
                          100 * p.noise));
}

// The findings' lines, each wrapped to the output's width (sys/terminal.h) where longer; to a
// pipe, one finding a line, as the other commands' text.
void print_wrapped(std::FILE* out, const std::string& lines) {
  const std::string text = fit_lines(lines, output_width(out));
  std::fprintf(out, "%s%s", text.c_str(), text.ends_with('\n') ? "" : "\n");
}

// The paragraph under the series, wrapped to the output's width where it has one.
void print_footer(std::FILE* out, const std::string& text) {
  const auto width = output_width(out);
  std::fprintf(out, "\n%s\n", width ? wrap(text, *width, 0, 0).c_str() : text.c_str());
}

}  // namespace

std::vector<std::string> series_findings(const HistorySeries& s, const std::vector<Report>& reports,
                                         const std::vector<std::string>& names, const HistoryOptions& o) {
  std::vector<std::string> lines;
  series_lines(s, reports, names, o, lines);
  if (s.changes.empty()) {
    code_change_lines(s, reports, names, o, lines);
    power_lines(s, o, lines);
  }
  return lines;
}

bool print_history_text(const std::vector<HistorySeries>& series, const std::vector<Report>& reports,
                        const std::vector<std::string>& names, const HistoryOptions& o, std::FILE* out) {
  bool slower = false, counted = false;
  const std::string order = o.by.empty() ? "date" : "label " + o.by;
  for (const HistorySeries& s : series) {
    counted |= s.counted;
    for (const std::string& line : series_findings(s, reports, names, o)) print_wrapped(out, line);
    slower |= s.slower_now();
  }
  if (counted) {
    print_footer(out, "Instruction counts, deterministic: each report counts once per series, at the median " +
                          std::string(metric(kCountedMetricKey).label) + " of its repetitions, in the order of its " +
                          order + ". A change is named at every report whose count differs from the one before by " +
                          "more than " + format_fixed("%g", 100 * o.threshold(true)) +
                          "% (counts of one code repeat within 0.01%): no test, no p-value.");
    return slower;
  }
  print_footer(out, "Each report counts once per series, at the median " + std::string(gate_metric(o.gate).label) +
                        " of its repetitions, in the order of its " + order +
                        ". A change is named where the reports before and after differ by " +
                        format_fixed("%.1f", 100 * o.max_slowdown) + "% or more with p < " +
                        format_fixed("%g", o.alpha) +
                        " (a permutation test of the largest separation, which accounts for the places tried; 3 "
                        "reports a side at least).");
  return slower;
}

}  // namespace sudoku_bench
