// `noop`: parses each record and calls it unique without searching. What `run --solver noop`
// measures is the harness's own cost per record (reading, splitting, parsing, recording): the
// ceiling no solver can pass on this machine.
#pragma once

#include <memory>

#include "sudoku/solver.h"

namespace sudoku_bench {

inline constexpr const char* kNoopSpec = "noop";
inline constexpr const char* kNoopSummary =
    "the harness's own cost: parses each record, calls it unique, no search (run only)";

std::unique_ptr<sudoku::SolverFactory> make_noop_factory();

}  // namespace sudoku_bench
