// External solvers through the plugin interface: the example plugin against the built-in bitmask.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "plugin/reentrancy.h"
#include "plugin/text_solver.h"
#include "run/exit_codes.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "stream/chunk.h"
#include "stream/record_step.h"
#include "stream/solver_specs.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "temp_file.h"
#include "test_paths.h"
#include "test_util.h"

namespace {

const std::string kPlugin = SUDOKU_BENCH_EXAMPLE_PLUGIN;

sudoku_bench_solve_fn symbol_of(const char* library, const char* name) {
  void* handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  return handle ? reinterpret_cast<sudoku_bench_solve_fn>(dlsym(handle, name)) : nullptr;
}

// A check that gives no answer in time is tried again for four times as long, then is no verdict,
// never "not reentrant": a loaded machine cannot turn it. (Beside a CPU hog, 20 checks of a
// reentrant plugin in a row gave 20 verdicts alike: results/README.md; here only the two ends.)
TEST(PluginTest, TheReentrancyCheckTellsNoAnswerFromNotReentrant) {
  using Verdict = sudoku_bench::plugin::ReentrancyCheck::Verdict;
  const auto reentrant = symbol_of(kPlugin.c_str(), "solve");
  ASSERT_NE(reentrant, nullptr) << dlerror();
  EXPECT_EQ(sudoku_bench::plugin::check_reentrancy(reentrant, "plugin:bitmask").verdict, Verdict::reentrant);
  // Hangs from its 300th call on, with every signal blocked: within the calls at several threads.
  const auto hangs = symbol_of(SUDOKU_BENCH_ENDING_PLUGINS, "deaf");
  ASSERT_NE(hangs, nullptr) << dlerror();
  const auto check = sudoku_bench::plugin::check_reentrancy(hangs, "plugin:deaf", std::chrono::milliseconds(200));
  EXPECT_EQ(check.verdict, Verdict::no_answer) << check.why_not;
  EXPECT_NE(check.why_not.find("the check gave no answer within 800 ms, nor within a quarter of that before"),
            std::string::npos)
      << check.why_not;
}

TEST(PluginTest, GivesTheBuiltInBitmasksResults) {
  std::string error;
  const auto plugin = sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("plugin:" + kPlugin), error);
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
  command.solver = sudoku_bench::SolverSpec("plugin:" + kPlugin);
  test_util::Capture plugin_out;
  ASSERT_EQ(sudoku_bench::solve_command(command, plugin_out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
  EXPECT_EQ(plugin_out.text(), builtin_out.text());
}

// The record's own text goes to the plugin when it is a 9x9 record, with the same results as the
// grid; text of another length is declined untouched.
TEST(PluginTest, TakesTheRecordsOwnTextOnlyInItsFormat) {
  std::string error;
  const auto factory = sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("plugin:" + kPlugin), error);
  ASSERT_NE(factory, nullptr) << error;
  const auto solver = factory->make();
  auto* text_solver = dynamic_cast<sudoku_bench::TextSolver*>(solver.get());
  ASSERT_NE(text_solver, nullptr);
  EXPECT_EQ(dynamic_cast<sudoku_bench::TextSolver*>(sudoku::make_solver_factory("bitmask", error)->make().get()),
            nullptr);
  for (const char* file : {"top95.txt", "serg_benchmark.txt"}) {
    const auto records = test_util::read_lines(file);
    for (std::size_t i = 0; i < records.size(); i += 7 * test_util::stride()) {
      sudoku::Grid puzzle, by_grid, by_text;
      ASSERT_TRUE(sudoku::parse_record(records[i], puzzle));
      const auto a = solver->solve(puzzle, {}, &by_grid);
      sudoku::SolveResult b;
      b.nodes = 99;  // overwritten
      ASSERT_TRUE(text_solver->solve_text(records[i], {}, &by_text, b)) << file << ":" << i + 1;
      EXPECT_EQ(b.solutions, a.solutions) << file << ":" << i + 1;
      EXPECT_EQ(b.guesses, a.guesses) << file << ":" << i + 1;
      EXPECT_EQ(b.nodes, a.nodes) << file << ":" << i + 1;
      EXPECT_EQ(b.aborted, a.aborted) << file << ":" << i + 1;
      if (a.solutions > 0) {
        EXPECT_EQ(by_text.box, by_grid.box);
        EXPECT_EQ(by_text.cells, by_grid.cells) << file << ":" << i + 1;
      }
    }
  }
  // A record with '0' for its blanks is taken too, as the same puzzle written with '.'.
  const std::string puzzle = test_util::read_lines("top95.txt").front();
  std::string zeros = puzzle;
  for (char& c : zeros)
    if (c == '.') c = '0';
  sudoku::Grid by_dots, by_zeros;
  sudoku::SolveResult dots_result, zeros_result;
  ASSERT_TRUE(text_solver->solve_text(puzzle, {}, &by_dots, dots_result));
  ASSERT_TRUE(text_solver->solve_text(zeros, {}, &by_zeros, zeros_result));
  EXPECT_EQ(zeros_result.solutions, dots_result.solutions);
  EXPECT_EQ(by_zeros.cells, by_dots.cells);
  sudoku::Grid untouched;
  untouched.box = 0;
  sudoku::SolveResult result;
  result.solutions = 99;
  for (const std::string& declined : {puzzle.substr(0, 80), puzzle + "."}) {
    EXPECT_FALSE(text_solver->solve_text(declined, {}, &untouched, result)) << declined;
    EXPECT_EQ(untouched.box, 0);
    EXPECT_EQ(result.solutions, 99u);
  }
}

// A TextSolver that says which way each record came, solving with the built-in bitmask.
struct Calls {
  int grids = 0, texts = 0, declined = 0;
  const char* last_text = nullptr;
};
class RecordingSolver final : public sudoku::Solver, public sudoku_bench::TextSolver {
 public:
  explicit RecordingSolver(Calls& calls) : calls_(calls) {
    std::string error;
    inner_ = sudoku::make_solver_factory("bitmask", error)->make();
  }
  sudoku::SolveResult solve(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                            sudoku::Grid* solution) override {
    ++calls_.grids;
    return inner_->solve(puzzle, options, solution);
  }
  bool solve_text(std::string_view text, const sudoku::SolveOptions& options, sudoku::Grid* solution,
                  sudoku::SolveResult& result) override {
    if (text.find('0') != std::string_view::npos) {
      ++calls_.declined;
      return false;
    }
    ++calls_.texts;
    calls_.last_text = text.data();
    sudoku::Grid puzzle;
    if (!sudoku::parse_record(text, puzzle)) ADD_FAILURE() << "given an invalid record: " << text;
    result = inner_->solve(puzzle, options, solution);
    return true;
  }

