// A comparison of two reports (comparison.h) for machines and pull requests: compare --format json
// (schema "sudoku-bench-compare/3", docs/cli.md) and --format markdown. The text for a terminal is
// compare's own (cli/compare_command.cc).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/comparison.h"

namespace sudoku_bench {

enum class CompareFormat { text, markdown, json };
// Every format, in the order --format lists them: the one list its names, help and check come from.
struct CompareFormatName {
  CompareFormat format;
  std::string_view name;
};
inline constexpr CompareFormatName kCompareFormats[] = {
    {CompareFormat::text, "text"}, {CompareFormat::markdown, "markdown"}, {CompareFormat::json, "json"}};
std::optional<CompareFormat> compare_format_named(std::string_view name);
std::string_view name_of(CompareFormat format);

// 2: each metric's `change` with its interval, and options.paired (docs/cli.md). 3: measure and
// verdict_kind; a pair's verdict "cannot_tell" and its doubt; summary.cannot_tell; p_value null for
// instruction counts.
inline constexpr std::string_view kCompareSchema = "sudoku-bench-compare/3";

// The sentence that says when a pair is SLOWER under these options: one text for every format.
std::string verdict_rule(const Comparison& c, const CompareOptions& o);
// What to do when a time comparison cannot tell: one text for every format and for history.
inline constexpr std::string_view kWayOut =
    "`sudoku-bench ab` measures both in turns on one machine; `run --measure instructions` counts instead of timing";
// A metric's change of time per puzzle with its interval: "+3.1% (+2.0% to +4.3%)", "+3.1%" when
// the repetitions allow no interval, "-" when there is no change to give.
std::string change_text(const MetricComparison& m);

// The verdict vocabulary, in one place: a verdict as a word for machines ("slower", "faster",
// "same"), and as a table shows it on the row that decides: "SLOWER", "faster", "cannot tell",
// nothing for the same. A row that only informs shows none: it is not judged.
std::string_view verdict_word(Verdict v);
std::string verdict_cell(Verdict v);
// A p value as every table writes it: "0.0123", "<0.0001".
std::string p_text(double p);
// And as a sentence says it: "p = 0.0123", "p < 0.0001".
std::string p_phrase(double p);
// The whole comparison in one line, which compare, compare --per-puzzle and ab print first: "new is
// 2.6% slower than base (CPU/puzzle +1.4% to +4.2%), p = 0.0010: SLOWER", of the first slower pair,
// else the one that changed most; "(top95; 1 of 3 pairs slower)" after it when there are several.
std::string verdict_line(const Comparison& c, const std::string& base, const std::string& current);
// What that line reads of one judged pair (or per-puzzle group), whichever model judged it.
struct JudgedItem {
  std::string where;                // what names it among several: "top95", "top95 fast 1 thread"
  std::string figure;               // the figure judged: "CPU/puzzle"
  double change = 0;                // growth of time per puzzle, a fraction
  std::optional<double> low, high;  // its interval, where the repetitions allow one
  double p_value = 1;
  bool counted = false;  // instruction counts: no test
  Verdict verdict = Verdict::same;
  bool can_detect = true;
  std::string doubt;  // why it cannot tell
};
// The line of any model's items; `noun` counts them: "pairs", "groups".
std::string verdict_line(const std::vector<JudgedItem>& items, const std::string& base, const std::string& current,
                         const std::string& noun);

// The comparison as a table, one model that text, markdown and HTML render: a row per pair and
// metric, its figures written out by the metric's unit. Percentiles whose repetitions are the same
// as the row before's (p99 to p100 on 95 puzzles: one puzzle each) make one row, "latency
// p99..p100"; p only on the metrics the metric table tests (Metric::tested); the verdict only on
// the row that decides.
struct ComparisonRow {
  const PairComparison* pair = nullptr;
  const MetricComparison* metric = nullptr;
  bool first = false;  // the pair's first row
  bool gated = false;  // the row whose verdict counts
  std::string label, reps, base, current, ratio, change, p, verdict;
};
// The columns' headers, in the order the rows' cells come (ComparisonRow::cells).
std::vector<std::string> comparison_header(const Comparison& c, const CompareOptions& o);
// Which of those columns the terminal aligns left (names, and the change's text).
std::vector<bool> comparison_left(const Comparison& c);
std::vector<ComparisonRow> comparison_rows(const Comparison& c);
// dataset, solver, threads, metric, reps, base, new, new/base, change, p, verdict; no p for counts.
std::vector<std::string> cells_of(const ComparisonRow& row);
// What the rows without a verdict are, after verdict_rule.
inline constexpr std::string_view kReadingOnly =
    "The other rows are for reading only: not judged, and a p only where the figure is tested.";

// Which report each side is.
struct ComparedSide {
  std::string path, git_commit, date;
  // ab: the solver measured on that side ("old = plugin:v1/libx.so (sha256 d6f2bfb45c97)"), which
  // the markdown names instead of the harness's commit (the same on both sides); "" for compare.
  std::string solver = {};
};

nlohmann::ordered_json comparison_json(const Comparison& c, const CompareOptions& o, const ComparedSide& base,
                                       const ComparedSide& current);
std::string comparison_markdown(const Comparison& c, const CompareOptions& o, const ComparedSide& base,
                                const ComparedSide& current);

}  // namespace sudoku_bench
