#include "stream/pipeline.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "stream/pass.h"
#include "sudoku/parse.h"
#include "sudoku/strategies.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using sudoku_bench::Chunk;
using sudoku_bench::InputFile;
using sudoku_bench::PipelineConfig;
using sudoku_bench::Record;
using sudoku_bench::ThreadCount;

// Each record's line number as the sink saw it, in sink order.
std::vector<std::uint64_t> lines_through(const std::string& path, int threads, std::size_t per_chunk) {
  InputFile in(path);
  PipelineConfig config;
  config.threads = ThreadCount::of(threads).value();
  config.chunk = {per_chunk * 2, per_chunk};  // lines of 2 bytes: blocks of about per_chunk records
  std::vector<std::uint64_t> seen;
  std::atomic<int> chunks{0};
  sudoku_bench::run_pipeline(
      in, config,
      [&](Chunk& c) {
        for (const Record& r : c.records) c.out += std::string(c.text_of(r)) + "\n";
        // Uneven work, so that later chunks often finish first.
        if (++chunks % 3 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
      },
      [&](Chunk& c) {
        // The sink numbers the lines: the parallel stage knows them only within its chunk.
        for (const Record& r : c.records) seen.push_back(c.first_line + r.line - 1);
        if (!c.records.empty()) {
          EXPECT_EQ(c.out.substr(0, c.out.find('\n')), c.text_of(c.records.front()));
        }
      });
  return seen;
}

TEST(PipelineTest, EveryRecordReachesTheSinkInOrder) {
  std::string text;
  std::vector<std::uint64_t> expected;
  for (std::uint64_t i = 1; i <= 5000; ++i) {
    if (i % 11 == 0) {
      text += "# comment\n";
      continue;
    }
    text += "x\n";
    expected.push_back(i);
  }
  test_util::TempFile f(text);
  for (int threads : {1, 2, 8})
    for (std::size_t per_chunk : {1u, 7u, 256u})
      EXPECT_EQ(lines_through(f.path(), threads, per_chunk), expected) << threads;
}

TEST(PipelineTest, ChunksInFlightAreBounded) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "x\n";
  test_util::TempFile f(text);
  InputFile in(f.path());
  PipelineConfig config;
  config.threads = ThreadCount::of(4).value();
  config.chunk = {10, 5};
  config.max_chunks_in_flight = 6;
  std::mutex m;
  std::set<const Chunk*> distinct;
  std::atomic<int> live{0}, peak{0};
  std::uint64_t records = 0;
  sudoku_bench::run_pipeline(
      in, config,
      [&](Chunk& c) {
        const int now = ++live;
        for (int p = peak.load(); now > p && !peak.compare_exchange_weak(p, now);) {
        }
        std::lock_guard<std::mutex> lock(m);
        distinct.insert(&c);
      },
      [&](Chunk& c) {
        --live;
        records += c.records.size();
      });
  EXPECT_EQ(records, 20000u);
  EXPECT_LE(distinct.size(), 6u);  // chunks are reused: memory does not grow with the input
  EXPECT_LE(peak.load(), 6);
}

TEST(PipelineTest, ErrorsInAStageReachTheCaller) {
  test_util::TempFile f("a\nb\nc\n");
  InputFile in(f.path());
  PipelineConfig config;
  config.threads = ThreadCount::of(2).value();
  config.chunk = {1, 1};
  EXPECT_THROW(sudoku_bench::run_pipeline(
                   in, config,
                   [](Chunk& c) {
                     for (const Record& r : c.records)
                       if (c.text_of(r) == "b") throw std::runtime_error("boom");
                   },
                   [](Chunk&) {}),
               std::runtime_error);
}

TEST(PipelineTest, ThreadsObservedNeverExceedThreadsAsked) {
  std::string text;
  for (int i = 0; i < 400; ++i) text += std::string(81, '.') + "\n";
  test_util::TempFile f(text);
  std::string error;
  const auto factory = sudoku::make_solver_factory("bitmask", error);
  for (int threads : {1, 3}) {
    InputFile in(f.path());
    sudoku_bench::PassConfig config;
    config.pipeline.threads = ThreadCount::of(threads).value();
    const auto r = sudoku_bench::measure_pass(in, *factory, config);
    EXPECT_GE(r.threads_observed, 1);
    EXPECT_LE(r.threads_observed, threads);
    EXPECT_EQ(r.status.multiple, 400u);
    EXPECT_EQ(r.distributions.tree_size.count, 400u);
    EXPECT_EQ(r.distributions.latency_ns.count, 400u);
  }
}

// Per-puzzle tree sizes and guesses depend on the puzzle alone, never on threads or scheduling.
std::string tree_sizes(const std::string& path, int threads) {
  std::string error;
  const auto factory = sudoku::make_solver_factory("bitmask", error);
  InputFile in(path);
  PipelineConfig config;
  config.threads = ThreadCount::of(threads).value();
  config.chunk = {5 * 82, 5};
  std::string all;
  std::mutex m;
  std::vector<std::unique_ptr<sudoku::Solver>> solvers;
  sudoku_bench::run_pipeline(
      in, config,
      [&](Chunk& c) {
        // A fresh solver per chunk also shows that solvers keep no state between puzzles.
        const auto solver = factory->make();
        sudoku::Grid g;
        for (const Record& r : c.records) {
          ASSERT_TRUE(static_cast<bool>(sudoku::parse_record(c.text_of(r), g)));
          const auto result = solver->solve(g, {}, nullptr);
          c.out += std::to_string(result.nodes) + " " + std::to_string(result.guesses) + "\n";
        }
      },
      [&](Chunk& c) {
        std::istringstream figures(c.out);
        std::string line;
        for (const Record& r : c.records) {
          std::getline(figures, line);
          all += std::to_string(c.first_line + r.line - 1) + " " + line + "\n";
        }
      });
  return all;
}

TEST(PipelineTest, TreeSizesAreIdenticalAcrossThreadCounts) {
  const std::string path = test_util::dataset_path("top1465.txt");
  const std::string one = tree_sizes(path, 1);
  EXPECT_EQ(std::count(one.begin(), one.end(), '\n'), 1465);
  EXPECT_EQ(tree_sizes(path, 2), one);
  EXPECT_EQ(tree_sizes(path, 8), one);
}

}  // namespace
