// run --sample N: which records of a file are counted.
#pragma once

#include <cstddef>
#include <vector>

namespace sudoku_bench {

// The indexes (from 0) of the records `run --sample N` takes of a file of `records`: every k-th,
// the first included, k = records / n rounded down, the first n of them; all when n is 0 or not
// below `records`. They depend on the count alone, so two solvers, or two versions of one, count
// the same records of the same file.
std::vector<std::size_t> sample_indexes(std::size_t records, std::size_t n);

}  // namespace sudoku_bench
