// run --measure instructions: reading callgrind's out file, and which records --sample N takes.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "count/callgrind_out.h"
#include "count/sample.h"

namespace sudoku_bench {
namespace {

// As callgrind 3.19 writes it, cut to its head and tail.
constexpr const char* kOutFile =
    "# callgrind format\n"
    "version: 1\n"
    "creator: callgrind-3.19.0\n"
    "pid: 1234\n"
    "cmd:  ./sudoku-bench-count --solver bitmask\n"
    "part: 1\n"
    "\n"
    "desc: I1 cache: \n"
    "positions: line\n"
    "events: Ir\n"
    "summary: 35807\n"
    "\n"
    "fl=(1) ???\n"
    "fn=(1) sudoku_bench_count_region\n"
    "0 12\n"
    "\n"
    "totals: 35807\n";

TEST(CallgrindOut, ReadsTheTotal) {
  std::string why;
  const auto total = callgrind_total(kOutFile, why);
  ASSERT_TRUE(total) << why;
  EXPECT_EQ(*total, 35807u);
}

// The total read from kOutFile with its "totals: 35807" line made `totals` ("" drops it, and the
// summary line after it, as a cut dump would).
std::uint64_t total_with(const std::string& totals) {
  std::string text = kOutFile;
  const std::size_t at = text.find("totals: 35807");
  if (totals.empty()) {
    text.erase(at);
  } else {
    text.replace(at, 13, totals);
  }
  std::string why;
  return callgrind_total(text, why).value_or(0);
}

TEST(CallgrindOut, TotalsBeforeSummary) { EXPECT_EQ(total_with("totals: 40000"), 40000u); }

TEST(CallgrindOut, SummaryWhenTheDumpWasCut) { EXPECT_EQ(total_with(""), 35807u); }

TEST(CallgrindOut, FirstEventOfSeveral) { EXPECT_EQ(total_with("totals: 35807 900 12"), 35807u); }

TEST(CallgrindOut, RefusesWhatIsNoOutFile) {
  std::string why;
  EXPECT_FALSE(callgrind_total("hello\n", why));
  EXPECT_NE(why.find("not a callgrind out file"), std::string::npos) << why;
  EXPECT_FALSE(callgrind_total("events: Ir\ntotals: 12x\n", why));
  EXPECT_NE(why.find("malformed \"totals:\""), std::string::npos) << why;
  EXPECT_FALSE(callgrind_total("events: Ir\n", why));
  EXPECT_NE(why.find("no \"totals:\""), std::string::npos) << why;
}

TEST(CallgrindOut, NamesAFileItCannotRead) {
  std::string why;
  EXPECT_FALSE(callgrind_file_total("/nonexistent/callgrind.out", why));
  EXPECT_NE(why.find("/nonexistent/callgrind.out"), std::string::npos) << why;
}

TEST(Sample, EveryKthFromTheFirst) {
  EXPECT_EQ(sample_indexes(95, 20),
            (std::vector<std::size_t>{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76}));
  EXPECT_EQ(sample_indexes(10, 3), (std::vector<std::size_t>{0, 3, 6}));
  EXPECT_EQ(sample_indexes(10, 10), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(Sample, AllWhenNoneOrMoreAreAsked) {
  EXPECT_EQ(sample_indexes(4, 0), (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(sample_indexes(4, 100), (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_TRUE(sample_indexes(0, 5).empty());
}

TEST(Sample, DependsOnTheCountAlone) {
  // Two versions of a solver given the same file count the same records.
  EXPECT_EQ(sample_indexes(20000, 1000), sample_indexes(20000, 1000));
  const auto picked = sample_indexes(20000, 1000);
  ASSERT_EQ(picked.size(), 1000u);
  EXPECT_EQ(picked.back(), 999u * 20);
}

}  // namespace
}  // namespace sudoku_bench
