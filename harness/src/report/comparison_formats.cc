#include "report/comparison_formats.h"

#include <cmath>
#include <cstdio>
#include <iterator>

#include "report/markdown_format.h"
#include "report/metrics.h"
#include "report/units.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

const char* gate_name(GateTime g) { return g == GateTime::cpu ? "cpu" : "wall"; }

Json side_json(const ComparedSide& s) {
  Json j = {{"path", s.path}, {"git_commit", s.git_commit}, {"date", s.date}};
  if (!s.solver.empty()) j["solver"] = s.solver;
  return j;
}

Json metric_json(const MetricComparison& m) {
  return {{"metric", m.metric},
          {"higher_is_better", m.higher_is_better},
          {"base_repetitions", m.base.size()},
          {"new_repetitions", m.current.size()},
          {"base_median", m.base_median},
          {"new_median", m.current_median},
          {"ratio", m.ratio > 0 ? Json(m.ratio) : Json(nullptr)},
          {"slowdown", m.slowdown},
          {"change", m.change ? Json{{"estimate", m.change->estimate},
                                     {"low", m.change->low ? Json(*m.change->low) : Json(nullptr)},
                                     {"high", m.change->high ? Json(*m.change->high) : Json(nullptr)}}
                              : Json(nullptr)},
          {"p_value", m.counted ? Json(nullptr) : Json(m.p_value)},
          {"verdict", verdict_word(m.verdict)}};
}

struct Counts {
  std::size_t slower = 0, faster = 0, blind = 0, cannot_tell = 0;
};
Counts counts_of(const Comparison& c) {
  Counts n;
  for (const PairComparison& pair : c.pairs) {
    n.slower += pair.verdict() == Verdict::slower;
    n.faster += pair.verdict() == Verdict::faster;
    n.cannot_tell += pair.verdict() == Verdict::cannot_tell;
    n.blind += !pair.can_detect;
  }
  return n;
}

std::string cell(const std::string& text) { return markdown_cell(text); }

std::string figure(const MetricComparison& m, double v) { return metric_text(*m.of, v); }

// A latency percentile whose repetitions are the ones of the percentile before it: on a file of
// fewer than 100 puzzles p99, p99.9, p99.99 and p100 are all its slowest puzzle.
bool repeats(const MetricComparison& before, const MetricComparison& m) {
  const auto percentile = [](const MetricComparison& x) { return x.of->key.starts_with("latency_p"); };
  return percentile(before) && percentile(m) && before.base == m.base && before.current == m.current;
}

// "latency p99" and "latency p100" make "latency p99..p100"; a third after them, the last replaced.
std::string folded_label(const std::string& row, const std::string& next) {
  const std::string first = row.substr(0, row.find(".."));
  return first + ".." + next.substr(next.rfind(' ') + 1);
}

// A doubt's first reason, and how many follow: the verdict line stays a line, the reasons are said
// in full on the pair's own line ("CANNOT TELL: ...").
std::string first_reason(const std::string& doubt) {
  const std::size_t end = doubt.find("; ");
  if (end == std::string::npos) return doubt;
  std::size_t more = 0;
  for (std::size_t at = end; at != std::string::npos; at = doubt.find("; ", at + 2)) ++more;
  return doubt.substr(0, end) + "; " + std::to_string(more) + (more == 1 ? " more reason" : " more reasons");
}

// Each verdict's word for machines and its cell in a table, in Verdict's order.
struct VerdictNames {
  std::string_view word, cell;
};
constexpr VerdictNames kVerdictNames[] = {
    {"same", ""}, {"slower", "SLOWER"}, {"faster", "faster"}, {"cannot_tell", "cannot tell"}};
static_assert(std::size(kVerdictNames) == static_cast<std::size_t>(Verdict::cannot_tell) + 1);

const VerdictNames& names_of(Verdict v) { return kVerdictNames[static_cast<std::size_t>(v)]; }

}  // namespace

std::string_view verdict_word(Verdict v) { return names_of(v).word; }

std::string verdict_cell(Verdict v) { return std::string(names_of(v).cell); }

std::string p_text(double p) { return p < 0.0001 ? std::string("<0.0001") : format_fixed("%.4f", p); }

std::string p_phrase(double p) { return p < 0.0001 ? "p < 0.0001" : "p = " + p_text(p); }

std::vector<std::string> comparison_header(const Comparison& c, const CompareOptions& o) {
  if (c.counted)
    return {"dataset", "solver", "threads", "metric", "reps", "base", "new", "new/base", "count change", "verdict"};
  return {"dataset", "solver",   "threads",
          "metric",  "reps",     "base",
          "new",     "new/base", "time change (" + format_fixed("%g", 100 * (1 - o.alpha)) + "% CI)",
          "p",       "verdict"};
}

std::vector<bool> comparison_left(const Comparison& c) {
  if (c.counted) return {true, true, false, true, false, false, false, false, true, true};
  return {true, true, false, true, false, false, false, false, true, false, true};
}

