// The `fast` engine on the AVX-512 backend; this file alone is compiled for AVX-512.
#include "strategies/fast/backends.h"
#include "strategies/fast/engine.h"
#include "strategies/fast/ops_avx512.h"

namespace sudoku::detail::fast {
namespace {

class Avx512Solver final : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    return engine_.solve(puzzle, options, solution);
  }

 private:
  Engine<Avx512Ops> engine_;
};

}  // namespace

std::unique_ptr<Solver> make_avx512_solver() { return std::make_unique<Avx512Solver>(); }

}  // namespace sudoku::detail::fast
