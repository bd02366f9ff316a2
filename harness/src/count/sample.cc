#include "count/sample.h"

namespace sudoku_bench {

std::vector<std::size_t> sample_indexes(std::size_t records, std::size_t n) {
  std::vector<std::size_t> picked;
  if (n == 0 || n >= records) n = records;
  // Spread over the whole file, as the gates' samples are: a file sorted by difficulty gives its
  // hard end a share too.
  const std::size_t every = n ? records / n : 1;
  picked.reserve(n);
  for (std::size_t i = 0; i < n; ++i) picked.push_back(i * every);
  return picked;
}

}  // namespace sudoku_bench
