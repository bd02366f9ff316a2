#include "stream/solver_call.h"

#include <new>

namespace sudoku_bench {

SolverCall::SolverCall(const sudoku::SolverFactory& factory, std::uint64_t seed)
    : solver_(factory.make()),
      text_solver_(dynamic_cast<TextSolver*>(solver_.get())),
      batch_solver_(dynamic_cast<BatchSolver*>(solver_.get())),
      seed_(seed) {}

bool SolverCall::solve(const sudoku::Grid& puzzle, std::string_view text, bool text_is_symbols,
                       const sudoku::SolveOptions& options, sudoku::SolveResult& r, sudoku::Grid& out,
                       bool ask_solution) {
  // A solver that writes a solution writes every cell, even a wrong one (a blank is 0): the first
  // cell still holding a value no cell can hold means it wrote none.
  if (seed_ == 0) {
    out.cells[0] = kNothingWritten;
    sudoku::Grid* const into = ask_solution ? &out : nullptr;
    // The record's own text, when the solver takes it as it is; else the grid.
    // The call returns straight into `r`: a result copied whole just after the callee wrote it
    // field by field waits for those stores (a failed store forwarding, ~5 ns a record of noop).
    if (!text_solver_ || !text_is_symbols || !text_solver_->solve_text(text, options, into, r))
      ::new (static_cast<void*>(&r)) sudoku::SolveResult(solver_->solve(puzzle, options, into));
    return r.solutions > 0 && out.cells[0] != kNothingWritten;
  }
  sudoku::Symmetry symmetry;
  sudoku::SolveOptions disguised_options = options;
  disguised_options.seed = disguise(puzzle, symmetry, disguised_);
  found_.cells[0] = kNothingWritten;
  ::new (static_cast<void*>(&r))
      sudoku::SolveResult(solver_->solve(disguised_, disguised_options, ask_solution ? &found_ : nullptr));
  const bool written = r.solutions > 0 && found_.cells[0] != kNothingWritten;
  if (written) sudoku::undo(symmetry, found_, out);
  return written;
}

void SolverCall::start_batch() {
  batch_.clear();
  batch_records_.clear();
}

void SolverCall::add_to_batch(const sudoku::Grid& puzzle, std::size_t record) {
  batch_records_.push_back(record);
  sudoku::Grid& grid = batch_.emplace_back();
  if (seed_ == 0) {
    sudoku::copy_grid(puzzle, grid);
  } else {
    sudoku::Symmetry symmetry;
    disguise(puzzle, symmetry, grid);
  }
}

std::size_t SolverCall::hand_batch(const sudoku::SolveOptions& options) {
  batch_solver_->prefetch(batch_, options);
  return batch_.size();
}

std::uint64_t SolverCall::batch_line(const Chunk& chunk, std::size_t index, std::uint64_t otherwise) const {
  return index < batch_records_.size() ? chunk.records[batch_records_[index]].line : otherwise;
}

std::uint64_t SolverCall::disguise(const sudoku::Grid& puzzle, sudoku::Symmetry& symmetry, sudoku::Grid& out) const {
  const std::uint64_t seed = sudoku::puzzle_seed(seed_, puzzle);
  symmetry = sudoku::random_symmetry(puzzle.box, seed);
  sudoku::apply(symmetry, puzzle, out);
  return seed;
}

}  // namespace sudoku_bench
