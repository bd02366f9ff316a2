// Whether a plugin's function can be called from several threads at once: the same puzzles, solved
// by 2 to 4 threads at once in shuffled orders, must get the answers one thread gets.
#pragma once

#include <string>

#include "sudoku_bench/plugin_abi.h"

namespace sudoku_bench::plugin {

struct ReentrancyCheck {
  bool reentrant = true;
  std::string why_not;  // the first difference, or the fault, when not
};

// `solver` names it in messages. A crash or an escaping exception at several threads (guarded, see
// call_guard.h) counts as not reentrant; one at a single thread is reported as such.
ReentrancyCheck check_reentrancy(sudoku_bench_solve_fn fn, const std::string& solver);

}  // namespace sudoku_bench::plugin
