// What a pass's pipeline seconds say about the harness, on fixed data (no timing).
#include <gtest/gtest.h>

#include "report/report.h"

namespace {

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

TEST(PipelineFiguresTest, NoneWithoutMeasurement) {
  MeasuredPass p = pass(1, 1.0, 0, 0, 0);
  EXPECT_FALSE(pipeline_figures(p)->ceiling_puzzles_per_second);
  EXPECT_FALSE(pipeline_figures(p)->keeps_up_to_threads);
  p.pipeline.measured = false;  // a report written before pipelines were recorded
  EXPECT_FALSE(pipeline_figures(p));
}

}  // namespace