std::vector<ComparisonRow> comparison_rows(const Comparison& c) {
  std::vector<ComparisonRow> rows;
  for (const PairComparison& pair : c.pairs)
    for (std::size_t i = 0; i < pair.metrics.size(); ++i) {
      const MetricComparison& m = pair.metrics[i];
      if (i > 0 && repeats(pair.metrics[i - 1], m) && !rows.back().gated) {
        rows.back().label = folded_label(rows.back().label, m.metric);
        continue;
      }
      const bool gated = i == pair.gated;
      rows.push_back(
          {&pair, &m, i == 0, gated, m.metric, std::to_string(m.base.size()) + "/" + std::to_string(m.current.size()),
           figure(m, m.base_median), figure(m, m.current_median),
           m.ratio > 0 ? format_fixed(m.counted ? "%.5f" : "%.3f", m.ratio) : "-", change_text(m),
           m.counted || !(gated || m.of->tested) ? "" : p_text(m.p_value), gated ? verdict_cell(m.verdict) : ""});
    }
  return rows;
}

std::vector<std::string> cells_of(const ComparisonRow& r) {
  if (r.metric->counted)
    return {r.pair->dataset, r.pair->solver, r.pair->workers(), r.label,  r.reps,
            r.base,          r.current,      r.ratio,           r.change, r.verdict};
  return {r.pair->dataset, r.pair->solver, r.pair->workers(), r.label, r.reps,   r.base,
          r.current,       r.ratio,        r.change,          r.p,     r.verdict};
}

std::string verdict_rule(const Comparison& c, const CompareOptions& o) {
  if (c.counted)
    return "Instruction counts, deterministic: a pair is SLOWER when its instructions per puzzle grew by more than " +
           format_fixed("%g", 100 * o.threshold(true)) + "%; counts within " +
           format_fixed("%g", 100 * kCountsRepeatWithin) +
           "% are the same code's (valgrind repeats them to that). No test and no interval: counts have no noise.";
  const std::string time = o.gate == GateTime::cpu ? "CPU time per puzzle" : "wall time per puzzle (1 / puzzles/s)";
  const std::string grew = " grew by more than " + format_fixed("%.1f", 100 * o.max_slowdown) + "% and ";
  const std::string p = " gives p < " + format_fixed("%g", o.alpha) + ".";
  if (o.paired)
    return "Repetitions pair by number (round i of BASE with round i of NEW). A pair is SLOWER when the estimate "
           "of its " +
           time + "'s change (Hodges-Lehmann, over the rounds' ratios)" + grew +
           "a two-sided Wilcoxon signed-rank test on the rounds' log ratios" + p;
  return "A pair is SLOWER when its median " + time + grew + "a two-sided Mann-Whitney U test over the repetitions" + p;
}

std::string change_text(const MetricComparison& m) {
  if (!m.change) return "-";
  if (m.counted) {
    if (m.change->estimate == 0) return "counts equal";
    const std::string change = format_fixed("%+.3f%%", 100 * m.change->estimate);
    return std::abs(m.change->estimate) <= kCountsRepeatWithin ? change + " (within 0.01%)" : change;
  }
  const auto pct = [](double c) { return format_change(1 + c); };
  std::string text = pct(m.change->estimate);
  if (m.change->low && m.change->high) text += " (" + pct(*m.change->low) + " to " + pct(*m.change->high) + ")";
  return text;
}

std::string verdict_line(const std::vector<JudgedItem>& items, const std::string& base, const std::string& current,
                         const std::string& noun) {
  if (items.empty()) return "no verdict: " + current + " and " + base + " measured nothing in common";
  const JudgedItem* shown = &items.front();
  std::size_t slower = 0;
  for (const JudgedItem& item : items) {
    slower += item.verdict == Verdict::slower;
    const bool worse = item.verdict == Verdict::slower
                           ? shown->verdict != Verdict::slower || item.change > shown->change
                           : shown->verdict != Verdict::slower && std::abs(item.change) > std::abs(shown->change);
    if (worse) shown = &item;
  }
  std::string line = current + " is " + format_fixed("%.1f%%", 100 * std::abs(shown->change)) +
                     (shown->change >= 0 ? " slower than " : " faster than ") + base + " (" + shown->figure;
  if (shown->low && shown->high)
    line += " " + format_change(1 + *shown->low) + " to " + format_change(1 + *shown->high);
  line += shown->counted ? "), instruction counts, deterministic: " : "), " + p_phrase(shown->p_value) + ": ";
  if (shown->verdict == Verdict::cannot_tell)
    line += "cannot tell (" + first_reason(shown->doubt) + ")";
  else if (!shown->can_detect)
    line += "no verdict (too few rounds for p < alpha)";
  else
    line += shown->verdict == Verdict::slower ? "SLOWER" : shown->verdict == Verdict::faster ? "faster" : "not slower";
  if (items.size() > 1)
    line += " (" + shown->where + "; " + std::to_string(slower) + " of " + std::to_string(items.size()) + " " + noun +
            " slower)";
  return line;
}

