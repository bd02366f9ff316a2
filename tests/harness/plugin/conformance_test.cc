// plugin/conformance.h alone: check-plugin's rules on solvers whose faults are known. The example
// plugin passes every rule; a library that is not there fails "loads", alone; a plugin that
// miscounts fails "counts"; one that claims solutions it does not write is noted or failed, never
// passed; an exec: program is checked from "starts"; every result reaches the callback as it comes.
#include "plugin/conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "plugin/exec_solver.h"
#include "test_paths.h"

namespace {

using sudoku_bench::plugin::RuleResult;
using sudoku_bench::plugin::Verdict;

struct Checked {
  std::vector<RuleResult> results, seen;
  const RuleResult* find(const std::string& rule) const {
    const auto it = std::find_if(results.begin(), results.end(), [&](const RuleResult& r) { return r.rule == rule; });
    return it == results.end() ? nullptr : &*it;
  }
};

Checked check(const std::string& spec) {
  Checked c;
  c.results = sudoku_bench::plugin::check_plugin(spec, {}, [&](const RuleResult& r) { c.seen.push_back(r); });
  return c;
}

std::string listed(const std::vector<RuleResult>& results) {
  std::string out;
  for (const RuleResult& r : results)
    out += std::string(sudoku_bench::plugin::verdict_name(r.verdict)) + " " + r.rule + ": " + r.detail + "\n";
  return out;
}

TEST(ConformanceTest, TheExamplePluginPassesEveryRule) {
  const Checked c = check(SUDOKU_BENCH_EXAMPLE_PLUGIN);
  ASSERT_FALSE(c.results.empty());
  EXPECT_EQ(c.results.front().rule, "loads");
  for (const RuleResult& r : c.results) EXPECT_NE(r.verdict, Verdict::fail) << listed(c.results);
  ASSERT_NE(c.find("counts"), nullptr) << listed(c.results);
  EXPECT_EQ(c.find("counts")->verdict, Verdict::pass);
  EXPECT_EQ(c.seen.size(), c.results.size());
}

TEST(ConformanceTest, AMissingLibraryFailsLoadsAlone) {
  const Checked c = check("/nonexistent/libnothing.so");
  ASSERT_EQ(c.results.size(), 1u) << listed(c.results);
  EXPECT_EQ(c.results[0].rule, "loads");
  EXPECT_EQ(c.results[0].verdict, Verdict::fail);
  EXPECT_NE(c.results[0].detail.find("/nonexistent/libnothing.so"), std::string::npos) << c.results[0].detail;
}

TEST(ConformanceTest, AMiscountingPluginFailsCounts) {
  const Checked c = check(std::string(SUDOKU_BENCH_WRONG_PLUGINS) + ":miscounts_without_writing");
  ASSERT_NE(c.find("counts"), nullptr) << listed(c.results);
  EXPECT_EQ(c.find("counts")->verdict, Verdict::fail) << listed(c.results);
}

TEST(ConformanceTest, ClaimsWithoutSolutionsAreNeverPassed) {
  const Checked c = check(std::string(SUDOKU_BENCH_WRONG_PLUGINS) + ":claims_without_writing");
  ASSERT_NE(c.find("solution at limit 1"), nullptr) << listed(c.results);
  EXPECT_NE(c.find("solution at limit 1")->verdict, Verdict::pass) << listed(c.results);
}

TEST(ConformanceTest, AnExecProgramIsCheckedFromStarts) {
  const auto factory = sudoku_bench::plugin::make_exec_factory(std::string("exec:") + SUDOKU_BENCH_EXEC_C_SOLVER,
                                                               SUDOKU_BENCH_EXEC_C_SOLVER);
  ASSERT_TRUE(factory);
  std::vector<RuleResult> seen;
  const auto results =
      sudoku_bench::plugin::check_solver(*factory, {}, [&](const RuleResult& r) { seen.push_back(r); });
  ASSERT_FALSE(results.empty());
  EXPECT_EQ(results.front().rule, "starts");
  for (const RuleResult& r : results) EXPECT_NE(r.verdict, Verdict::fail) << listed(results);
  EXPECT_EQ(seen.size(), results.size());
}

}  // namespace
