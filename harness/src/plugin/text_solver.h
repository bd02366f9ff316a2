// A harness-side extra a solver may offer beside sudoku::Solver: taking a record's own text. A
// solver whose interface is text (a plugin) would otherwise get the parsed grid and write it back
// as text; when the record is already in its format, the record step hands it the record's bytes
// instead (after the parse has found the record valid, and only for puzzles solved as given, not
// disguised by --seed). sudoku::Solver stays as it is: a solver offers this by deriving from both,
// and the step's SolverCall (stream/solver_call.h) finds it with dynamic_cast, once per solver.
#pragma once

#include <string_view>

#include "sudoku/solver.h"

namespace sudoku_bench {

class TextSolver {
 public:
  virtual ~TextSolver() = default;
  // `text` is a valid record in symbols ('0' or '.' a blank) that parsed to a grid this solver
  // takes. Sets `result` to what solve() of that grid returns (and writes the same solution) and
  // returns true; or returns false, having done nothing, when `text` is not in this solver's own
  // format: the caller then calls solve(). (An out-parameter rather than an optional: cheaper to
  // hand back on this path, once per record.)
  virtual bool solve_text(std::string_view text, const sudoku::SolveOptions& options, sudoku::Grid* solution,
                          sudoku::SolveResult& result) = 0;
};

}  // namespace sudoku_bench
