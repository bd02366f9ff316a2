// A one-line progress display on stderr, drawn only when stderr is a terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace sudoku_bench {

class Progress {
 public:
  // Draws nothing unless `enabled` and `out` is a terminal.
  Progress(std::FILE* out, bool enabled);

  // `total` is the input's size in bytes as stored, 0 if unknown (then no percentage or ETA).
  void start(std::string label, std::uint64_t total);
  // Redraws at most every 200 ms; `note` (e.g. the hunt's best so far) ends the line.
  void update(std::uint64_t puzzles, std::uint64_t position, const std::string& note = {});
  // Erases the line.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::FILE* out_;
  bool active_;
  std::string label_;
  std::uint64_t total_ = 0;
  Clock::time_point started_, drawn_;
  bool shown_ = false;
};

}  // namespace sudoku_bench
