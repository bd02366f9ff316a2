// A mapped input file that shrinks while it is read would end the process with SIGBUS at the
// first byte past its new end. Watched mappings do not: a SIGBUS there maps zero pages over the
// rest of the mapping, marks it, and the read goes on; the reader checks the mark (InputFile).
// Other SIGBUS signals go to the handler installed before this one.
#pragma once

#include <cstddef>

namespace sudoku_bench::mapped_guard {

// Watches [begin, begin + size); returns its slot, or -1 when every slot is taken (the file is
// then read rather than mapped).
int watch(const char* begin, std::size_t size);
// Stops watching; call it before unmapping.
void unwatch(int slot);
// Whether a read in the slot's mapping met the end of the file.
bool faulted(int slot);

}  // namespace sudoku_bench::mapped_guard
