// What a pass's pipeline seconds say about the harness, on fixed data (no timing).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "report/report.h"
#include "report/report_table.h"

namespace {

using sudoku_bench::Fig;
using sudoku_bench::MeasuredPass;
using sudoku_bench::pipeline_figures;

MeasuredPass pass(int threads, double wall, double reader, double sink, double worker) {
  MeasuredPass p;
  p.threads = threads;
  p.wall_seconds = wall;
  p.status.unique = 1000;
  p.pipeline = {true, reader, sink, worker};
  return p;
}

TEST(PipelineFiguresTest, FromTheBusierSerialStage) {
  const auto f = pipeline_figures(pass(2, 1.0, 0.1, 0.05, 1.6));
  ASSERT_TRUE(f);
  EXPECT_DOUBLE_EQ(f->serial_busy, 0.1);
  EXPECT_DOUBLE_EQ(f->workers_waiting, 1 - 1.6 / 2.0);
  EXPECT_DOUBLE_EQ(*f->ceiling_puzzles_per_second, 1000 / 0.1);
  EXPECT_DOUBLE_EQ(*f->keeps_up_to_threads, 16);
  EXPECT_FALSE(f->input_bound);
}

TEST(PipelineFiguresTest, InputBoundWhenTheSerialStageIsBusyOrThreadsOutnumberWhatItFeeds) {
  EXPECT_TRUE(pipeline_figures(pass(4, 1.0, 0.85, 0.1, 1.0))->input_bound);  // busy 85% of the pass
  EXPECT_TRUE(pipeline_figures(pass(16, 1.0, 0.5, 0.1, 4.0))->input_bound);  // keeps up to 8 threads, ran 16
  EXPECT_FALSE(pipeline_figures(pass(8, 1.0, 0.5, 0.1, 4.0))->input_bound);
}

std::string table_of(const MeasuredPass& p) {
  sudoku_bench::Report report;
  report.passes = {p};
  report.passes[0].id.dataset = "d";
  report.passes[0].id.solver = "s";
  std::FILE* f = std::tmpfile();
  sudoku_bench::print_table(f, report);
  std::string text(static_cast<std::size_t>(std::ftell(f)), '\0');
  std::rewind(f);
  text.resize(std::fread(text.data(), 1, text.size(), f));
  std::fclose(f);
  return text;
}

TEST(PipelineFiguresTest, TheTableSaysHowFarTheHarnessKeepsUp) {
  EXPECT_NE(table_of(pass(2, 1.0, 0.1, 0.05, 1.6)).find("d (s): harness keeps up to ~16 threads"), std::string::npos);
  // A serial stage slower than one worker (gzip inflating for a fast solver): never "~0 threads".
  const std::string slow = table_of(pass(1, 1.0, 0.8, 0.0, 0.2));
  EXPECT_NE(slow.find("d (s): harness is the limit even at 1 thread"), std::string::npos) << slow;
  EXPECT_NE(slow.find("warning: input-bound"), std::string::npos) << slow;
}

// Timing a puzzle costs a clock read: past 3% of the mean latency the table says so.
TEST(PipelineFiguresTest, TheTableWarnsWhenTimingCostsTheSolverMuch) {
  MeasuredPass p = pass(1, 1.0, 0.1, 0.05, 0.9);
  p.distributions.latency_ns.mean = 661;
  p.figures[Fig::clock_read_ns] = 23.4;
  const std::string dear = table_of(p);
  EXPECT_NE(dear.find("warning: timing: a clock read a puzzle (23.4 ns) is 3.5% of its mean latency (661 ns): "
                      "timing costs this solver about that much throughput, or more"),
            std::string::npos)
      << dear;
  p.distributions.latency_ns.mean = 40000;  // a hard puzzle: 0.1%
  EXPECT_EQ(table_of(p).find("warning: timing"), std::string::npos);
  p.distributions.latency_ns.mean = 661;
  p.distributions.latency_measured = false;  // --no-latency: no clock was read
  EXPECT_EQ(table_of(p).find("warning: timing"), std::string::npos);
  p.distributions.latency_measured = true;
  p.figures[Fig::clock_read_ns].reset();  // a report from before the cost was recorded
  EXPECT_EQ(table_of(p).find("warning: timing"), std::string::npos);
}

TEST(PipelineFiguresTest, NoneWithoutMeasurement) {
  MeasuredPass p = pass(1, 1.0, 0, 0, 0);
  EXPECT_FALSE(pipeline_figures(p)->ceiling_puzzles_per_second);
  EXPECT_FALSE(pipeline_figures(p)->keeps_up_to_threads);
  p.pipeline.measured = false;  // a report written before pipelines were recorded
  EXPECT_FALSE(pipeline_figures(p));
}

}  // namespace
