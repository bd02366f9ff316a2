#include "plugin/solver_policy.h"

namespace sudoku_bench {

SolverPolicy policy_of(const sudoku::SolverFactory& factory) {
  const auto* harness = dynamic_cast<const HarnessFactory*>(&factory);
  return harness ? harness->policy() : SolverPolicy{};
}

}  // namespace sudoku_bench
