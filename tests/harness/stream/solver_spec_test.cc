// SolverSpec: a --solver value taken apart once, its text kept as given.
#include "stream/solver_spec.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using sudoku_bench::SolverSpec;

std::vector<std::string> givens(const std::vector<SolverSpec>& specs) { return sudoku_bench::given_texts(specs); }

TEST(SolverSpecTest, NamesAreSplitOnlyWhereTheyAreNames) {
  EXPECT_EQ(SolverSpec("old=plugin:v1/libx.so").name(), "old");
  EXPECT_EQ(SolverSpec("old=plugin:v1/libx.so").spec(), "plugin:v1/libx.so");
  EXPECT_EQ(SolverSpec("old=plugin:v1/libx.so").given(), "old=plugin:v1/libx.so");
  EXPECT_EQ(SolverSpec("v1.2_b-3=bitmask").name(), "v1.2_b-3");
  for (const char* unnamed : {"bitmask", "exec:A=1 ./solver", "plugin:a=b.so", "=bitmask", "my solver=bitmask"}) {
    EXPECT_EQ(SolverSpec(unnamed).name(), "") << unnamed;
    EXPECT_EQ(SolverSpec(unnamed).spec(), unnamed);
  }
}

TEST(SolverSpecTest, EachKindHasItsParts) {
  EXPECT_EQ(SolverSpec("norvig:ac,var=mrv").kind(), SolverSpec::Kind::strategy);
  EXPECT_EQ(SolverSpec("x=noop").kind(), SolverSpec::Kind::noop);
  const SolverSpec plugin("p=plugin:v1/libx.so:solve_it@private");
  EXPECT_EQ(plugin.kind(), SolverSpec::Kind::plugin);
  EXPECT_EQ(plugin.plugin().path, "v1/libx.so");
  EXPECT_EQ(plugin.plugin().symbol, "solve_it");
  EXPECT_EQ(plugin.plugin().mode, "private");
  EXPECT_EQ(plugin.malformed(), "");
  const SolverSpec exec("exec/8:python3 s.py");
  EXPECT_EQ(exec.kind(), SolverSpec::Kind::exec);
  EXPECT_EQ(exec.command(), "python3 s.py");
  EXPECT_EQ(exec.batch(), 8u);
  EXPECT_EQ(SolverSpec("exec:A=1 ./solver").batch(), 64u);
  EXPECT_EQ(SolverSpec("exec:A=1 ./solver").command(), "A=1 ./solver");
}

TEST(SolverSpecTest, AMalformedSpecSaysSoAsTheFactoryWould) {
  EXPECT_EQ(SolverSpec("plugin:").malformed(),
            "solver 'plugin:': expected plugin:PATH.so[:SYMBOL][@shared|@private|@auto]");
  EXPECT_EQ(SolverSpec("exec/0:cat").malformed(),
            "solver 'exec/0:cat': expected exec:COMMAND or exec/N:COMMAND, N a batch of 1 to 4096 puzzles");
  EXPECT_EQ(SolverSpec("exec:").malformed(), "solver 'exec:': expected exec:COMMAND or exec/N:COMMAND");
  EXPECT_EQ(SolverSpec("exec/0:cat").command(), "cat");  // what a missing program is judged by, first
}

TEST(SolverSpecTest, CommasInsideOptionsStayWithTheirSolver) {
  EXPECT_EQ(givens(SolverSpec::list("bitmask")), (std::vector<std::string>{"bitmask"}));
  EXPECT_EQ(givens(SolverSpec::list("bitmask,bitmask:x,y=1,plugin:a.so")),
            (std::vector<std::string>{"bitmask", "bitmask:x,y=1", "plugin:a.so"}));
  EXPECT_EQ(givens(SolverSpec::list("a=bitmask,b=norvig:ac,var=mrv")),
            (std::vector<std::string>{"a=bitmask", "b=norvig:ac,var=mrv"}));
}

// One rule says what starts a solver: the comma list splits by it, and the factory refuses by it.
TEST(SolverSpecTest, OneRuleNamesASolver) {
  for (const char* named : {"bitmask", "fast:avx2", "noop", "plugin:x.so", "exec:./s", "exec/8:./s", "exec", "plugin"})
    EXPECT_TRUE(sudoku_bench::names_a_solver(named)) << named;
  for (const char* not_named : {"bitmaskk", "var=mrv", "plugin/x.so", "execs:./s", "", "./solver"})
    EXPECT_FALSE(sudoku_bench::names_a_solver(not_named)) << not_named;
  EXPECT_EQ(givens(SolverSpec::list("a=exec/8:./s,old=bitmask,ac")),
            (std::vector<std::string>{"a=exec/8:./s", "old=bitmask,ac"}));
}

TEST(SolverSpecTest, DerivedSpecsKeepTheirTextTrue) {
  const SolverSpec auto_mode = SolverSpec("v1=plugin:libx.so@auto").with_plugin_mode("private");
  EXPECT_EQ(auto_mode.given(), "v1=plugin:libx.so@private");
  EXPECT_EQ(auto_mode, SolverSpec("v1=plugin:libx.so@private"));
  EXPECT_EQ(SolverSpec("plugin:libx.so").with_plugin_mode("private"), SolverSpec("plugin:libx.so@private"));
  EXPECT_EQ(SolverSpec("exec:A=1 ./s").named_or("base"), SolverSpec("base=exec:A=1 ./s"));
  EXPECT_EQ(SolverSpec("mine=fast").named_or("base"), SolverSpec("mine=fast"));
  EXPECT_EQ(SolverSpec("mine=fast").unnamed(), SolverSpec("fast"));
}

}  // namespace
