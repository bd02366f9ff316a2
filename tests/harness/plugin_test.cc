// External solvers through the plugin interface: the example plugin against the built-in bitmask.
#include <gtest/gtest.h>

#include <string>

#include "cli/exit_codes.h"
#include "cli/run_command.h"
#include "cli/solve_command.h"
#include "run_util.h"
#include "stream/solver_specs.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

const std::string kPlugin = SUDOKU_BENCH_EXAMPLE_PLUGIN;

TEST(PluginTest, GivesTheBuiltInBitmasksResults) {
  std::string error;
  const auto plugin = sudoku_bench::factory_for_spec("plugin:" + kPlugin, error);
  ASSERT_NE(plugin, nullptr) << error;
  EXPECT_EQ(plugin->name(), "plugin:" + kPlugin);
  EXPECT_TRUE(plugin->supports(3));
  EXPECT_FALSE(plugin->supports(4));
  EXPECT_FALSE(plugin->reports_tree_size());
  const auto a = plugin->make();
  const auto b = sudoku::make_solver_factory("bitmask", error)->make();
  for (const char* file : {"top95.txt", "sudoku17_49158.txt", "serg_benchmark.txt"}) {
    const auto records = test_util::read_lines(file);
    for (std::size_t i = 0; i < records.size(); i += 97 * test_util::stride()) {
      sudoku::Grid puzzle, sa, sb;
      ASSERT_TRUE(sudoku::parse_record(records[i], puzzle));
      const auto ra = a->solve(puzzle, {}, &sa);
      const auto rb = b->solve(puzzle, {}, &sb);
      EXPECT_EQ(ra.solutions, rb.solutions) << file << ":" << i + 1;
      EXPECT_EQ(ra.guesses, rb.guesses) << file << ":" << i + 1;
      if (rb.solutions == 1) {
        EXPECT_EQ(sa.cells, sb.cells) << file << ":" << i + 1;
      }
    }
  }
}

TEST(PluginTest, SolveOutputMatchesTheBuiltIn) {
  sudoku_bench::SolveCommand command;
  command.input = test_util::dataset_path("top1465.txt");
  test_util::Capture builtin_out, err;
  ASSERT_EQ(sudoku_bench::solve_command(command, builtin_out.file(), err.file()), sudoku_bench::kExitOk);
  command.solver = "plugin:" + kPlugin;
  test_util::Capture plugin_out;
  ASSERT_EQ(sudoku_bench::solve_command(command, plugin_out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
  EXPECT_EQ(plugin_out.text(), builtin_out.text());
}

TEST(PluginTest, RunsBesideBuiltInsWithNoTreeSize) {
  const auto r = test_util::run(
      test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1, 2}, 1, {"bitmask", "plugin:" + kPlugin}));
  ASSERT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
  const sudoku_bench::Report& report = r.report;
  ASSERT_EQ(report.runs.size(), 4u);
  EXPECT_TRUE(report.runs[0].tree_size_reported);
  EXPECT_FALSE(report.runs[2].tree_size_reported);
  EXPECT_EQ(report.runs[2].status.unique, 95u);
  EXPECT_EQ(report.runs[2].guesses.mean, report.runs[0].guesses.mean);
}

TEST(PluginTest, BadPluginsAreClearErrors) {
  std::string error;
  EXPECT_EQ(sudoku_bench::factory_for_spec("plugin:/nonexistent/libsolver.so", error), nullptr);
  EXPECT_EQ(error.rfind("cannot load plugin '/nonexistent/libsolver.so': ", 0), 0u) << error;
  EXPECT_NE(error.find("No such file"), std::string::npos) << error;
  EXPECT_EQ(sudoku_bench::factory_for_spec("plugin:" + kPlugin + ":nosuch", error), nullptr);
  EXPECT_EQ(error, "plugin '" + kPlugin + "' has no function 'nosuch'");
  test_util::TempFile not_a_library("hello\n", ".so");
  EXPECT_EQ(sudoku_bench::factory_for_spec("plugin:" + not_a_library.path(), error), nullptr);
  EXPECT_NE(error.find("cannot load plugin"), std::string::npos) << error;
  EXPECT_EQ(sudoku_bench::factory_for_spec("plugin:", error), nullptr);
  EXPECT_NE(error.find("expected plugin:PATH.so"), std::string::npos) << error;

  sudoku_bench::SolveCommand command;
  command.input = test_util::dataset_path("top95.txt");
  command.solver = "plugin:/nonexistent/libsolver.so";
  test_util::Capture out, err;
  EXPECT_EQ(sudoku_bench::solve_command(command, out.file(), err.file()), sudoku_bench::kExitUsage);
  EXPECT_NE(err.text().find("cannot load plugin"), std::string::npos);
}

}  // namespace
