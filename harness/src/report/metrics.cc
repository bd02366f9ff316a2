#include "report/metrics.h"

#include <stdexcept>

#include "report/units.h"

namespace sudoku_bench {
namespace {

using Figure = std::optional<double>;

double whole(std::uint64_t n) { return static_cast<double>(n); }

// A figure the pass measured (stats/pass_figures.h).
template <Fig F>
Figure measured(const MeasuredPass& r) {
  return r.figures[F];
}

template <std::size_t Index>
Figure latency_percentile(const MeasuredPass& r) {
  return r.distributions.latency_measured ? Figure(whole(r.distributions.latency_ns.percentiles[Index])) : std::nullopt;
}

template <std::size_t Index>
Figure tree_percentile(const MeasuredPass& r) {
  return r.distributions.tree_size_reported ? Figure(whole(r.distributions.tree_size.percentiles[Index]))
                                            : std::nullopt;
}

// A latency percentile: in gbench and compare, and where `more` says.
template <std::size_t Index>
constexpr Metric latency_row(std::string_view key, std::string_view label, std::string_view column = {},
                             unsigned more = kShownNowhere, std::string_view bmf = {}) {
  return {.key = key,
          .label = label,
          .column = column,
          .unit = Unit::ns,
          .better = Better::lower,
          .shown = kInGbench | kInCompare | more,
          .of = latency_percentile<Index>,
          .integral = true,
          .width = 9,
          .bmf = bmf,
          .tested = true,
          .only = Measure::time};
}

// In the order every output lists them.
constexpr Metric kMetrics[] = {
    {.key = "puzzles",
     .label = "puzzles",
     .shown = kInCsv,
     .of = [](const MeasuredPass& r) { return Figure(whole(r.puzzles())); },
     .integral = true},
    {.key = "wall_seconds",
     .label = "wall",
     .unit = Unit::seconds,
     .better = Better::lower,
     .shown = kInCsv | kInHtmlPasses,
     .of = [](const MeasuredPass& r) { return Figure(r.wall_seconds); }},
    {.key = "cpu_seconds",
     .label = "CPU",
     .unit = Unit::seconds,
     .better = Better::lower,
     .shown = kInCsv | kInHtmlPasses,
     .of = measured<Fig::cpu_seconds>,
     .only = Measure::time},
    {.key = "puzzles_per_second",
     .label = "puzzles/s",
     .unit = Unit::per_second,
     .better = Better::higher,
     .shown = kInCsv | kInGbench | kInBmf | kInCompare | kInHtmlPasses,
     .of = [](const MeasuredPass& r) { return Figure(r.puzzles_per_second()); },
     .gbench = "items_per_second",
     .bmf = "throughput",
     .tested = true,
     .only = Measure::time},
    // The process's CPU time, every thread's, and its exec: programs', over the puzzles: what other programs on the
    // machine change least. Unknown in reports written before cpu_seconds.
    {.key = "cpu_per_puzzle_ns",
     .label = "CPU/puzzle",
     .column = "CPU/puzzle",
     .unit = Unit::ns,
     .better = Better::lower,
     .shown = kInTable | kInCsv | kInBmf | kInCompare | kInHtmlPasses | kInJson,
     .of =
         [](const MeasuredPass& r) {
           const Figure cpu = r.figures[Fig::cpu_seconds];
           if (!cpu) return Figure();
           return Figure(r.puzzles() ? *cpu * 1e9 / whole(r.puzzles()) : 0.0);
         },
     .width = 10,
     .bmf = "cpu-time",
     .tested = true,
     .only = Measure::time},
    latency_row<percentile_index("1")>("latency_p1_ns", "latency p1"),
    latency_row<percentile_index("10")>("latency_p10_ns", "latency p10"),
    latency_row<percentile_index("25")>("latency_p25_ns", "latency p25"),
    latency_row<percentile_index("50")>("latency_p50_ns", "latency p50", "lat p50", kInTable | kInCsv),
    latency_row<percentile_index("75")>("latency_p75_ns", "latency p75"),
    latency_row<percentile_index("90")>("latency_p90_ns", "latency p90", {}, kInCsv),
    latency_row<percentile_index("99")>("latency_p99_ns", "latency p99", "lat p99", kInTable | kInCsv | kInBmf,
                                        "latency-p99"),
    latency_row<percentile_index("99.9")>("latency_p99.9_ns", "latency p99.9", "lat p99.9", kInTable | kInCsv),
    latency_row<percentile_index("99.99")>("latency_p99.99_ns", "latency p99.99"),
    latency_row<percentile_index("100")>("latency_p100_ns", "latency p100"),
    {.key = "latency_max_ns",
     .label = "latency max",
     .column = "lat max",
     .unit = Unit::ns,
     .better = Better::lower,
     .shown = kInTable | kInCsv,
     .of =
         [](const MeasuredPass& r) {
           return r.distributions.latency_measured ? Figure(whole(r.distributions.latency_ns.max)) : std::nullopt;
         },
     .integral = true,
     .width = 9,
     .only = Measure::time},
    {.key = "latency_mean_ns",
     .label = "latency mean",
     .unit = Unit::ns,
     .better = Better::lower,
     .shown = kInGbench | kInBmf,
     .of =
         [](const MeasuredPass& r) {
           return r.distributions.latency_measured ? Figure(r.distributions.latency_ns.mean) : std::nullopt;
         },
     .bmf = "latency",
     .only = Measure::time},
    {.key = "tree_size_mean",
     .label = "tree size mean",
     .column = "nodes avg",
     .shown = kInTable | kInCsv | kInGbench | kInBmf,
     .of =
         [](const MeasuredPass& r) {
           return r.distributions.tree_size_reported ? Figure(r.distributions.tree_size.mean) : std::nullopt;
         },
     .width = 10,
     .table_format = "%.1f",
     .bmf = "tree-size"},
    {.key = "tree_size_p50",
     .label = "tree size p50",
     .shown = kInGbench,
     .of = tree_percentile<percentile_index("50")>,
     .integral = true},
    {.key = "tree_size_p99",
     .label = "tree size p99",
     .shown = kInGbench,
     .of = tree_percentile<percentile_index("99")>,
     .integral = true},
    {.key = "tree_size_max",
     .label = "tree size max",
     .shown = kInCsv | kInGbench,
     .of =
         [](const MeasuredPass& r) {
           return r.distributions.tree_size_reported ? Figure(whole(r.distributions.tree_size.max)) : std::nullopt;
         },
     .integral = true},
    {.key = "guesses_mean",
     .label = "guesses mean",
     .column = "guess avg",
     .shown = kInTable | kInCsv | kInGbench,
     .of = [](const MeasuredPass& r) { return Figure(r.distributions.guesses.mean); },
     .width = 10,
     .table_format = "%.2f"},
    // --min-time: the readings of the file; for parts, the most any part made.
    {.key = "loops",
     .label = "loops",
     .shown = kInCsv,
     .of = [](const MeasuredPass& r) { return Figure(r.loops); },
     .integral = true},
    // Memory first touched during the pass (getrusage's ru_minflt): what a solver that allocates as it
    // solves, or a buffer that grows, costs beside solving.
    {.key = "minor_page_faults",
     .label = "minor page faults",
     .better = Better::lower,
     .shown = kInCsv | kInGbench | kInBmf | kInCompare | kInHtmlPasses,
     .of = measured<Fig::minor_page_faults>,
     .integral = true,
     .bmf = "minor-page-faults"},
    // The threads waiting of their own accord (getrusage's ru_nvcsw): a solver that blocks (a program's
    // pipe, a lock) shows here. Like page faults, read, not tested: the kernel's to move. In the table,
    // unlike them: a pass that waited is slower for a reason its throughput does not name. A time
    // figure: under valgrind it would count the harness waiting for valgrind.
    {.key = "voluntary_context_switches",
     .label = "voluntary switches",
     .column = "vol csw",
     .better = Better::lower,
     .shown = kInTable | kInCsv | kInGbench | kInBmf | kInCompare | kInHtmlPasses,
     .of = measured<Fig::voluntary_context_switches>,
     .integral = true,
     .width = 8,
     .table_format = "%.0f",
     .bmf = "voluntary-context-switches",
     .only = Measure::time},
    // --measure instructions: what valgrind counted inside the solver's calls, per record; the same on
    // every run of the same code and records, so compare and history judge it without a p-value.
    {.key = "instructions_per_puzzle",
     .label = "instructions/puzzle",
     .column = "instr/puzzle",
     .better = Better::lower,
     .shown = kInTable | kInCsv | kInGbench | kInBmf | kInCompare | kInHtmlPasses,
     .of = measured<Fig::instructions_per_puzzle>,
     .width = 13,
     .table_format = "%.0f",
     .bmf = "instructions",
     .only = Measure::instructions},
};

}  // namespace

std::span<const Metric> metrics() { return kMetrics; }

const Metric& metric(std::string_view key) {
  for (const Metric& m : kMetrics)
    if (m.key == key) return m;
  throw std::out_of_range("no metric " + std::string(key));
}

std::string metric_text(const Metric& m, double value) {
  switch (m.unit) {
    case Unit::per_second:
      return format_count(value);
    case Unit::ns:
      return format_duration_ns(value);
    case Unit::seconds:
      return format_count(value * 1000) + " ms";
    case Unit::bytes:
      return format_count(value) + " bytes";
    case Unit::count:
      break;
  }
  return format_fixed(m.table_format, value);
}

std::string metric_text(const Metric& m, const std::optional<double>& value) {
  return value ? metric_text(m, *value) : std::string("-");
}

const Metric& gate_metric(GateTime gate) { return metric(gate_metric_key(gate)); }

}  // namespace sudoku_bench
