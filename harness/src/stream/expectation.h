// What a record's file says to expect of it (csv and checks files: a count, "invalid" or
// "aborted", and a solution), and whether an answer holds to it. Judged outside the timing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/grid.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

class Expectation {
 public:
  // Nothing expected, as a record of a format without the fields says.
  void clear() {
    invalid_ = false;
    count_.reset();
    has_solution_ = false;
  }
  // The record's count field, and its solution field when it has one: empty when they parse, else
  // why not (and nothing is expected: a malformed expectation makes the record invalid).
  std::string parse(std::string_view count, std::string_view solution, bool has_solution);

  bool any() const { return invalid_ || count_ || has_solution_; }
  bool invalid() const { return invalid_; }
  bool has_solution() const { return has_solution_; }

  // How a puzzle's answer (`result` at `limit`, and the solution it wrote into `answer` when
  // `written`) disagrees with what was expected; empty when it agrees.
  std::string check(const sudoku::SolveResult& result, std::uint64_t limit, const sudoku::Grid& puzzle,
                    const sudoku::Grid& answer, bool written) const;

 private:
  bool invalid_ = false;
  std::optional<std::uint64_t> count_;
  // Parsed in place: a Grid made per record is 2.4 KB cleared, and another copied into an optional.
  sudoku::Grid solution_;
  bool has_solution_ = false;
};

}  // namespace sudoku_bench
