// A one-line progress display on stderr, drawn only when stderr is a terminal, never wider than it.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "run/run_estimate.h"

namespace sudoku_bench {

class Progress {
 public:
  // Draws nothing unless `enabled` and `out` is a terminal.
  Progress(std::FILE* out, bool enabled);

  // The run's steps by kind (RunEstimate): the share done and the ETA cover them all, so that they
  // do not start over with each pass, or with each reading of a pass.
  void plan(std::vector<RunEstimate::Steps> steps);
  // A step of the plan's `kind` begins, shown as `label`; the one before it is done.
  void step(std::string label, std::size_t kind);
  // The step reads its input (again, for a warm-up's next pass): `total` bytes as stored, 0 if
  // unknown (then no share or ETA).
  void reading(std::uint64_t total);
  // A run of one step that reads once.
  void start(std::string label, std::uint64_t total);
  // Redraws at most every 200 ms: `puzzles` done since reading(), `position` bytes into its reading
  // `loop` (from 0); `note` (e.g. the hunt's best so far) ends the line. The line counts the
  // step's puzzles, a warm-up's passes together.
  void update(std::uint64_t puzzles, std::uint64_t position, std::uint32_t loop = 0, const std::string& note = {});
  // Erases the line.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  double seconds(Clock::time_point t) const { return std::chrono::duration<double>(t - created_).count(); }

  std::FILE* out_;
  bool active_;
  RunEstimate estimate_{{{1, {}}}};
  std::string label_;
  std::uint64_t total_ = 0;
  std::uint64_t puzzles_before_ = 0, puzzles_ = 0;  // of the step's readings before this one; of this one
  Clock::time_point created_, step_began_, drawn_;
  bool shown_ = false;
};

}  // namespace sudoku_bench
