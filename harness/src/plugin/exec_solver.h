// exec:COMMAND: a solver in any language, as a program that answers puzzles on its standard
// input and output. One process per solver thread (kept between passes), started with /bin/sh -c
// in a process group of its own.
//
// The protocol, one line each way per puzzle, in order:
//   in:  PUZZLE LIMIT       PUZZLE the grid's side*side symbols ('1'-'9', then 'A'...; '.' blank),
//                           LIMIT the count to stop at (2 checks uniqueness)
//   out: COUNT[:SOLUTION[:GUESSES]]
//                           COUNT 0..LIMIT (more is a fault); SOLUTION the first solution's symbols, or empty
//                           (none written); GUESSES the solver's own count of guesses
// Puzzles are written in batches (exec:COMMAND: up to 64 at a time, exec/N:COMMAND: N; exec/1 is a
// round trip per puzzle), so a program must answer each line as it reads it (flush after each
// answer, or after the input has no more lines waiting). A program that exits, answers something
// else (an answer line is 64 KiB at most) or hangs is named with the puzzle it was given
// (plugin::SolverFault); exec_process.h says how it is started, talked to and ended.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "sudoku/solver.h"

namespace sudoku_bench::plugin {

// Puzzles written at a time when the spec names no batch (exec:COMMAND): ~5 KB each way, well
// inside a socket's buffer.
inline constexpr std::size_t kDefaultExecBatch = 64;

// `command` run by /bin/sh -c, `batch` puzzles at a time (1 to 4096), called `name` (the spec).
std::unique_ptr<sudoku::SolverFactory> make_exec_factory(const std::string& name, const std::string& command,
                                                         std::size_t batch = kDefaultExecBatch);

}  // namespace sudoku_bench::plugin
