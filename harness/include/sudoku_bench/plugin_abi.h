/* The C interface of an external solver that sudoku-bench loads with --solver plugin:PATH.so[:SYMBOL].
 * It is the signature the popular 9x9 solver benchmarks use, so existing solvers fit as they are.
 *
 *   puzzle    81 characters, '1'-'9' for givens and '.' for blanks (not NUL-terminated)
 *   limit     stop counting at this many solutions (2 checks uniqueness)
 *   flags     0; reserved for solver-specific configuration
 *   solution  81 writable characters: the first solution found, when there is one. sudoku-bench
 *             checks it; a solver that reports solutions but writes none is asked again at
 *             limit 1 (outside the timing), and one that still writes none answered wrongly
 *   guesses   receives the number of guesses made (the solver's own notion)
 *   returns   the number of solutions found, at most `limit`
 *
 * sudoku-bench calls it from several threads at once: it must be reentrant (no shared mutable
 * state, or thread-local state only). The default symbol name is "solve". */
#ifndef SUDOKU_BENCH_PLUGIN_ABI_H_
#define SUDOKU_BENCH_PLUGIN_ABI_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef size_t (*sudoku_bench_solve_fn)(const char* puzzle, size_t limit, uint32_t flags, char* solution,
                                        size_t* guesses);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_BENCH_PLUGIN_ABI_H_ */
