// How far a run has got and how long it has left, for its progress line: from the steps planned
// (warm-ups and measured passes), the time each took, and how far the one under way has read its
// input. Given the times rather than reading a clock, so that a test can drive it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace sudoku_bench {

// When a step ends: it reads its input again until `repeat_seconds` have passed, in whole readings
// (run --min-time; the passes of --warmup-seconds), and a reading stops after `reading_cap_seconds`
// (a warm-up pass's budget). 0: it reads once; a reading goes to the input's end.
struct StepTime {
  double repeat_seconds = 0;
  double reading_cap_seconds = 0;
};

class RunEstimate {
 public:
  // `count` steps that end alike.
  struct Steps {
    std::size_t count = 0;
    StepTime time;
  };
  // The run's steps by kind.
  explicit RunEstimate(std::vector<Steps> plan);

  // Times are seconds from any origin, never going back.
  // A step of plan[kind] begins; the one before it is done.
  void begin_step(std::size_t kind, double now);
  // The step begins a reading of its input: its first, or a warm-up's next pass.
  void begin_reading(double now);
  // The step is in its reading `loop`, counted from the last begin_reading, `position` of the way
  // through it (0 to 1; below 0 where the input's size is not known: then nothing is estimated).
  void observe(double now, std::uint32_t loop, double position);

  struct Estimate {
    double share;         // of the run's predicted time, 0 to 1, never less than an earlier one
    double seconds_left;  // as now predicted: it may grow when a step turns out slower
  };
  // None until a reading's pace is known.
  std::optional<Estimate> estimate(double now);

 private:
  std::optional<double> reading_seconds() const;
  std::optional<double> expected_seconds(std::size_t kind) const;
  std::optional<double> step_end(double now) const;
  void end_reading();

  std::vector<Steps> plan_;
  std::vector<std::size_t> begun_, done_;  // steps, per kind
  std::vector<double> done_seconds_;       // the time the steps done took, per kind
  std::optional<double> run_began_;
  // The step under way.
  std::optional<std::size_t> kind_;
  double step_began_ = 0;
  std::uint32_t first_loop_ = 0;  // the step's reading that observe's loop 0 is
  std::uint32_t reading_ = 0;     // the step's reading under way, from 0
  double reading_began_ = 0;
  // The last observation in the reading under way: how far through it (0 to 1), and when.
  struct Observation {
    double position, at;
  };
  std::optional<Observation> seen_;
  bool sized_ = true;
  std::optional<double> last_reading_;    // a reading of this step, whole (or as long as it would have been, uncut)
  std::optional<double> latest_reading_;  // the same, of any step: steps not begun are predicted with it
  double shown_ = 0;
};

}  // namespace sudoku_bench
