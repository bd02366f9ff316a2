#include "sudoku/solve_unique.h"

#include <cstddef>
#include <cstdint>
#include <iterator>

#include "strategies/bitmask.h"

namespace sudoku {
namespace {

// Adds digit `v` (0: none) to the set `seen`; true if it was there already.
bool repeats(std::uint64_t& seen, int v) {
  if (v == 0) return false;
  const std::uint64_t bit = std::uint64_t{1} << v;
  if (seen & bit) return true;
  seen |= bit;
  return false;
}

// A given repeated in some unit. Run-time box size: this runs once per call, not per node.
bool has_conflict(const Grid& g) {
  const int b = g.box, n = g.side();
  for (int u = 0; u < n; ++u) {
    std::uint64_t row = 0, col = 0, box = 0;
    for (int k = 0; k < n; ++k) {
      const int r = (u / b) * b + k / b, c = (u % b) * b + k % b;
      if (repeats(row, g.cells[u * n + k]) || repeats(col, g.cells[k * n + u]) || repeats(box, g.cells[r * n + c]))
        return true;
    }
  }
  return false;
}

}  // namespace

// In UniqueError's order.
constexpr std::string_view kUniqueErrorTexts[] = {"wrong size (expected 4x4, 9x9, 16x16, 25x25, 36x36 or 49x49)",
                                                  "value out of range", "conflicting givens", "no solution",
                                                  "multiple solutions"};
static_assert(std::size(kUniqueErrorTexts) == static_cast<std::size_t>(UniqueError::multiple_solutions) + 1);

std::string_view describe(UniqueError error) {
  const auto at = static_cast<std::size_t>(error);
  return at < std::size(kUniqueErrorTexts) ? kUniqueErrorTexts[at] : "unknown error";
}

UniqueResult<Grid> solve_unique(const Grid& puzzle) {
  UniqueResult<Grid> result;
  if (puzzle.box < kMinBox || puzzle.box > kMaxBox) {
    result.error = UniqueError::wrong_size;
    return result;
  }
  for (int i = 0; i < puzzle.cell_count(); ++i) {
    if (puzzle.cells[i] > puzzle.side()) {
      result.error = UniqueError::value_out_of_range;
      return result;
    }
  }
  if (has_conflict(puzzle)) {
    result.error = UniqueError::conflicting_givens;
    return result;
  }
  SolveOptions options;
  options.max_solutions = 2;
  const SolveResult r = detail::make_bitmask_factory()->make()->solve(puzzle, options, &result.solution);
  // Without a node limit the search always finishes.
  if (r.solutions != 1) result.error = r.solutions == 0 ? UniqueError::no_solution : UniqueError::multiple_solutions;
  return result;
}

UniqueResult<Rows> solve_unique(const Rows& puzzle) {
  UniqueResult<Rows> result;
  Grid grid;
  grid.box = box_for_cell_count(puzzle.size() * puzzle.size());
  for (const auto& row : puzzle)
    if (row.size() != puzzle.size()) grid.box = 0;
  if (grid.box == 0) {
    result.error = UniqueError::wrong_size;
    return result;
  }
  const int n = grid.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = puzzle[r][c];
      if (v < 0 || v > n) {
        result.error = UniqueError::value_out_of_range;
        return result;
      }
      grid.cells[r * n + c] = static_cast<std::uint8_t>(v);
    }
  }
  const UniqueResult<Grid> solved = solve_unique(grid);
  result.error = solved.error;
  if (!result.error) {
    result.solution.assign(n, std::vector<int>(n));
    for (int i = 0; i < grid.cell_count(); ++i) result.solution[i / n][i % n] = solved.solution.cells[i];
  }
  return result;
}

}  // namespace sudoku
