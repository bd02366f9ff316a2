// The harness's policy for a solver's answers (plugin/solver_policy.h), as each kind of spec gets
// it: through the wrappers that name a spec (NAME=) or slow it (the test delay) as well, since a
// wrapper that dropped its inner factory's policy would silently judge noop or skip a recount.
#include "plugin/solver_policy.h"

#include <gtest/gtest.h>

#include <string>

#include "stream/solver_specs.h"
#include "test_paths.h"

namespace {

sudoku_bench::SolverPolicy policy_of_spec(const std::string& spec) {
  std::string error;
  const auto factory = sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec(spec), error);
  EXPECT_NE(factory, nullptr) << spec << ": " << error;
  return factory ? sudoku_bench::policy_of(*factory) : sudoku_bench::SolverPolicy{};
}

TEST(SolverPolicyTest, EachKindOfSolverGetsItsOwnThroughEveryWrapper) {
  const std::string plugin = std::string("plugin:") + SUDOKU_BENCH_EXAMPLE_PLUGIN;
  const std::string exec = std::string("exec:") + SUDOKU_BENCH_EXEC_C_SOLVER;
  struct Case {
    std::string spec;
    bool counts;
    std::string recounted_by;
  };
  const Case cases[] = {
      {"bitmask", true, ""}, {"fast", true, ""}, {"noop", false, ""}, {plugin, true, "fast"}, {exec, true, "bitmask"}};
  for (const Case& c : cases) {
    for (const std::string& spec : {c.spec, "n=" + c.spec}) {
      const sudoku_bench::SolverPolicy policy = policy_of_spec(spec);
      EXPECT_EQ(policy.counts_solutions, c.counts) << spec;
      EXPECT_EQ(policy.recounted_by, c.recounted_by) << spec;
    }
  }
  std::string error;
  EXPECT_EQ(sudoku_bench::reference_for_spec(sudoku_bench::SolverSpec("noop"), error), nullptr);
  EXPECT_EQ(error, "--verify: noop counts no solutions; it cannot be a reference");
}

}  // namespace
