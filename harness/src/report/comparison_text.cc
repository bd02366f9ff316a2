#include "report/comparison_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "report/comparison_formats.h"
#include "report/names.h"
#include "report/solver_identity.h"
#include "report/text_table.h"
#include "report/units.h"
#include "sys/message.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

std::string percent(std::size_t part, std::size_t whole) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%",
                whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buf;
}

// The per-puzzle table, a row per group, names shortened as in print_comparison; returns how many
// groups are slower.
int print_group_table(std::FILE* out, const std::vector<const GroupComparison*>& compared) {
  std::vector<std::vector<std::string>> rows{{"dataset", "solver", "threads", "puzzles", "base faster", "new faster",
                                              "fewer nodes b/n", "new/base median [95% CI]", "p", "verdict"}};
  std::vector<ShortenedName> legend;
  int slower = 0;
  for (const GroupComparison* c : compared) {
    char interval[64];
    std::snprintf(interval, sizeof interval, "%.3f [%.3f, %.3f]", c->ratio.median, c->ratio.low, c->ratio.high);
    const std::string nodes = c->base_fewer
                                  ? percent(*c->base_fewer, c->pairs) + " / " + percent(*c->current_fewer, c->pairs)
                                  : std::string("-");
    slower += c->verdict == Verdict::slower;
    note_if_shortened(legend, "dataset", c->group.dataset);
    note_if_shortened(legend, "solver", c->group.solver);
    rows.push_back({short_name(c->group.dataset), short_name(c->group.solver), std::to_string(c->group.threads),
                    std::to_string(c->pairs), percent(c->base_faster, c->pairs), percent(c->current_faster, c->pairs),
                    nodes, interval, p_text(c->test.p_value), c->verdict == Verdict::slower ? "SLOWER" : ""});
  }
  std::fputs(
      text_table(rows, {true, true, false, false, false, false, false, false, false, true}, {output_width(out), 3, {}})
          .c_str(),
      out);
  print_fitted(out, legend_lines(legend));
  return slower;
}

// The groups as the verdict line reads them: judged on the median of the per-puzzle ratios.
std::vector<JudgedItem> judged_items(const std::vector<const GroupComparison*>& compared) {
  std::vector<JudgedItem> items;
  for (const GroupComparison* c : compared) {
    JudgedItem item;
    item.where = c->group.name();
    item.figure = "per-puzzle time";
    item.change = c->ratio.median - 1;
    item.low = c->ratio.low - 1;
    item.high = c->ratio.high - 1;
    item.p_value = c->test.p_value;
    item.verdict = c->verdict;
    items.push_back(std::move(item));
  }
  return items;
}

void print_most_slowed(std::FILE* out, const std::vector<const GroupComparison*>& compared) {
  for (const GroupComparison* c : compared) {
    if (c->most_slowed.empty() || c->most_slowed.front().current_ns <= c->most_slowed.front().base_ns) continue;
    print_fitted(out, "\nMost slowed in " + c->group.name() + " (median time of each puzzle's repetitions):\n");
    // In columns (text_table), so that the eye runs down the ratios; each line still FILE:LINE first.
    std::vector<std::vector<std::string>> rows;
    for (const SlowedPuzzle& p : c->most_slowed) {
      if (p.current_ns <= p.base_ns) break;
      rows.push_back({"  " + c->group.file + ":" + std::to_string(p.line), " base", format_duration_ns(p.base_ns),
                      " new", format_duration_ns(p.current_ns), format_fixed(" %.2fx", p.current_ns / p.base_ns)});
    }
    std::fputs(text_table(rows, {true, true, false, true, false, false}, {output_width(out), 1, {}}).c_str(), out);
  }
}

// printf to `out`, fitted to its width (print_fitted): the verdicts and the summary are prose.
template <typename... Args>
void say(std::FILE* out, const char* format, Args... args) {
  print_fitted(out, printed(format, args...));
}

