// sys/cpu_set.h: the CPUs this process may run on, and pinning a thread to one of them.
#include "sys/cpu_set.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <thread>
#include <vector>

namespace {

TEST(CpuSetTest, TheAllowedCpusIncludeTheOneThisThreadRunsOn) {
  const std::vector<int> cpus = sudoku_bench::sys::allowed_cpus();
  ASSERT_FALSE(cpus.empty());
  EXPECT_TRUE(std::is_sorted(cpus.begin(), cpus.end()));
  EXPECT_TRUE(std::adjacent_find(cpus.begin(), cpus.end()) == cpus.end());
  const int here = sched_getcpu();
  if (here >= 0) {
    EXPECT_NE(std::find(cpus.begin(), cpus.end(), here), cpus.end()) << here;
  }
}

TEST(CpuSetTest, APinnedThreadMayRunOnItsCpuAlone) {
  const std::vector<int> cpus = sudoku_bench::sys::allowed_cpus();
  ASSERT_FALSE(cpus.empty());
  int error = -1;
  std::vector<int> after;
  // On a thread of its own: the test's own thread keeps its CPUs.
  std::thread pinned([&] {
    error = sudoku_bench::sys::pin_to_cpu(cpus.back());
    after = sudoku_bench::sys::allowed_cpus();
  });
  pinned.join();
  EXPECT_EQ(error, 0);
  EXPECT_EQ(after, std::vector<int>{cpus.back()});
  EXPECT_EQ(sudoku_bench::sys::allowed_cpus(), cpus);
}

TEST(CpuSetTest, NoSuchCpuIsEinval) {
  EXPECT_EQ(sudoku_bench::sys::pin_to_cpu(-1), EINVAL);
  EXPECT_EQ(sudoku_bench::sys::pin_to_cpu(1 << 20), EINVAL);
  int error = 0;
  // A CPU number past any this machine has (but within the largest set asked): the kernel says no.
  std::thread t([&] { error = sudoku_bench::sys::pin_to_cpu((1 << 19) - 1); });
  t.join();
  EXPECT_EQ(error, EINVAL);
}

}  // namespace
