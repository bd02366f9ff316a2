#include "sys/heap.h"

#include <malloc.h>

namespace sudoku_bench::sys {

void keep_freed_memory() {
#if defined(__GLIBC__)
  // Blocks up to 32 MiB (glibc's largest mmap threshold) come from the heap, whose top is never
  // trimmed below 1 GiB of free space; larger ones are still mapped and unmapped by themselves.
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
#endif
}

}  // namespace sudoku_bench::sys
