// Solvers in other languages through exec:COMMAND (plugin/exec_solver.h): a Python and a C program
// (tests/exec/) give exact counts through run and solve at 1 and 2 threads, batched or not; a
// program that exits or answers nonsense is named with the puzzle it was given.
#include <gtest/gtest.h>

#include <string>

#include "run/exit_codes.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "stream/solver_specs.h"
#include "temp_file.h"
#include "test_paths.h"
#include "test_util.h"

namespace {

using sudoku_bench::Fig;

const std::string kPython = std::string("exec:") + SUDOKU_BENCH_PYTHON + " " + SUDOKU_BENCH_EXEC_PY_SOLVER;
const std::string kC = std::string("exec:") + SUDOKU_BENCH_EXEC_C_SOLVER;

std::string solve_output(const std::string& solver, const std::string& file, int threads, int* status = nullptr) {
  sudoku_bench::SolveCommand command;
  command.input = test_util::dataset_path(file);
  command.solver = sudoku_bench::SolverSpec(solver);
  command.threads = sudoku_bench::ThreadCount::of(threads);
  test_util::Capture out, err;
  const int s = sudoku_bench::solve_command(command, out.file(), err.file());
  if (status) *status = s;
  EXPECT_EQ(s, sudoku_bench::kExitOk) << solver << " " << err.text();
  return out.text();
}

TEST(ExecSolverTest, PythonAndCGiveTheBuiltInsAnswersAtOneAndTwoThreads) {
  for (const std::string file : {"easy50.txt", "top95.txt"}) {
    const std::string expected = solve_output("bitmask", file, 1);
    for (const std::string& solver : {kPython, kC, "exec/1:" + std::string(SUDOKU_BENCH_EXEC_C_SOLVER)}) {
      if (solver == kPython && file == "top95.txt") continue;  // a minute of Python's search: easy50 shows the same
      for (int threads : {1, 2}) EXPECT_EQ(solve_output(solver, file, threads), expected) << solver << " " << file;
    }
  }
}

TEST(ExecSolverTest, RunCountsExactlyAtOneAndTwoThreads) {
  for (const std::string& solver : {kPython, kC}) {
    auto command = test_util::run_command_for(
        {test_util::dataset_path("easy50.txt"), test_util::dataset_path("serg_benchmark.txt")}, {1, 2}, 1, {solver});
    command.repeats.min_time_seconds = 0;
    if (solver == kPython) command.files.pop_back();  // 10,000 multi-solution puzzles: seconds in Python
    const test_util::RunOutcome o = test_util::run(command);
    ASSERT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
    for (const auto& r : o.report.passes) {
      SCOPED_TRACE(r.id.dataset + " " + std::to_string(r.threads));
      EXPECT_EQ(r.id.solver, solver);
      EXPECT_EQ(r.status.wrong + r.status.none + r.status.aborted + r.status.invalid, 0u);
      EXPECT_EQ(r.id.dataset == "easy50" ? r.status.unique : r.status.multiple,
                r.id.dataset == "easy50" ? 50u : 10000u);
      EXPECT_GT(r.distributions.guesses.mean, 0);  // the third field of the answers
      EXPECT_FALSE(r.distributions.tree_size_reported);
    }
  }
}

// The programs' CPU is the solver's: counted in the pass's CPU and said apart (schema /10); a
// built-in strategy runs no program. Bounds only: a loaded machine changes how much.
TEST(ExecSolverTest, APassCountsItsProgramsCpu) {
  auto command = test_util::run_command_for({test_util::dataset_path("serg_benchmark.txt")}, {1}, 1, {kC, "bitmask"});
  command.repeats.min_time_seconds = 0;
  const test_util::RunOutcome o = test_util::run(command);
  ASSERT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  ASSERT_EQ(o.report.passes.size(), 2u);
  for (const auto& r : o.report.passes) {
    SCOPED_TRACE(r.id.solver);
    if (r.id.solver == "bitmask") {
      EXPECT_FALSE(r.figures[Fig::program_cpu_seconds]);
      continue;
    }
    ASSERT_TRUE(r.figures[Fig::program_cpu_seconds]);
    EXPECT_GT(*r.figures[Fig::program_cpu_seconds], 0);  // 10,000 searches: ticks of 10 ms at least
    EXPECT_GE(r.figures[Fig::cpu_seconds], *r.figures[Fig::program_cpu_seconds]);
  }
}

TEST(ExecSolverTest, WhatAProgramWritesIsJudgedEvenABlankFirstCell) {
  // The puzzle back as its solution: every record wrong, those whose first cell is blank too.
  sudoku_bench::SolveCommand command;
  command.input = test_util::dataset_path("top95.txt");
  command.solver = sudoku_bench::SolverSpec("exec:while read p l; do echo 1:$p; done");
  test_util::Capture out, err;
  EXPECT_EQ(sudoku_bench::solve_command(command, out.file(), err.file()), sudoku_bench::kExitUndecided);
  std::size_t wrong = 0;
  for (auto at = out.text().find(":wrong\n"); at != std::string::npos; at = out.text().find(":wrong\n", at + 1))
    ++wrong;
  EXPECT_EQ(wrong, 95u) << out.text().substr(0, 400);
  EXPECT_NE(err.text().find("top95.txt:1: wrong answer: the solver reports a solution, but the solution leaves row 1, "
                            "column 2 blank"),
            std::string::npos)
      << err.text().substr(0, 400);
}

TEST(ExecSolverTest, AProgramThatExitsOrAnswersNonsenseIsNamed) {
  struct Case {
    std::string solver, says;
  };
  for (const Case& c : {Case{"exec:exit 3", "(it exited with status 3) when given"},
                        Case{"exec:echo hello; cat", "answered 'hello' to"}, Case{"exec/1:head -c 0", " when given "},
                        // A solution that is no grid of the puzzle's size is no answer, not a solution left unwritten.
                        Case{"exec:while read p l; do echo 1:123; done", "answered '1:123' to"}}) {
    SCOPED_TRACE(c.solver);
    auto command = test_util::run_command_for({test_util::dataset_path("top95.txt")}, {2}, 1, {c.solver, "bitmask"});
    command.repeats.min_time_seconds = 0;
    const test_util::RunOutcome o = test_util::run(command);
    EXPECT_EQ(o.status, sudoku_bench::kExitSolverFault);
    // One that exits is found writing to it ("stopped reading its input") or reading from it ("closed
    // its output"), whichever comes first.
    EXPECT_NE(o.err.find(c.solver + " "), std::string::npos) << o.err;
    EXPECT_NE(o.err.find(c.says), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("(record " + test_util::dataset_path("top95.txt") + ":"), std::string::npos) << o.err;
  }
  std::string error;
  EXPECT_EQ(sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("exec/0:cat"), error), nullptr);
  EXPECT_NE(error.find("exec/N:COMMAND"), std::string::npos) << error;
  EXPECT_EQ(sudoku_bench::factory_for_spec(sudoku_bench::SolverSpec("exec:"), error), nullptr);
}

}  // namespace
