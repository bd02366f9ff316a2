#include "run/spec_identity.h"

#include "report/solver_identity.h"
#include "stream/solver_specs.h"

namespace sudoku_bench {

SolverIdentity identify_solver(const SolverSpec& spec, const std::string& name) {
  return identify_files(name, spec.spec(), files_of_spec(spec));
}

}  // namespace sudoku_bench
