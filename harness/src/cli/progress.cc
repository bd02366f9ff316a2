#include "cli/progress.h"

#include <unistd.h>

#include "report/units.h"

namespace sudoku_bench {

Progress::Progress(std::FILE* out, bool enabled) : out_(out), active_(enabled && isatty(fileno(out))) {}

void Progress::start(std::string label, std::uint64_t total) {
  label_ = std::move(label);
  total_ = total;
  started_ = drawn_ = Clock::now();
}

void Progress::update(std::uint64_t puzzles, std::uint64_t position, const std::string& note) {
  if (!active_) return;
  const auto now = Clock::now();
  if (now - drawn_ < std::chrono::milliseconds(200)) return;
  drawn_ = now;
  const double elapsed = std::chrono::duration<double>(now - started_).count();
  std::string line = label_ + ": " + format_count(static_cast<double>(puzzles)) + " puzzles, " +
                     format_count(elapsed > 0 ? static_cast<double>(puzzles) / elapsed : 0) + "/s";
  if (total_ > 0 && position > 0) {
    const double done = static_cast<double>(position) / static_cast<double>(total_);
    char buf[64];
    std::snprintf(buf, sizeof buf, ", %.0f%%, ETA %.1f s", 100 * done, elapsed * (1 - done) / done);
    line += buf;
  }
  if (!note.empty()) line += ", " + note;
  std::fprintf(out_, "\r\033[K%s", line.c_str());
  std::fflush(out_);
  shown_ = true;
}

void Progress::finish() {
  if (!shown_) return;
  std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  shown_ = false;
}

}  // namespace sudoku_bench
