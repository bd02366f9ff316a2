#include "sudoku_bench/record_solver.h"

#include "sudoku_bench/records.h"

namespace sudoku_bench {

RecordSolver::RecordSolver(const sudoku::SolverFactory& factory, const sudoku::SolveOptions& options, std::uint64_t seed)
    : factory_(factory), solver_(factory.make()), options_(options), seed_(seed) {}

std::string RecordSolver::parse(const Chunk& chunk, const Record& record) {
  return parse_for(factory_, chunk, record, puzzle_);
}

sudoku::SolveResult RecordSolver::solve(sudoku::Grid* solution) {
  if (seed_ == 0) return solver_->solve(puzzle_, options_, solution);
  const std::uint64_t seed = sudoku::puzzle_seed(seed_, puzzle_);
  const sudoku::Symmetry symmetry = sudoku::random_symmetry(puzzle_.box, seed);
  disguised_ = sudoku::apply(symmetry, puzzle_);
  sudoku::SolveOptions options = options_;
  options.seed = seed;
  const sudoku::SolveResult r = solver_->solve(disguised_, options, solution ? &found_ : nullptr);
  if (solution && r.solutions > 0) *solution = sudoku::undo(symmetry, found_);
  return r;
}

}  // namespace sudoku_bench
