// The human-readable form of a report, for a terminal.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "report/names.h"
#include "report/report.h"

namespace sudoku_bench {

// One row per (dataset, solver, threads): median throughput over repetitions, its spread, and the
// latency and tree-size figures of the repetition with the median throughput.
void print_table(std::FILE* out, const Report& report);

// What the spread column says, for the readers of the table's forms.
inline constexpr std::string_view kSpreadMeaning =
    "spread: the range of the repetitions' throughputs (fastest minus slowest) as a share of their median.";

// ab's page says it of its rounds, which pairing takes the machine's drift out of.
inline constexpr std::string_view kRoundsSpread =
    "spread: the range of the rounds' throughputs (fastest minus slowest) as a share of their median: how far "
    "the machine's speed moved between rounds. The verdict is not taken on it but on each round's ratio of new "
    "to base (the chart of rounds), which takes out what both sides of a round shared.";

// The cells of that table, as print_table prints them, for its other forms (markdown_format.h):
// dataset, solver, threads (ranks x threads "2x4" when a pass ran in parts), puzzles/s, spread,
// speedup and eff (where a row ran on more than one worker: else they could only read 1.00, as on
// ab's page), then the median repetition's figures that the metric table (metrics.h) puts in
// the table; "-" where a figure is not known.
struct Table {
  struct Row {
    std::vector<std::string> cells;
    const MeasuredPass* median_pass = nullptr;  // the repetition with the median throughput
    std::vector<const MeasuredPass*> passes;    // every complete repetition, slowest first
  };
  std::vector<std::string> header;
  std::vector<bool> left;  // left-aligned (names); the others are numbers, to the right
  std::vector<Row> rows;
  // The columns of the group (names, scaling) before the metric table's figures. An instruction
  // report's table leaves out throughput, its spread and scaling, CPU time and latency (valgrind's,
  // not the solver's), and shows instructions per puzzle (instr/puzzle).
  std::size_t group_columns = 0;
};
Table table_of(const Report& report);

// For the forms read as plain text (the terminal's, markdown): the table's names (its left-aligned
// columns) shortened (short_name), so that a plugin's path does not widen every row; returns the
// legend that spells out each name shortened, of every pass. The HTML page shows them whole.
std::vector<ShortenedName> shorten_names(Table& table, const Report& report);

// What makes a row's figures doubtful, a sentence each, as print_table prints them after the row
// ("input-bound: …", "imbalance: …", solutions left unchecked, outliers and disturbed passes among
// its repetitions). Disturbed passes come with `compare --drop-disturbed` as the way out where some
// passes were not disturbed and `advise_dropping` (not on ab's page: its rounds pair by number).
std::vector<std::string> row_warnings(const Table::Row& row, bool advise_dropping = true);

// Per dataset and solver, from its passes at the most threads: how far the harness keeps up with
// this solver (Amdahl, from the measured serial and parallel costs per record), a line each, as
// every form of a time report shows it; none for a count report (valgrind slows the harness too).
std::vector<std::string> harness_limits(const Report& report);

}  // namespace sudoku_bench