// The comparison's rows (comparison_formats.h) in columns as wide as what they hold; a pair's name
// and repetitions on its first row only. Names are shortened (short_name) and spelled out under it.
void print_comparison(std::FILE* out, const Comparison& c, const CompareOptions& o) {
  std::vector<std::vector<std::string>> rows{comparison_header(c, o)};
  std::vector<ShortenedName> legend;
  for (const ComparisonRow& row : comparison_rows(c)) {
    std::vector<std::string> v = cells_of(row);
    if (row.first) {
      note_if_shortened(legend, "dataset", v[0]);
      note_if_shortened(legend, "solver", v[1]);
      v[0] = short_name(v[0]);
      v[1] = short_name(v[1]);
    } else {
      v[0] = v[1] = v[2] = v[4] = "";
    }
    rows.push_back(std::move(v));
  }
  // A pair's rows are told apart by their metric: it is repeated with the pair's name in each block.
  std::fputs(text_table(rows, comparison_left(c), {output_width(out), 4, {}}).c_str(), out);
  print_fitted(out, legend_lines(legend));
  // Counts have one row a pair: nothing else to read.
  const std::string reading = c.counted ? std::string() : " " + std::string(kReadingOnly);
  std::fputc('\n', out);
  print_paragraph(out, verdict_rule(c, o) + reading + "\n");
}

// A line per slower pair and a summary on `out` (none when it is null), a note per pair too few
// repetitions leave blind on `err`; returns how many pairs are slower.
// Instruction reports: a line per pair, each verdict said with its kind, and the summary.
int print_counted_verdicts(const Comparison& c, const CompareOptions& o, std::FILE* out) {
  int slower = 0, faster = 0;
  const double threshold = o.threshold(true);
  for (const PairComparison& pair : c.pairs) {
    const MetricComparison& t = pair.gated_metric();
    slower += pair.verdict() == Verdict::slower;
    faster += pair.verdict() == Verdict::faster;
    if (!out) continue;
    const std::string change = format_fixed("%+.3f%%", 100 * t.slowdown);
    if (pair.verdict() == Verdict::slower)
      say(out, "SLOWER: %s: %s instructions per puzzle (instruction counts, deterministic: more than %g%%)\n",
          pair.name().c_str(), change.c_str(), 100 * threshold);
    else if (pair.verdict() == Verdict::faster)
      say(out, "faster: %s: %s instructions per puzzle (instruction counts, deterministic)\n", pair.name().c_str(),
          change.c_str());
    else if (t.slowdown == 0)
      say(out, "the same: %s: counts equal (instruction counts, deterministic)\n", pair.name().c_str());
    else if (std::abs(t.slowdown) <= kCountsRepeatWithin)
      say(out, "the same: %s: %s, within 0.01%% (instruction counts, deterministic)\n", pair.name().c_str(),
          change.c_str());
    else
      say(out, "the same: %s: %s, within the %g%% threshold (instruction counts, deterministic)\n", pair.name().c_str(),
          change.c_str(), 100 * threshold);
  }
  if (out)
    say(out, "%zu pair%s compared on instruction counts (deterministic): %d slower, %d faster, %zu the same\n",
        c.pairs.size(), c.pairs.size() == 1 ? "" : "s", slower, faster,
        c.pairs.size() - static_cast<std::size_t>(slower + faster));
  return slower;
}

