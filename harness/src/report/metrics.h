// Every per-pass figure shown declared once (metrics.cc): its names, unit, direction, how it is read
// from a measured pass, and where it is shown. The terminal table, csv, markdown, gbench, bmf, the
// HTML tables and `compare` read this table, so a figure is a row there and reaches every output
// with no change to the outputs. What a pass measures (and the JSON report, MPI parts and merging
// keep) is declared in stats/pass_figures.h: a row there and here.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "report/report.h"
#include "report/verdict.h"

namespace sudoku_bench {

enum class Unit {
  count,       // a number of things, or a mean of them
  per_second,  // puzzles per second
  ns,          // a time per puzzle
  seconds,     // a pass's time
  bytes,
};

// Which way is better; compare reads a figure's change as a change of time through it.
enum class Better { higher, lower, neither };

// The outputs that show a figure, a set of them (Metric::shown).
enum Shown : unsigned {
  kShownNowhere = 0,
  kInTable = 1 << 0,       // the terminal table and its forms (markdown, the HTML results): `column`
  kInCsv = 1 << 1,         // a column per pass: `key`
  kInGbench = 1 << 2,      // a user counter: `gbench`, else `key`
  kInBmf = 1 << 3,         // a Bencher measure: `bmf`
  kInCompare = 1 << 4,     // compared pair by pair: `label`
  kInHtmlPasses = 1 << 5,  // the HTML page's table of every pass: `label`
  kInJson = 1 << 6,        // a derived field of runs[] (written, checked when read, recomputed): `key`
};

struct Metric {
  std::string_view key = {};     // snake_case with its unit: "latency_p50_ns"
  std::string_view label = {};   // for people: "latency p50"
  std::string_view column = {};  // the terminal table's header, at most `width` wide
  Unit unit = Unit::count;
  Better better = Better::neither;
  unsigned shown = kShownNowhere;
  // The figure of one pass; empty where the pass did not measure it (--no-latency, a plugin's
  // tree sizes, CPU time in old reports).
  std::optional<double> (*of)(const MeasuredPass&) = nullptr;
  bool integral = false;  // a whole number: written without a fraction (csv, gbench)
  int width = 0;          // the terminal table's column
  // printf format of one double for a count in the table; the others are written by their unit.
  const char* table_format = "%g";
  std::string_view gbench = {};  // Google Benchmark's own name for it, where it has one
  std::string_view bmf = {};
  // Compared with a test: the tables of a comparison (compare, ab, the pages) give its p. A figure
  // whose repetitions move for reasons of their own (page faults: the allocator's, the kernel's) is
  // shown there for reading, with no p to take for a verdict.
  bool tested = false;
  // A figure of one measure only (report.h: Measure): time's (throughput, CPU time, latency), which a
  // counting run under valgrind makes meaningless, or the count, which a time report has not. Shown
  // only in reports of that measure; empty: in both.
  std::optional<Measure> only = std::nullopt;

  bool in(Shown where) const { return (shown & where) != 0; }
  // In `where` for a report of `measure`.
  bool in(Shown where, Measure measure) const { return in(where) && (!only || *only == measure); }
  std::string_view gbench_name() const { return gbench.empty() ? key : gbench; }
};

std::span<const Metric> metrics();
// The metric of `key`; throws std::out_of_range for an unknown key.
const Metric& metric(std::string_view key);
// The figure that `--gate wall` and `--gate cpu` decide on (report/verdict.h).
const Metric& gate_metric(GateTime gate);

// A value for people, by its unit: "1,234" puzzles/s, "5.12 us", "12 ms" for a pass's seconds.
std::string metric_text(const Metric& m, double value);
// As the table writes it: "-" where the pass did not measure it.
std::string metric_text(const Metric& m, const std::optional<double>& value);

}  // namespace sudoku_bench
