#include "report/per_puzzle_comparison.h"

#include <algorithm>
#include <cmath>

namespace sudoku_bench {

std::string PuzzleGroup::name() const {
  return dataset + ' ' + solver + ' ' + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

namespace {

double median_of(std::vector<double>& values) { return median_interval(values, 0.5).median; }

// One row per line: a puzzle's repetitions become their median.
std::vector<PuzzleRow> one_per_line(std::vector<PuzzleRow> rows) {
  std::sort(rows.begin(), rows.end(), [](const PuzzleRow& a, const PuzzleRow& b) { return a.line < b.line; });
  std::vector<PuzzleRow> out;
  std::vector<double> latencies, nodes;
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i;
    latencies.clear();
    nodes.clear();
    for (; j < rows.size() && rows[j].line == rows[i].line; ++j) {
      latencies.push_back(rows[j].latency_ns);
      if (rows[j].nodes) nodes.push_back(*rows[j].nodes);
    }
    PuzzleRow r;
    r.line = rows[i].line;
    r.latency_ns = median_of(latencies);
    if (!nodes.empty()) r.nodes = median_of(nodes);
    out.push_back(r);
    i = j;
  }
  return out;
}

GroupComparison compare_group(const PuzzleGroup& group, GroupRows& base, GroupRows& current,
                              const PerPuzzleOptions& options) {
  GroupComparison c;
  c.group = group;
  c.skipped_base = base.skipped;
  c.skipped_current = current.skipped;
  c.limits_differ = (base.first_solutions && current.counts) || (base.counts && current.first_solutions);
  const std::vector<PuzzleRow> a = one_per_line(std::move(base.rows)), b = one_per_line(std::move(current.rows));
  std::vector<double> log_ratios, ratios;
  std::size_t base_fewer = 0, current_fewer = 0;
  bool nodes_known = true;
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i].line < b[j].line) {
      ++c.only_base, ++i;
      continue;
    }
    if (b[j].line < a[i].line) {
      ++c.only_current, ++j;
      continue;
    }
    // A clock reads at least 1 ns for anything: 0 would only be a rounding, kept off the log.
    const double x = std::max(a[i].latency_ns, 1.0), y = std::max(b[j].latency_ns, 1.0);
    ++c.pairs;
    c.base_faster += x < y;
    c.current_faster += y < x;
    log_ratios.push_back(std::log(y / x));
    ratios.push_back(y / x);
    if (a[i].nodes && b[j].nodes) {
      base_fewer += *a[i].nodes < *b[j].nodes;
      current_fewer += *b[j].nodes < *a[i].nodes;
    } else {
      nodes_known = false;
    }
    c.most_slowed.push_back({a[i].line, x, y});
    ++i, ++j;
  }
  c.only_base += a.size() - i;
  c.only_current += b.size() - j;
  if (nodes_known && c.pairs > 0) {
    c.base_fewer = base_fewer;
    c.current_fewer = current_fewer;
  }
  c.test = wilcoxon_signed_rank(log_ratios);
  c.ratio = median_interval(ratios, 0.95);
  const std::size_t shown = std::min(options.show, c.most_slowed.size());
  std::partial_sort(c.most_slowed.begin(), c.most_slowed.begin() + static_cast<std::ptrdiff_t>(shown),
                    c.most_slowed.end(), [](const SlowedPuzzle& p, const SlowedPuzzle& q) {
                      // The ratios themselves: products of two latencies could overflow to infinity.
                      return p.current_ns / p.base_ns > q.current_ns / q.base_ns;
                    });
  c.most_slowed.resize(shown);
  // Slower only when the change is both real (the test) and large enough to matter (the median).
  if (c.pairs > 0 && c.test.p_value < options.alpha && c.ratio.median > 1 + options.max_slowdown)
    c.verdict = Verdict::slower;
  else if (c.pairs > 0 && c.test.p_value < options.alpha && c.ratio.median < 1 - options.max_slowdown)
    c.verdict = Verdict::faster;
  return c;
}

}  // namespace

PerPuzzleComparison compare_per_puzzle(PerPuzzleSide base, PerPuzzleSide current, const PerPuzzleOptions& options) {
  PerPuzzleComparison out;
  for (auto& [group, rows] : base) {
    const auto other = current.find(group);
    if (other == current.end()) {
      out.only_base.push_back(group);
      continue;
    }
    out.groups.push_back(compare_group(group, rows, other->second, options));
  }
  for (const auto& [group, rows] : current)
    if (!base.contains(group)) out.only_current.push_back(group);
  return out;
}

}  // namespace sudoku_bench
