// How the process's heap treats what it frees, set once at start.
#pragma once

namespace sudoku_bench::sys {

// Freed memory stays with the process, to be allocated again, instead of going back to the
// kernel: each measured pass allocates its chunks, records and tail values afresh, and memory the
// heap had returned costs a page fault per 4 KiB page the next pass touches. With glibc's default
// thresholds a pass of kaggle_first20k took ~250 such faults, 2-3 ms of its CPU (AMD EPYC family
// 26 model 2, a VM), a cost charged to the solver's CPU/puzzle. Peak memory is unchanged: only
// what a pass frees is kept. Ignored where the allocator is not glibc's (the sanitizers').
void keep_freed_memory();

}  // namespace sudoku_bench::sys