 private:
  Calls& calls_;
  std::unique_ptr<sudoku::Solver> inner_;
};
class RecordingFactory final : public sudoku::SolverFactory {
 public:
  explicit RecordingFactory(Calls& calls) : calls_(calls) {}
  std::string name() const override { return "recording"; }
  bool supports(int box) const override { return box == 3; }
  std::unique_ptr<sudoku::Solver> make() const override { return std::make_unique<RecordingSolver>(calls_); }

 private:
  Calls& calls_;
};

TEST(PluginTest, RecordStepHandsOverTheRecordsOwnTextWhenItCan) {
  const std::string dots = test_util::read_lines("top95.txt").front();
  std::string zeros = dots;
  for (char& c : zeros)
    if (c == '.') c = '0';
  sudoku_bench::Chunk chunk;
  chunk.text = dots + "\n" + zeros + "\n" + dots.substr(0, 80) + "x\n" + std::string(256, '.') + "\n";
  chunk.data = chunk.text.data();
  chunk.bytes = chunk.text.size();
  sudoku_bench::split_records(chunk);
  ASSERT_EQ(chunk.records.size(), 4u);
  for (const std::uint64_t seed : {0, 7}) {
    Calls calls;
    RecordingFactory factory(calls);
    sudoku_bench::StepOptions options;
    options.seed = seed;
    sudoku_bench::RecordStep step(factory, options);
    sudoku::Grid solution;
    // '.' blanks: its own bytes, in the chunk, unless disguised by a seed.
    EXPECT_EQ(step.run(chunk, chunk.records[0], &solution).outcome, sudoku_bench::StepResult::Outcome::unique);
    EXPECT_EQ(calls.texts, seed ? 0 : 1);
    EXPECT_EQ(calls.grids, seed ? 1 : 0);
    EXPECT_EQ(calls.last_text, seed ? nullptr : chunk.text.data());
    // '0' blanks: declined, then the grid.
    EXPECT_EQ(step.run(chunk, chunk.records[1], &solution).outcome, sudoku_bench::StepResult::Outcome::unique);
    EXPECT_EQ(calls.declined, seed ? 0 : 1);
    EXPECT_EQ(calls.grids, seed ? 2 : 1);
    // Invalid records and sizes the solver does not take reach neither.
    EXPECT_FALSE(step.run(chunk, chunk.records[2], &solution).is_puzzle());
    EXPECT_FALSE(step.run(chunk, chunk.records[3], &solution).is_puzzle());
    EXPECT_EQ(calls.texts + calls.declined + calls.grids, seed ? 2 : 3);
  }
  // run's way (no solution wanted by the caller): after the first record of the format, the
  // common way inline, which hands the text over the same.
  Calls calls;
  RecordingFactory factory(calls);
  sudoku_bench::StepOptions options;
  options.reask_every_record = false;
  sudoku_bench::RecordStep step(factory, options);
  for (int round = 1; round <= 3; ++round) {
    EXPECT_EQ(step.run(chunk, chunk.records[0], nullptr).outcome, sudoku_bench::StepResult::Outcome::unique);
    EXPECT_EQ(calls.last_text, chunk.text.data());
    EXPECT_EQ(step.run(chunk, chunk.records[1], nullptr).outcome, sudoku_bench::StepResult::Outcome::unique);
    EXPECT_EQ(calls.texts, round);
    EXPECT_EQ(calls.declined, round);
    EXPECT_EQ(calls.grids, round);
  }
}

// Records with '0' blanks (handed over written with '.') and puzzles disguised by --seed (through
// the grid): every output line is the built-in's, whichever way a record went.
TEST(PluginTest, SolveOutputMatchesTheBuiltInWithZeroBlanksAndSeeds) {
  const auto records = test_util::read_lines("top95.txt");
  std::string text;
  for (std::size_t i = 0; i < records.size(); ++i) {
    std::string record = records[i];
    if (i % 2 == 1)
      for (char& c : record)
        if (c == '.') c = '0';
    text += record + "\n";
  }
  text += test_util::read_lines("serg_benchmark.txt").front() + "\n";  // several solutions
  test_util::TempFile input(text);
  for (const std::uint64_t seed : {0, 7}) {
    sudoku_bench::SolveCommand command;
    command.input = input.path();
    command.step.seed = seed;
    test_util::Capture builtin_out, err;
    ASSERT_EQ(sudoku_bench::solve_command(command, builtin_out.file(), err.file()), sudoku_bench::kExitOk);
    command.solver = sudoku_bench::SolverSpec("plugin:" + kPlugin);
    test_util::Capture plugin_out;
    ASSERT_EQ(sudoku_bench::solve_command(command, plugin_out.file(), err.file()), sudoku_bench::kExitOk) << err.text();
    EXPECT_EQ(plugin_out.text(), builtin_out.text()) << "seed " << seed;
  }
}

TEST(PluginTest, RunsWithASeedAsTheBuiltInDoes) {
  auto command =
      test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1}, 1, {"bitmask", "plugin:" + kPlugin});
  command.pass.step.seed = 7;
  sudoku_bench::Report report;
  test_util::Capture out, err;
  ASSERT_EQ(sudoku_bench::run_command(command, out.file(), err.file(), &report), sudoku_bench::kExitOk) << err.text();
  ASSERT_EQ(report.passes.size(), 2u);
  EXPECT_EQ(report.passes[1].status.unique, 95u);
  EXPECT_EQ(report.passes[1].distributions.guesses.mean, report.passes[0].distributions.guesses.mean);
}

