// Reading the files run --per-puzzle writes, for compare --per-puzzle.
#pragma once

#include <string>

#include "report/per_puzzle_comparison.h"

namespace sudoku_bench {

// The rows of `path` (plain or gzip CSV with run --per-puzzle's header), by dataset. Rows that
// were not timed or did not solve their puzzle are counted in `skipped`, not kept. Throws IoError
// naming the file and line of anything it cannot read.
PerPuzzleSide read_per_puzzle_file(const std::string& path);

}  // namespace sudoku_bench
