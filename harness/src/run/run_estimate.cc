#include "run/run_estimate.h"

#include <algorithm>
#include <cmath>

namespace sudoku_bench {
namespace {

// When a step that began at 0 ends, its reading under way having begun at `reading_began` and
// readings lasting `reading` seconds each (uncut): another reading begins while `repeat_seconds`
// have not passed.
double step_seconds(const StepTime& time, double reading_began, double reading) {
  const double r = time.reading_cap_seconds > 0 ? std::min(reading, time.reading_cap_seconds) : reading;
  double end = reading_began + r;
  if (end < time.repeat_seconds)
    end = r > 0 ? end + std::ceil((time.repeat_seconds - end) / r) * r : time.repeat_seconds;
  return end;
}

}  // namespace

RunEstimate::RunEstimate(std::vector<Steps> plan)
    : plan_(std::move(plan)), begun_(plan_.size()), done_(plan_.size()), done_seconds_(plan_.size()) {}

void RunEstimate::begin_step(std::size_t kind, double now) {
  if (kind_) {
    ++done_[*kind_];
    done_seconds_[*kind_] += now - step_began_;
    end_reading();
  }
  if (!run_began_) run_began_ = now;
  ++begun_[kind];
  kind_ = kind;
  step_began_ = reading_began_ = now;
  first_loop_ = reading_ = 0;
  seen_.reset();
  sized_ = true;
  last_reading_.reset();
}

void RunEstimate::begin_reading(double now) {
  if (seen_) {  // a reading before this one, in this step
    end_reading();
    first_loop_ = reading_ + 1;
    reading_ = first_loop_;
    seen_.reset();
  }
  reading_began_ = now;
}

void RunEstimate::observe(double now, std::uint32_t loop, double position) {
  if (!kind_) return;
  if (position < 0) {
    sized_ = false;
    return;
  }
  if (first_loop_ + loop > reading_) {
    // The reading before ended with its last chunk: this one began then.
    end_reading();
    if (seen_) reading_began_ = seen_->at;
    reading_ = first_loop_ + loop;
  }
  seen_ = Observation{std::min(position, 1.0), now};
  if (const auto r = reading_seconds()) latest_reading_ = r;
}

void RunEstimate::end_reading() {
  if (const auto r = reading_seconds()) last_reading_ = latest_reading_ = r;
}

// The reading under way, whole, at the pace it has gone so far.
std::optional<double> RunEstimate::reading_seconds() const {
  if (!seen_ || seen_->position <= 0) return std::nullopt;
  return (seen_->at - reading_began_) / seen_->position;
}

// A step not begun: as long as the steps of its kind done so far, else at the latest reading's pace.
std::optional<double> RunEstimate::expected_seconds(std::size_t kind) const {
  if (done_[kind]) return done_seconds_[kind] / static_cast<double>(done_[kind]);
  if (latest_reading_) return step_seconds(plan_[kind].time, 0, *latest_reading_);
  return std::nullopt;
}

std::optional<double> RunEstimate::step_end(double now) const {
  if (!sized_) return std::nullopt;
  std::optional<double> end;
  // A whole reading of this step says its pace better than the start of the next one.
  if (const auto r = last_reading_ ? last_reading_ : reading_seconds())
    end = step_began_ + step_seconds(plan_[*kind_].time, reading_began_ - step_began_, *r);
  else if (const auto expected = expected_seconds(*kind_))
    end = step_began_ + *expected;
  if (!end) return std::nullopt;
  return std::max(*end, now);
}

std::optional<RunEstimate::Estimate> RunEstimate::estimate(double now) {
  if (!kind_) return std::nullopt;
  const auto end = step_end(now);
  if (!end) return std::nullopt;
  double left = *end - now;
  for (std::size_t kind = 0; kind < plan_.size(); ++kind) {
    if (begun_[kind] >= plan_[kind].count) continue;
    const auto expected = expected_seconds(kind);
    if (!expected) return std::nullopt;
    left += static_cast<double>(plan_[kind].count - begun_[kind]) * *expected;
  }
  const double elapsed = now - *run_began_;
  if (elapsed + left > 0) shown_ = std::max(shown_, std::min(1.0, elapsed / (elapsed + left)));
  return Estimate{shown_, left};
}

}  // namespace sudoku_bench
