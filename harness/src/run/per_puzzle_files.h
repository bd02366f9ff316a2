// Reading the files run --per-puzzle writes, for compare --per-puzzle.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/per_puzzle_comparison.h"

namespace sudoku_bench {

// The rows of `path` (plain or gzip CSV with run --per-puzzle's header), by (dataset, solver,
// threads, file); empty when the file has a header and no row. Rows that were not timed or did not
// solve their puzzle are counted in `skipped`, not kept. Every row is checked whole: ten fields;
// names not empty; line, threads and repetition integers from 1 to 2^64-1; nodes and guesses empty
// or integers from 0 to 2^64-1; latency_ns empty or a finite number >= 0; outcome one of run's; no
// two rows for one puzzle in one pass. Throws IoError naming the file and line of the first fault:
// "FILE:LINE: column NAME: 'VALUE' is not ..." for a bad field.
PerPuzzleSide read_per_puzzle_file(const std::string& path);

}  // namespace sudoku_bench