TEST(PluginTest, RunsBesideBuiltInsWithNoTreeSize) {
  const auto r = test_util::run(
      test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1, 2}, 1, {"bitmask", "plugin:" + kPlugin}));
  ASSERT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
  const sudoku_bench::Report& report = r.report;
  ASSERT_EQ(report.passes.size(), 4u);
  EXPECT_TRUE(report.passes[0].distributions.tree_size_reported);
  EXPECT_FALSE(report.passes[2].distributions.tree_size_reported);
  EXPECT_EQ(report.passes[2].status.unique, 95u);
  EXPECT_EQ(report.passes[2].distributions.guesses.mean, report.passes[0].distributions.guesses.mean);
}

TEST(PluginTest, BadPluginsAreClearErrors) {
  std::string error;
  EXPECT_EQ(sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("plugin:/nonexistent/libsolver.so"), error),
            nullptr);
  EXPECT_EQ(error.rfind("cannot load plugin '/nonexistent/libsolver.so': ", 0), 0u) << error;
  EXPECT_NE(error.find("No such file"), std::string::npos) << error;
  EXPECT_EQ(sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("plugin:" + kPlugin + ":nosuch"), error), nullptr);
  EXPECT_EQ(error.rfind("plugin '" + kPlugin + "' has no function 'nosuch': ", 0), 0u) << error;
  EXPECT_NE(error.find("extern \"C\""), std::string::npos) << error;  // the fix, when no like name is there
  test_util::TempFile not_a_library("hello\n", ".so");
  EXPECT_EQ(sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("plugin:" + not_a_library.path()), error), nullptr);
  EXPECT_NE(error.find("cannot load plugin"), std::string::npos) << error;
  EXPECT_EQ(sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("plugin:"), error), nullptr);
  EXPECT_NE(error.find("expected plugin:PATH.so"), std::string::npos) << error;

  sudoku_bench::SolveCommand command;
  command.input = test_util::dataset_path("top95.txt");
  command.solver = sudoku_bench::SolverSpec("plugin:/nonexistent/libsolver.so");
  test_util::Capture out, err;
  EXPECT_EQ(sudoku_bench::solve_command(command, out.file(), err.file()), sudoku_bench::kExitUsage);
  EXPECT_NE(err.text().find("cannot load plugin"), std::string::npos);
}

}  // namespace
