#include "stream/expectation.h"

#include <algorithm>
#include <charconv>

#include "sudoku/parse.h"

namespace sudoku_bench {

std::string Expectation::parse(std::string_view count, std::string_view solution, bool has_solution) {
  clear();
  if (count == "invalid") {
    invalid_ = true;
  } else if (count != "aborted") {
    std::uint64_t n = 0;
    const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc() || end != count.data() + count.size())
      return "bad expected count '" + std::string(count) + "'";
    count_ = n;
  }
  if (has_solution) {
    if (const sudoku::ParseResult r = sudoku::parse_record(solution, solution_); !r) {
      clear();
      return "expected solution: " + sudoku::describe(r);
    }
    has_solution_ = true;
  }
  return {};
}

std::string Expectation::check(const sudoku::SolveResult& result, std::uint64_t limit, const sudoku::Grid& puzzle,
                               const sudoku::Grid& answer, bool written) const {
  if (invalid_) return "expected an invalid record, found a puzzle";
  if (count_) {
    const std::uint64_t expected = std::min(*count_, limit);
    if (result.solutions != expected) {
      const auto plus = [&](std::uint64_t n) { return std::to_string(n) + (n == limit ? " or more" : ""); };
      return "expected " + plus(expected) + " solutions, found " + plus(result.solutions);
    }
  }
  if (has_solution_ && result.solutions == 1 && written) {  // unwritten: not re-asked (run)
    const int n = puzzle.cell_count();
    for (int i = 0; i < n; ++i) {
      if (i >= solution_.cell_count() || answer.cells[i] != solution_.cells[i])
        return "the solution differs from the one given, first at row " + std::to_string(i / puzzle.side() + 1) +
               ", column " + std::to_string(i % puzzle.side() + 1);
    }
  }
  return {};
}

}  // namespace sudoku_bench
