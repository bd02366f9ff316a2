// The `fast` engine on the AVX2 backend; this file alone is compiled for AVX2.
#include "strategies/fast/backends.h"
#include "strategies/fast/engine.h"
#include "strategies/fast/ops_avx2.h"

namespace sudoku::detail::fast {
namespace {

class Avx2Solver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    return engine_.solve(puzzle, options, solution);
  }

 private:
  Engine<Avx2Ops> engine_;
};

}  // namespace

std::unique_ptr<Solver> make_avx2_solver() { return std::make_unique<Avx2Solver>(); }

}  // namespace sudoku::detail::fast
