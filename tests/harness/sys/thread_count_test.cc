// sys/thread_count.h: a thread count from 1 to kMaxThreads, and "all CPUs" resolved into one.
#include "sys/thread_count.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace {

using sudoku_bench::kMaxThreads;
using sudoku_bench::ThreadCount;

TEST(ThreadCountTest, HoldsACountFromOneToTheMost) {
  EXPECT_EQ(ThreadCount::of(1)->get(), 1);
  EXPECT_EQ(ThreadCount::of(16)->get(), 16);
  EXPECT_EQ(ThreadCount::of(kMaxThreads)->get(), kMaxThreads);
  EXPECT_EQ(ThreadCount().get(), 1);
}

TEST(ThreadCountTest, RefusesZeroNegativeAndTooMany) {
  for (const int bad : {0, -1, -1024, kMaxThreads + 1, 1 << 30}) EXPECT_FALSE(ThreadCount::of(bad)) << bad;
}

TEST(ThreadCountTest, OrdersByCount) {
  EXPECT_LT(*ThreadCount::of(2), *ThreadCount::of(3));
  EXPECT_EQ(*ThreadCount::of(4), *ThreadCount::of(4));
  EXPECT_NE(*ThreadCount::of(4), ThreadCount());
}

TEST(ThreadCountTest, AllCpusIsAtLeastOneAndAtMostSlurmsShare) {
  const int all = ThreadCount::all_cpus().get();
  EXPECT_GE(all, 1);
  EXPECT_LE(all, kMaxThreads);
  const char* was = std::getenv("SLURM_CPUS_PER_TASK");
  const std::optional<std::string> saved = was ? std::optional<std::string>(was) : std::nullopt;
  ::setenv("SLURM_CPUS_PER_TASK", "1", 1);
  EXPECT_EQ(ThreadCount::all_cpus().get(), 1);
  saved ? ::setenv("SLURM_CPUS_PER_TASK", saved->c_str(), 1) : ::unsetenv("SLURM_CPUS_PER_TASK");
}

TEST(ThreadCountTest, AGivenCountIsKeptAndNoneMeansAllCpus) {
  EXPECT_EQ(ThreadCount::given_or_all_cpus(ThreadCount::of(3)).get(), 3);
  EXPECT_EQ(ThreadCount::given_or_all_cpus(std::nullopt), ThreadCount::all_cpus());
}

}  // namespace
