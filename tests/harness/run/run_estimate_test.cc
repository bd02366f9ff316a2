// The progress line's share and ETA (run/run_estimate.h) over runs played out in made-up time: the
// share covers the whole run and never goes back, and it is the share of the run's time.
#include "run/run_estimate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

using sudoku_bench::RunEstimate;
using sudoku_bench::StepTime;

namespace {

// Steps read as run_command reads them: a warm-up pass after pass until its time is up, each cut at
// it; a measured pass its file again until --min-time. Each reading takes `reading` seconds in
// `chunks` even chunks, each chunk observed, then the estimate taken.
class Simulation {
 public:
  explicit Simulation(std::vector<RunEstimate::Steps> plan) : run_(std::move(plan)) {}

  void warm_up(std::size_t kind, const StepTime& time, double reading, int chunks) {
    run_.begin_step(kind, now_);
    const double began = now_;
    do {
      run_.begin_reading(now_);
      read(0, reading, chunks, time.reading_cap_seconds);
    } while (now_ - began < time.repeat_seconds);
  }

  void measured(std::size_t kind, const StepTime& time, double reading, int chunks) {
    run_.begin_step(kind, now_);
    run_.begin_reading(now_);
    const double began = now_;
    std::uint32_t loop = 0;
    do read(loop++, reading, chunks, 0);
    while (now_ - began < time.repeat_seconds);
  }

  double now() const { return now_; }
  const std::vector<std::pair<double, RunEstimate::Estimate>>& seen() const { return seen_; }

 private:
  void read(std::uint32_t loop, double reading, int chunks, double cap) {
    const double began = now_;
    for (int c = 1; c <= chunks; ++c) {
      now_ += reading / chunks;
      run_.observe(now_, loop, static_cast<double>(c) / chunks);
      if (const auto e = run_.estimate(now_)) seen_.emplace_back(now_, *e);
      if (cap > 0 && now_ - began >= cap) return;
    }
  }

  RunEstimate run_;
  double now_ = 0;
  std::vector<std::pair<double, RunEstimate::Estimate>> seen_;
};

void expect_never_back(const Simulation& s) {
  ASSERT_FALSE(s.seen().empty());
  for (std::size_t i = 1; i < s.seen().size(); ++i)
    ASSERT_GE(s.seen()[i].second.share, s.seen()[i - 1].second.share) << "at " << s.seen()[i].first << " s";
}

}  // namespace

// run --warmup-seconds 0.5 --min-time 2 --repetitions 2 --threads 1,2 on a file read in 0.13 s: the
// share neither starts over with each pass nor with each reading of one, and says the time.
TEST(RunEstimateTest, TheShareIsOfTheWholeRunAndNeverGoesBack) {
  const StepTime warm{0.5, 0.5}, min_time{2, 0};
  Simulation s({{2, warm}, {4, min_time}});
  for (int threads = 1; threads <= 2; ++threads) {
    s.warm_up(0, warm, 0.13, 3);
    for (int rep = 1; rep <= 2; ++rep) s.measured(1, min_time, 0.13, 3);
  }
  const double total = s.now();
  EXPECT_NEAR(total, 2 * 0.52 + 4 * 2.08, 1e-6);
  expect_never_back(s);
  for (const auto& [t, e] : s.seen()) {
    EXPECT_NEAR(e.share, t / total, 0.02) << "at " << t << " s";
    EXPECT_NEAR(e.seconds_left, total - t, 0.15) << "at " << t << " s";
  }
  EXPECT_GT(s.seen().back().second.share, 0.99);
}

// A reading longer than --min-time: the pass ends with it, and its share is how far it has read.
TEST(RunEstimateTest, AReadingLongerThanTheMinimumTimeSetsThePace) {
  const StepTime min_time{2, 0};
  Simulation s({{1, min_time}});
  s.measured(0, min_time, 10, 100);
  expect_never_back(s);
  for (const auto& [t, e] : s.seen()) EXPECT_NEAR(e.share, t / 10, 1e-6) << "at " << t << " s";
}

// A second pass slower than the first: the ETA grows as that shows, and the share waits for the time
// to catch up rather than going back.
TEST(RunEstimateTest, ASlowerPassHoldsTheShareAndLengthensTheEta) {
  const StepTime once{0, 0};
  Simulation s({{2, once}});
  s.measured(0, once, 1, 10);
  s.measured(0, once, 3, 10);
  expect_never_back(s);
  const auto at = [&](double t) {
    for (const auto& [when, e] : s.seen())
      if (when >= t - 1e-9) return e;
    return s.seen().back().second;
  };
  EXPECT_NEAR(at(1).share, 0.5, 1e-6);  // the second pass is expected as long as the first
  EXPECT_NEAR(at(1.3).seconds_left, 2.7, 1e-6);
  EXPECT_NEAR(at(1.3).share, 0.5, 1e-6);  // 1.3 of 4 s, but it said 50% before
  EXPECT_NEAR(s.seen().back().second.share, 1, 1e-6);
}

// Standard input's size is not known: no share, no ETA, rather than made-up ones.
TEST(RunEstimateTest, AnInputOfUnknownSizeGivesNoEstimate) {
  RunEstimate run(std::vector<RunEstimate::Steps>{{1, {0.5, 0}}});
  run.begin_step(0, 0);
  run.begin_reading(0);
  run.observe(0.3, 0, -1);
  EXPECT_FALSE(run.estimate(0.3));
  EXPECT_FALSE(RunEstimate(std::vector<RunEstimate::Steps>{{1, {}}}).estimate(0));  // nothing begun
}