int print_verdicts(const Comparison& c, const CompareOptions& o, std::FILE* out, std::FILE* err) {
  if (c.counted) return print_counted_verdicts(c, o, out);
  int slower = 0, faster = 0, blind = 0, cannot_tell = 0;
  std::FILE* way_out = nullptr;  // where a doubted pair was said: the way out follows once, after the last
  for (const PairComparison& pair : c.pairs) {
    const MetricComparison& t = pair.gated_metric();
    if (pair.verdict() == Verdict::slower) {
      ++slower;
      if (out)
        say(out, "SLOWER: %s: %.1f%% more %s time per puzzle (%s)\n", pair.name().c_str(), 100 * t.slowdown,
            o.gate == GateTime::cpu ? "CPU" : "wall", p_phrase(t.p_value).c_str());
    } else if (pair.verdict() == Verdict::faster) {
      ++faster;
    } else if (pair.verdict() == Verdict::cannot_tell) {
      ++cannot_tell;
      // Said on `err` too where the document holds the verdicts: a CI log shows why it passed.
      way_out = out ? out : err;
      const std::string said = "CANNOT TELL: " + pair.name() + ": " + format_fixed("%+.1f%%", 100 * t.slowdown) +
                               (o.gate == GateTime::cpu ? " CPU" : " wall") + " time per puzzle (" +
                               p_phrase(t.p_value) + "), but not from these reports: " + pair.doubt + ".";
      if (out)
        print_fitted(out, said + "\n");
      else
        Messages(err, "compare").error(said);
    } else if (out && pair.noise_recorded && pair.can_detect) {
      // Not slower, yet measured where a few percent could not have been seen: say so.
      way_out = out;
      say(out,
          "noisy: %s: %+.1f%% %s time per puzzle (%s), within the threshold or noise, from reports "
          "that could hide a change: %s.\n",
          pair.name().c_str(), 100 * t.slowdown, o.gate == GateTime::cpu ? "CPU" : "wall", p_phrase(t.p_value).c_str(),
          pair.doubt.c_str());
    }
    if (!pair.can_detect) {
      ++blind;
      Messages(err, "compare")
          .notef("%s: %zu vs %zu repetitions cannot reach p < %g (smallest p %.3g); measure more", pair.name().c_str(),
                 t.base.size(), t.current.size(), o.alpha,
                 smallest_reachable_p(t.base.size(), t.current.size(), o.paired));
    }
  }
  // Once, not after every doubted pair: it is the same for each.
  if (way_out) print_fitted(way_out, "  " + std::string(kWayOut) + "\n");
  // One pair's count would repeat the verdict line above the table (ab's, compare's of one file).
  if (!out || c.pairs.size() < 2) return slower;
  const std::string told = cannot_tell ? ", " + std::to_string(cannot_tell) + " cannot tell" : std::string();
  say(out, "%zu pairs compared: %d slower, %d faster%s, %zu within the threshold or noise%s\n", c.pairs.size(), slower,
      faster, told.c_str(), c.pairs.size() - static_cast<std::size_t>(slower + faster + cannot_tell),
      blind ? " (some could not be judged: too few repetitions)" : "");
  return slower;
}

// "BASE what" and "NEW  what" a line each; on a terminal, what wraps under itself, past the label.
std::string sides_text(const std::string& base, const std::string& current, std::optional<std::size_t> width) {
  const auto line = [&](std::string label, const std::string& what) {
    return (width ? wrap(what, *width, label.size(), label.size()).replace(0, label.size(), label) : label + what) +
           "\n";
  };
  return line("BASE ", base) + line("NEW  ", current);
}

std::string describe(const Report& r, const std::string& path) {
  return path + " (" + r.context.git_commit + ", " + r.context.date + ")";
}

// What each solver compared stood for on each side (its spec, its files' SHA-256), for those whose
// reports name files: two versions of one plugin, paired by name, are told apart here.
std::vector<std::string> solver_lines(const Report& base, const Report& current, const Comparison& c) {
  std::vector<std::string> lines;
  for (const PairComparison& pair : c.pairs) {
    const std::string b = c.paired_solvers.first.empty() ? pair.solver : c.paired_solvers.first;
    const std::string n = c.paired_solvers.first.empty() ? pair.solver : c.paired_solvers.second;
    for (const std::string& line : identity_pair_lines(base.settings.identities, b, current.settings.identities, n))
      if (std::find(lines.begin(), lines.end(), "     " + line) == lines.end()) lines.push_back("     " + line);
  }
  return lines;
}

}  // namespace

