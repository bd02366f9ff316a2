// sys/heap.h: memory a pass frees is the next pass's, touched again without page faults.
#include "sys/heap.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstddef>
#include <cstdlib>

namespace {

long minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// Allocates `bytes`, writes a byte of every page, frees them: the page faults that took.
long faults_to_touch(std::size_t bytes) {
  const long before = minor_faults();
  auto* block = static_cast<volatile char*>(std::malloc(bytes));
  if (block == nullptr) return -1;
  for (std::size_t i = 0; i < bytes; i += 4096) block[i] = 1;
  const long faults = minor_faults() - before;
  std::free(const_cast<char*>(block));
  return faults;
}

TEST(HeapTest, ABlockFreedIsTouchedAgainWithoutPageFaults) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the sanitizers' allocators take no mallopt";
#endif
  sudoku_bench::sys::keep_freed_memory();
  // Four pass-sized buffers (a chunk's records) above glibc's default mmap threshold (128 KiB):
  // by default the first is unmapped when freed, and the next taken from fresh pages.
  constexpr std::size_t kBytes = std::size_t{4} << 20;
  constexpr long kPages = static_cast<long>(kBytes / 4096);
  ASSERT_GE(faults_to_touch(kBytes), 0);
  for (int pass = 0; pass < 3; ++pass) EXPECT_LT(faults_to_touch(kBytes), kPages / 8) << "pass " << pass;
}

}  // namespace
