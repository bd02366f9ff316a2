// Counting a puzzle's solutions with CaDiCaL: the puzzle as CNF over the candidates its givens
// leave, each solution found ruled out by a blocking clause added to the same (incremental) solver.
// Shared by the SAT reference `cadical` and the second part of `portfolio`.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "sudoku/solver.h"

namespace sudoku::detail {

// What bounds one count besides SolveOptions::stop. Each 0 or empty: no bound.
struct SatLimits {
  std::uint64_t decisions_per_call = 0;  // each search for one more solution
  std::uint64_t conflicts = 0;           // the whole count
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

class CadicalCount {
 public:
  CadicalCount();
  ~CadicalCount();
  // Counts to options.max_solutions; options.stop is honoured, its time limit and node limit are
  // the caller's to turn into `limits`. A fresh CaDiCaL each call: it allocates. nodes and guesses
  // are the conflicts CaDiCaL met (one clause learned each), its API (1.5) counting no decisions.
  SolveResult count(const Grid& puzzle, const SolveOptions& options, Grid* solution, const SatLimits& limits);

 private:
  struct State;  // keeps cadical.hpp out of this header
  std::unique_ptr<State> state_;
};

}  // namespace sudoku::detail
