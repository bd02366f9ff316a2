// What the harness does with a solver's answers. This is the harness's policy, not a fact of the
// solver, so the solver library's interface (sudoku::SolverFactory) does not carry it: the
// harness's own factories (noop, plugins, exec: programs, and the wrappers around any factory)
// derive from HarnessFactory and say it, and the library's strategies get the default. Like
// TextSolver, it is found with dynamic_cast (policy_of): once where a command or a step is set
// up, never per record.
#pragma once

#include <string>

#include "sudoku/solver.h"

namespace sudoku_bench {

struct SolverPolicy {
  // False for a solver that answers without counting (noop, which times the harness alone): its
  // answers are not judged, and it can be no reference.
  bool counts_solutions = true;
  // The strategy that should recount a sample of this solver's answers when the user names none:
  // one for solvers from outside, whose answers nothing else checks; "" for the built-in
  // strategies, which the tests hold to each other's counts.
  std::string recounted_by;
};

class HarnessFactory : public sudoku::SolverFactory {
 public:
  // Pure, so that each of the harness's factories says its policy (a wrapper: its inner one's).
  virtual SolverPolicy policy() const = 0;
};

// A HarnessFactory's policy; the default one for any other factory (the built-in strategies).
SolverPolicy policy_of(const sudoku::SolverFactory& factory);

}  // namespace sudoku_bench
