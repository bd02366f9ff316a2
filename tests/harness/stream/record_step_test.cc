// RecordStep's two ways: the common record's, inline in step_chunk's loop, and the full one for
// everything else. Whichever way the records before it went, a record's result is its own.
#include "stream/record_step.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "stream/chunk.h"
#include "stream/noop.h"
#include "sudoku/strategies.h"
#include "test_util.h"

namespace {

using sudoku_bench::Chunk;
using sudoku_bench::InputFormat;
using sudoku_bench::StepResult;

// Owns its text: a Chunk's data points into it.
struct TestChunk {
  explicit TestChunk(const std::string& text, InputFormat format) {
    chunk.text = text;
    chunk.data = chunk.text.data();
    chunk.bytes = chunk.text.size();
    chunk.format = format;
    sudoku_bench::split_records(chunk);
  }
  Chunk chunk;
};

std::unique_ptr<sudoku::SolverFactory> factory_for(const std::string& spec) {
  if (spec == "noop") return sudoku_bench::make_noop_factory();
  std::string error;
  auto factory = sudoku::make_solver_factory(spec, error);
  EXPECT_TRUE(factory) << error;
  return factory;
}

TEST(RecordStepTest, ARecordAfterOneOffTheCommonWayIsItsOwn) {
  const std::string puzzle = test_util::read_lines("top95.txt").front();
  const TestChunk lines(
      puzzle + "\n" + puzzle.substr(0, 80) + "x\n" + puzzle + "\n" + puzzle.substr(0, 80) + "\n" + puzzle + "\n",
      InputFormat::lines);
  ASSERT_EQ(lines.chunk.records.size(), 5u);
  // Expectations that fail: a count of 2 for a unique puzzle, and "invalid" for a puzzle.
  const TestChunk checks(puzzle + ":2\n" + puzzle + ":invalid\n", InputFormat::checks);
  for (const std::string spec : {"noop", "bitmask"}) {
    for (const bool reask : {true, false}) {
      SCOPED_TRACE(spec + (reask ? " asked for solutions" : " asked for counts"));
      const auto factory = factory_for(spec);
      sudoku_bench::StepOptions options;
      options.reask_every_record = reask;
      sudoku_bench::RecordStep step(*factory, options);
      const auto expect_puzzle = [&](const Chunk& chunk, std::size_t i) {
        step.run(chunk, chunk.records[i], nullptr);
        const StepResult& r = step.judge();
        EXPECT_EQ(r.outcome, StepResult::Outcome::unique) << "record " << i;
        EXPECT_TRUE(r.invalid.empty() && r.wrong.empty() && r.mismatch.empty()) << "record " << i;
        EXPECT_FALSE(r.checked || r.stopped) << "record " << i;
      };
      const auto expect_invalid = [&](const Chunk& chunk, std::size_t i, const std::string& why) {
        step.run(chunk, chunk.records[i], nullptr);
        const StepResult& r = step.judge();
        EXPECT_EQ(r.outcome, StepResult::Outcome::invalid) << "record " << i;
        EXPECT_NE(r.invalid.find(why), std::string::npos) << r.invalid;
      };
      expect_puzzle(lines.chunk, 0);
      expect_invalid(lines.chunk, 1, "bad character");
      expect_puzzle(lines.chunk, 2);
      expect_invalid(lines.chunk, 3, "wrong length 80");
      expect_puzzle(lines.chunk, 4);
      // A checked record, then a line of the same step: its expectation is not the next one's.
      // (noop answers nothing to check.)
      for (std::size_t i = 0; i < 2 && spec != "noop"; ++i) {
        step.run(checks.chunk, checks.chunk.records[i], nullptr);
        const StepResult& r = step.judge();
        EXPECT_TRUE(r.checked);
        EXPECT_FALSE(r.mismatch.empty()) << "checks record " << i;
        expect_puzzle(lines.chunk, 4);
      }
    }
  }
}

}  // namespace
