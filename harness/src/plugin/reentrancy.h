// Whether a plugin's function can be called from several threads at once: the same puzzles, solved
// by 2 to 4 threads at once in shuffled orders, must get the answers one thread gets.
#pragma once

#include <chrono>
#include <string>

#include "sudoku_bench/plugin_abi.h"

namespace sudoku_bench::plugin {

struct ReentrancyCheck {
  // no_answer: the check gave no answer in time, twice (a loaded machine, a slow plugin, or calls
  // that hang at several threads at once): nothing was found either way.
  enum class Verdict { reentrant, not_reentrant, no_answer } verdict = Verdict::reentrant;
  std::string why_not;  // the first difference or the fault (not_reentrant), the wait (no_answer)

  bool reentrant() const { return verdict == Verdict::reentrant; }
};

// `solver` names it in messages. The check runs in a child process (isolated_run.h): calls that race
// may corrupt the plugin's state, loop for ever or crash, and any of that counts as not reentrant.
// A check that takes longer than `limit` is tried once more with four times as long, so that a
// machine's load cannot turn the verdict: a second wait in vain is no_answer, never not_reentrant.
// Call it while no other thread holds a lock the child would need (at load time).
ReentrancyCheck check_reentrancy(sudoku_bench_solve_fn fn, const std::string& solver,
                                 std::chrono::milliseconds limit = std::chrono::milliseconds(10000));

}  // namespace sudoku_bench::plugin