// Says on `err` which groups of either file found no partner, and why when it is only the path.
void note_unpaired(const PerPuzzleComparison& comparison, std::FILE* err) {
  for (const PuzzleGroup& g : comparison.only_base)
    Messages(err, "compare").errorf("only in BASE: %s (%s)", g.name().c_str(), g.file.c_str());
  for (const PuzzleGroup& g : comparison.only_current)
    Messages(err, "compare").errorf("only in NEW: %s (%s)", g.name().c_str(), g.file.c_str());
  // The same dataset read under another path pairs nothing: say why.
  for (const PuzzleGroup& a : comparison.only_base)
    for (const PuzzleGroup& b : comparison.only_current)
      if (a.dataset == b.dataset && a.solver == b.solver && a.threads == b.threads)
        Messages(err, "compare")
            .errorf("%s: BASE's rows name %s, NEW's %s: rows pair only within one file path", a.name().c_str(),
                    a.file.c_str(), b.file.c_str());
}

// The groups with puzzles paired in both files; says on `err` what each group left out.
std::vector<const GroupComparison*> compared_groups(const PerPuzzleComparison& comparison, std::FILE* err) {
  std::vector<const GroupComparison*> compared;
  for (const GroupComparison& c : comparison.groups) {
    if (c.skipped_base || c.skipped_current)
      Messages(err, "compare")
          .errorf("%s: rows left out (not timed, or not solved: aborted, wrong, invalid): %llu of BASE, %llu of NEW",
                  c.group.name().c_str(), static_cast<unsigned long long>(c.skipped_base),
                  static_cast<unsigned long long>(c.skipped_current));
    if (c.limits_differ)
      Messages(err, "compare")
          .warningf(
              "%s: one file timed first solutions (run --limit 1: outcome solved), the other counts to 2 or more: the "
              "times measure different work",
              c.group.name().c_str());
    if (c.pairs == 0)
      Messages(err, "compare")
          .errorf("%s: no puzzle timed and solved in both files: not compared", c.group.name().c_str());
    else
      compared.push_back(&c);
    if (c.pairs && (c.only_base || c.only_current))
      Messages(err, "compare")
          .errorf("%s: %zu puzzles only in BASE, %zu only in NEW (not compared)", c.group.name().c_str(), c.only_base,
                  c.only_current);
  }
  return compared;
}

void print_comparison_head(std::FILE* out, const Report& base, const std::string& base_path, const Report& current,
                           const std::string& current_path, const Comparison& c) {
  std::string head = sides_text(describe(base, base_path), describe(current, current_path), output_width(out));
  for (const std::string& line : solver_lines(base, current, c)) head += line + "\n";
  print_fitted(out, head + "\n");
}

int print_per_puzzle_text(std::FILE* out, const std::string& base_path, const std::string& current_path,
                          const std::vector<const GroupComparison*>& compared, const PerPuzzleOptions& options) {
  // The answer first, as compare of reports and ab give it; the table it rests on after.
  print_fitted(out, verdict_line(judged_items(compared), "BASE", "NEW", "groups") + "\n\n");
  std::fputs((sides_text(base_path, current_path, output_width(out)) + "\n").c_str(), out);
  const int slower = print_group_table(out, compared);
  print_most_slowed(out, compared);
  std::fputc('\n', out);
  print_paragraph(
      out,
      "Puzzles pair by (dataset, solver, threads, file, line); a puzzle's repetitions count once, at their\n"
      "median. A (dataset, solver, threads) is SLOWER when the median of its per-puzzle ratios new/base\n"
      "exceeds " +
          format_fixed("%.3f", 1 + options.max_slowdown) +
          " and a two-sided Wilcoxon signed-rank test on their logs gives p < " + format_fixed("%g", options.alpha) +
          ".\n");
  return slower;
}

int print_comparison_text(const Comparison& c, const CompareOptions& o, std::FILE* out, std::FILE* err) {
  if (out) print_comparison(out, c, o);
  return print_verdicts(c, o, out, err);
}

}  // namespace sudoku_bench
