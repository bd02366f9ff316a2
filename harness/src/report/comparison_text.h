// compare's (and ab's) text: the table of a comparison of reports, its verdict lines, and the
// per-puzzle table; the notes on what could not be compared go to `err`. The other forms of a
// comparison (markdown, JSON, the page) are comparison_formats.h's.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "report/comparison.h"
#include "report/per_puzzle_comparison.h"
#include "report/report.h"

namespace sudoku_bench {

// "BASE path (commit, date)", "NEW ...", and what each solver stood for on each side (its spec, its
// files' SHA-256), so that two versions of one plugin paired by name are told apart.
void print_comparison_head(std::FILE* out, const Report& base, const std::string& base_path, const Report& current,
                           const std::string& current_path, const Comparison& c);

// The table and a line per slower pair with the summary on `out` (nothing there when it is null), a
// note per pair too few repetitions leave blind on `err`. Returns how many pairs are slower.
int print_comparison_text(const Comparison& c, const CompareOptions& o, std::FILE* out, std::FILE* err);

// Says on `err` which groups of either per-puzzle file found no partner, and why when it is only the path.
void note_unpaired(const PerPuzzleComparison& comparison, std::FILE* err);
// The groups with puzzles paired in both files; says on `err` what each group left out.
std::vector<const GroupComparison*> compared_groups(const PerPuzzleComparison& comparison, std::FILE* err);
// The verdict line, the per-puzzle table, the puzzles most slowed and the rule; returns how many
// groups are slower.
int print_per_puzzle_text(std::FILE* out, const std::string& base_path, const std::string& current_path,
                          const std::vector<const GroupComparison*>& compared, const PerPuzzleOptions& options);

}  // namespace sudoku_bench
