#include "report/history.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>

namespace sudoku_bench {

std::string label_of(const Report& report, const std::string& key) {
  for (const auto& [k, v] : report.settings.labels)
    if (k == key) return v;
  return {};
}

std::vector<std::optional<std::size_t>> repeated_reports(const std::vector<Report>& reports) {
  std::vector<std::optional<std::size_t>> repeats(reports.size());
  std::map<std::vector<std::string>, std::size_t> first;
  for (std::size_t r = 0; r < reports.size(); ++r) {
    std::vector<std::string> runs;
    for (const MeasuredPass& p : reports[r].passes) runs.push_back(p.id.run_id + "#" + std::to_string(p.id.sequence));
    // Without run ids (reports before schema /6) two reports cannot be told to be one.
    if (runs.empty() || std::any_of(reports[r].passes.begin(), reports[r].passes.end(),
                                    [](const MeasuredPass& p) { return p.id.run_id.empty(); }))
      continue;
    std::sort(runs.begin(), runs.end());
    const auto [it, fresh] = first.emplace(std::move(runs), r);
    if (!fresh) repeats[r] = it->second;
  }
  return repeats;
}

bool version_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const bool da = std::isdigit(static_cast<unsigned char>(a[i])), db = std::isdigit(static_cast<unsigned char>(b[j]));
    if (da && db) {  // a run of digits against a run of digits: by value, then by length (leading zeros)
      std::size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      std::string_view x(a.data() + i, ei - i), y(b.data() + j, ej - j);
      const auto trim = [](std::string_view v) {
        while (v.size() > 1 && v.front() == '0') v.remove_prefix(1);
        return v;
      };
      const std::string_view tx = trim(x), ty = trim(y);
      if (tx.size() != ty.size()) return tx.size() < ty.size();
      if (tx != ty) return tx < ty;
      if (x.size() != y.size()) return x.size() < y.size();
      i = ei, j = ej;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

std::vector<std::size_t> history_order(const std::vector<Report>& reports, const std::vector<std::string>& names,
                                       const HistoryOptions& options) {
  std::vector<std::size_t> order(reports.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (!options.by.empty())
    for (std::size_t r = 0; r < reports.size(); ++r)
      if (label_of(reports[r], options.by).empty())
        throw std::invalid_argument((r < names.size() ? names[r] : "report " + std::to_string(r + 1)) +
                                    " has no label " + options.by + " (run --label " + options.by + "=VALUE)");
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (!options.by.empty()) {
      const std::string la = label_of(reports[a], options.by), lb = label_of(reports[b], options.by);
      if (la != lb) return version_less(la, lb);
    }
    return reports[a].context.date < reports[b].context.date;
  });
  return order;
}

const Metric& followed_metric(const HistorySeries& series, const HistoryOptions& options) {
  return series.counted ? metric(kCountedMetricKey) : gate_metric(options.gate);
}

std::string history_mismatch(const std::vector<Report>& reports, const std::vector<std::string>& names) {
  for (std::size_t r = 1; r < reports.size(); ++r)
    if (const std::string why = measure_mismatch(reports[0], reports[r]); !why.empty())
      return names[0] + " against " + names[r] + ": " + why;
  // Counts of other records are other counts: a step there would be the input's.
  if (!reports.empty() && reports[0].settings.measure == Measure::instructions)
    for (std::size_t r = 1; r < reports.size(); ++r)
      if (const std::vector<std::string> differ = input_mismatches(reports[r - 1], reports[r]); !differ.empty())
        return names[r - 1] + " against " + names[r] + ": " + differ.front();
  return "";
}

namespace {

// Instruction counts: each report against the one before, a change wherever they differ by more
// than the threshold. Counts repeat within 0.01%, so one report a side decides.
void counted_changes(HistorySeries& s, double threshold) {
  for (std::size_t i = 1; i < s.points.size(); ++i) {
    const double ratio = s.points[i].value / s.points[i - 1].value;
    if (ratio > 1 + threshold || 1 / ratio > 1 + threshold)
      s.changes.push_back(
          {s.points[i].report, ratio, std::nullopt, std::nullopt, 1, ratio > 1 ? Verdict::slower : Verdict::faster});
  }
}

// A time step across which the reports' recorded noise changed as much as the figure did: half or
// more of the reports on one side recorded noise, against none or few on the other. A series noisy
// throughout keeps its verdicts: the change-point test weighs the noise its reports share.
void doubt_changes(HistorySeries& s) {
  std::vector<std::size_t> at;  // each change's place in the series
  for (const HistoryChange& c : s.changes)
    for (std::size_t i = 0; i < s.points.size(); ++i)
      if (s.points[i].report == c.report) at.push_back(i);
  const auto noisy_share = [&](std::size_t from, std::size_t to, std::string& reasons) {
    std::size_t noisy = 0;
    for (std::size_t i = from; i < to; ++i)
      if (!s.points[i].noise.empty()) {
        ++noisy;
        reasons += (reasons.empty() ? "" : "; ") + s.points[i].noise;
      }
    return to > from ? static_cast<double>(noisy) / static_cast<double>(to - from) : 0.0;
  };
  for (std::size_t k = 0; k < s.changes.size() && k < at.size(); ++k) {
    std::string before_reasons, after_reasons;
    const double before = noisy_share(k ? at[k - 1] : 0, at[k], before_reasons);
    const double after = noisy_share(at[k], k + 1 < at.size() ? at[k + 1] : s.points.size(), after_reasons);
    if (std::abs(after - before) < kNoiseShareToDoubt) continue;
    s.changes[k].verdict = Verdict::cannot_tell;
    s.changes[k].doubt = after > before ? after_reasons : before_reasons;
  }
}

}  // namespace

std::vector<HistorySeries> history_of(const std::vector<Report>& reports, const std::vector<std::size_t>& order,
                                      const HistoryOptions& options) {
  const bool counted = !order.empty() && reports[order.front()].settings.measure == Measure::instructions;
  const Metric& followed = counted ? metric(kCountedMetricKey) : gate_metric(options.gate);
  std::vector<HistorySeries> series;
  std::map<PassKey, std::size_t> index;
  for (const std::size_t r : order) {
    for (const PassGroup<const MeasuredPass>& g : complete_groups(reports[r].passes)) {
      std::vector<double> values;
      for (const MeasuredPass* p : g.passes)
        if (const std::optional<double> v = followed.of(*p); v && *v > 0) values.push_back(*v);
      if (values.empty()) continue;  // not measured (a report from before CPU time was recorded)
      const auto [it, fresh] = index.emplace(g.key, series.size());
      if (fresh) series.push_back({g.key, {}, {}, counted});
      std::string noise;
      if (!counted) {
        const std::string label = options.by.empty() ? reports[r].context.date : label_of(reports[r], options.by);
        for (const std::string& n : recorded_noise("the report of " + label, reports[r], g.passes))
          noise += (noise.empty() ? "" : "; ") + n;
      }
      series[it->second].points.push_back({r, median(values), noise});
    }
  }
  for (HistorySeries& s : series) {
    if (counted) {
      counted_changes(s, options.threshold(true));
      continue;
    }
    // On logarithms: a shift is a ratio, the same for a fast and a slow solver.
    std::vector<double> logs;
    for (const HistoryPoint& p : s.points) logs.push_back(std::log(p.value));
    ChangePointOptions o;
    o.alpha = options.alpha;
    o.min_shift = std::log(1 + options.max_slowdown);
    for (const ChangePoint& c : change_points(logs, o)) {
      HistoryChange change{s.points[c.at].report, std::exp(c.shift), std::nullopt,
                           std::nullopt,          c.p_value,         Verdict::same};
      if (c.low) change.low = std::exp(*c.low);
      if (c.high) change.high = std::exp(*c.high);
      change.verdict =
          (followed.better == Better::higher ? change.ratio < 1 : change.ratio > 1) ? Verdict::slower : Verdict::faster;
      s.changes.push_back(change);
    }
    doubt_changes(s);
  }
  return series;
}

namespace {

// The p of a perfect step in the middle of `n` values, as the change test would give it.
double clearest_p(std::size_t n, const ChangePointOptions& o) {
  std::vector<double> step(n, 0.0);
  for (std::size_t i = n / 2; i < n; ++i) step[i] = 1;
  ChangePointOptions any = o;
  any.alpha = 1;
  any.min_shift = 0;
  const std::vector<ChangePoint> found = change_points(step, any);
  return found.empty() ? 1 : found.front().p_value;
}

}  // namespace

HistoryPower history_power(const HistorySeries& series, const HistoryOptions& options) {
  HistoryPower power;
  const std::size_t n = series.points.size();
  ChangePointOptions o;
  o.alpha = options.alpha;
  o.min_shift = std::log(1 + options.max_slowdown);
  if (n < 2 * o.min_segment) {
    power.more_reports = 2 * o.min_segment - n;
    return power;
  }
  power.clearest_p = clearest_p(n, o);
  if (power.clearest_p >= o.alpha) {
    for (std::size_t more = 1; more <= 30 && power.more_reports == 0; ++more)
      if (clearest_p(n + more, o) < o.alpha) power.more_reports = more;
    return power;
  }
  // The noise from neighbours' differences, which a step moves once only: sd = (their RMS) / sqrt(2).
  double sum = 0;
  for (std::size_t i = 1; i < n; ++i) {
    const double d = std::log(series.points[i].value) - std::log(series.points[i - 1].value);
    sum += d * d;
  }
  power.noise = std::sqrt(sum / static_cast<double>(n - 1) / 2);
  std::mt19937_64 random(20261128);
  std::normal_distribution<double> noise(0, power.noise);
  for (const double step : {0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0}) {
    if (step < options.max_slowdown) continue;
    int found = 0;
    for (int trial = 0; trial < 10; ++trial) {
      std::vector<double> logs(n);
      for (std::size_t i = 0; i < n; ++i) logs[i] = noise(random) + (i >= n / 2 ? std::log(1 + step) : 0);
      found += !change_points(logs, o).empty();
    }
    if (found >= 8) {
      power.detectable = step;
      break;
    }
  }
  return power;
}

}  // namespace sudoku_bench
