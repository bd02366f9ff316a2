#include "run/progress.h"

#include <unistd.h>

#include <cmath>

#include "report/names.h"
#include "report/units.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

constexpr std::size_t kMinLabelColumns = 12;

// The terminal's width (COLUMNS where set), 80 where it tells none.
std::size_t terminal_columns(std::FILE* out) { return output_width(out).value_or(80); }

// `label` + `rest` in `columns`: the label, which a solver's path can make as long as it likes, gives
// way first; on a terminal too narrow even then, the line loses its middle.
std::string fitted(const std::string& label, const std::string& rest, std::size_t columns) {
  const std::size_t rest_columns = text_columns(rest);
  const std::size_t label_columns =
      columns > rest_columns + kMinLabelColumns ? columns - rest_columns : kMinLabelColumns;
  return short_name(short_name(label, label_columns) + rest, columns);
}

}  // namespace

Progress::Progress(std::FILE* out, bool enabled)
    : out_(out), active_(enabled && isatty(fileno(out))), created_(Clock::now()) {}

void Progress::plan(std::vector<RunEstimate::Steps> steps) { estimate_ = RunEstimate(std::move(steps)); }

void Progress::step(std::string label, std::size_t kind) {
  label_ = std::move(label);
  step_began_ = drawn_ = Clock::now();
  puzzles_before_ = puzzles_ = 0;
  estimate_.begin_step(kind, seconds(step_began_));
}

void Progress::reading(std::uint64_t total) {
  total_ = total;
  puzzles_before_ += puzzles_;
  puzzles_ = 0;
  estimate_.begin_reading(seconds(Clock::now()));
}

void Progress::start(std::string label, std::uint64_t total) {
  plan({{1, {}}});
  step(std::move(label), 0);
  reading(total);
}

void Progress::update(std::uint64_t puzzles, std::uint64_t position, std::uint32_t loop, const std::string& note) {
  if (!active_) return;
  puzzles_ = puzzles;
  const auto now = Clock::now();
  estimate_.observe(seconds(now), loop,
                    total_ > 0 ? static_cast<double>(position) / static_cast<double>(total_) : -1.0);
  if (now - drawn_ < std::chrono::milliseconds(200)) return;
  drawn_ = now;
  const double elapsed = std::chrono::duration<double>(now - step_began_).count();
  const auto done = static_cast<double>(puzzles_before_ + puzzles_);
  std::string rest = ": " + format_count(done) + " puzzles, " + format_count(elapsed > 0 ? done / elapsed : 0) + "/s";
  if (const auto e = estimate_.estimate(seconds(now))) {
    char buf[64];
    std::snprintf(buf, sizeof buf, ", %.0f%%, ETA %.1f s", std::floor(100 * e->share), e->seconds_left);
    rest += buf;
  }
  if (!note.empty()) rest += ", " + note;
  // One column short of the width: a line that fills it leaves some terminals wrapped.
  std::fprintf(out_, "\r\033[K%s", fitted(label_, rest, terminal_columns(out_) - 1).c_str());
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
