// One call for programs that embed the library: the solution of a puzzle that must have exactly
// one, or the reason why there is none to give.
//
//   sudoku::Rows puzzle = {{5, 3, 0, 0, 7, 0, 0, 0, 0}, ...};  // 0 = blank
//   if (auto r = sudoku::solve_unique(puzzle)) use(r.solution);
//   else std::cerr << sudoku::describe(*r.error) << "\n";
//
// Each call makes a fresh solver; to solve many puzzles, keep a Solver from make_solver_factory.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "sudoku/grid.h"

namespace sudoku {

enum class UniqueError {
  // The grid is invalid before any search:
  wrong_size,          // not 4x4, 9x9, 16x16, 25x25, 36x36 or 49x49 (for Rows: also rows of unequal length)
  value_out_of_range,  // a cell outside 0..side, 0 being a blank
  conflicting_givens,  // a digit given twice in one row, column or box
  // The grid is valid but has no unique solution:
  no_solution,
  multiple_solutions,
};

constexpr bool is_invalid_grid(UniqueError error) { return error <= UniqueError::conflicting_givens; }

// A short phrase, e.g. "multiple solutions".
std::string_view describe(UniqueError error);

template <typename Board>
struct UniqueResult {
  std::optional<UniqueError> error;  // empty exactly when `solution` holds the one solution
  Board solution{};

  explicit operator bool() const { return !error; }
};

UniqueResult<Grid> solve_unique(const Grid& puzzle);

// Row-major rows, as most callers hold a grid; the solution comes back in the same shape.
using Rows = std::vector<std::vector<int>>;
UniqueResult<Rows> solve_unique(const Rows& puzzle);

}  // namespace sudoku