std::string verdict_line(const Comparison& c, const std::string& base, const std::string& current) {
  std::vector<JudgedItem> items;
  for (const PairComparison& p : c.pairs) {
    const MetricComparison& m = p.gated_metric();
    JudgedItem item;
    item.where = p.dataset;
    item.figure = m.metric;
    item.change = m.change ? m.change->estimate : m.slowdown;
    if (m.change && m.change->low && m.change->high) item.low = m.change->low, item.high = m.change->high;
    item.p_value = m.p_value;
    item.counted = m.counted;
    item.verdict = m.verdict;
    item.can_detect = p.can_detect;
    item.doubt = p.doubt;
    items.push_back(std::move(item));
  }
  return verdict_line(items, base, current, "pairs");
}

std::optional<CompareFormat> compare_format_named(std::string_view name) {
  for (const CompareFormatName& f : kCompareFormats)
    if (f.name == name) return f.format;
  return std::nullopt;
}

std::string_view name_of(CompareFormat format) {
  for (const CompareFormatName& f : kCompareFormats)
    if (f.format == format) return f.name;
  return "?";
}

Json comparison_json(const Comparison& c, const CompareOptions& o, const ComparedSide& base,
                     const ComparedSide& current) {
  Json pairs = Json::array();
  for (const PairComparison& pair : c.pairs) {
    Json metrics = Json::array();
    for (const MetricComparison& m : pair.metrics) metrics.push_back(metric_json(m));
    pairs.push_back({{"dataset", pair.dataset},
                     {"solver", pair.solver},
                     {"ranks", pair.ranks},
                     {"threads", pair.threads},
                     {"verdict", verdict_word(pair.verdict())},
                     {"gated_metric", pair.gated_metric().metric},
                     {"can_detect", pair.can_detect},
                     {"doubt", pair.doubt.empty() ? Json(nullptr) : Json(pair.doubt)},
                     {"metrics", std::move(metrics)}});
  }
  const Counts n = counts_of(c);
  return {{"schema", kCompareSchema},
          {"measure", c.counted ? "instructions" : "time"},
          {"verdict_kind", c.counted ? "deterministic" : "statistical"},
          {"base", side_json(base)},
          {"new", side_json(current)},
          {"options",
           {{"max_slowdown", o.threshold(c.counted)},
            {"alpha", o.alpha},
            {"gate", c.counted ? "instructions" : gate_name(o.gate)},
            {"paired", o.paired}}},
          {"pairs", std::move(pairs)},
          {"only_base", c.only_base},
          {"only_new", c.only_current},
          {"summary",
           {{"pairs", c.pairs.size()},
            {"slower", n.slower},
            {"faster", n.faster},
            {"cannot_tell", n.cannot_tell},
            {"blind", n.blind}}}};
}

std::string comparison_markdown(const Comparison& c, const CompareOptions& o, const ComparedSide& base,
                                const ComparedSide& current) {
  const Counts n = counts_of(c);
  const std::string sides =
      base.solver.empty()
          ? "**sudoku-bench compare**: BASE `" + base.git_commit + "` (" + cell(base.date) + ") vs NEW `" +
                current.git_commit + "` (" + cell(current.date) + ")"
          : "**sudoku-bench ab**: BASE `" + cell(base.solver) + "` vs NEW `" + cell(current.solver) + "`";
  std::string out = sides + ": " + counted(c.pairs.size(), "pair") + ", " + std::to_string(n.slower) + " slower, " +
                    std::to_string(n.faster) + " faster" +
                    (n.cannot_tell ? ", " + std::to_string(n.cannot_tell) + " cannot tell" : std::string()) + "\n\n";
  for (const std::string& h : comparison_header(c, o)) out += "| " + h + " ";
  out += c.counted ? "|\n| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |\n"
                   : "|\n| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n";
  for (ComparisonRow row : comparison_rows(c)) {
    // The deciding verdict stands out on a pull request.
    if (row.gated && row.metric->verdict == Verdict::slower) row.verdict = "**" + row.verdict + "**";
    for (const std::string& text : cells_of(row)) out += "| " + cell(text) + " ";
    out += "|\n";
  }
  out += "\n" + verdict_rule(c, o) + (c.counted ? "" : " " + std::string(kReadingOnly)) + "\n";
  for (const PairComparison& pair : c.pairs)
    if (pair.verdict() == Verdict::cannot_tell)
      out += "\nCannot tell for " + cell(pair.name()) + ": " + cell(pair.doubt) + ". " + std::string(kWayOut) + "\n";
  if (n.blind)
    out += "\nSome pairs could not be judged: too few repetitions to reach p < " + format_fixed("%g", o.alpha) +
           " (measure " + std::string(o.paired ? "6 rounds" : "5 repetitions each") + " or more).\n";
  return out;
}

}  // namespace sudoku_bench
