/* The C interface of an external solver that sudoku-bench loads with
 * --solver plugin:PATH.so[:SYMBOL][@MODE]. It is the signature the popular 9x9 solver benchmarks
 * use (tdoku's among them), so existing solvers fit as they are.
 *
 *   puzzle    81 characters, '1'-'9' for givens and '.' for blanks, then a NUL byte (byte 81), in a
 *             buffer of sudoku-bench's own that the solver may read to the NUL and even write: it is
 *             filled anew for every call, whatever the input's format (a file, gzip, stdin)
 *   limit     stop counting at this many solutions (2 checks uniqueness)
 *   flags     0; reserved for solver-specific configuration
 *   solution  81 writable characters (and room for a NUL after them): the first solution found,
 *             when there is one. sudoku-bench checks every solution written. A solver that
 *             reports solutions but writes none (tdoku at limit 2) is asked again at limit 1,
 *             outside the latency timing: by `solve` for every record, by `run` only for one in 4
 *             of the records it recounts (about 1 in 256), so that its throughput is not charged
 *             a second solve per puzzle. One that still writes none only counts: its counts alone are
 *             judged (recounted by a reference), and the report says its solutions went unchecked
 *   guesses   receives the number of guesses made (the solver's own notion)
 *   returns   the number of solutions found, at most `limit` (more is a fault, named with its
 *             record: "answered COUNT N to PUZZLE, above the limit L it was given")
 *
 * Threads: sudoku-bench calls it from several threads at once. A reentrant solver (no shared mutable
 * state, or thread-local state only) is loaded once. One that keeps its state in globals, as tdoku
 * does, is found out when it is loaded (answers at 2-4 threads at once differ from one thread's;
 * @auto, the default) and then gets a private instance of the library per solver thread (a copy
 * loaded under its own name, with its own globals); @private forces that, @shared forbids it.
 * Globals in other libraries it loads are still shared.
 *
 * Faults: a call that crashes (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) or lets a C++ exception
 * escape is stopped there, named with its record (FILE:LINE) and ends the pass (exit status 4; the
 * passes before are reported). A call that runs on is named on stderr after 10 s (or 10 times
 * --time-limit-ms), and SIGINT/SIGTERM stop it. `sudoku-bench check-plugin PATH[:SYMBOL]` checks
 * all of this in seconds. The default symbol name is "solve". */
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
