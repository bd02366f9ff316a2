// checks: puzzle:count[:solution] per line, as `solve` prints them; count is a number of
// solutions, "invalid" or "aborted". Both the count and the solution are checked.
#include <algorithm>

#include "stream/formats/formats.h"

namespace sudoku_bench::formats {
namespace {

class Checks final : public RecordFormat {
 public:
  Checks()
      : RecordFormat(/*numbers=*/false, /*spans_lines=*/false, /*parses_cut_lines=*/false,
                     /*splits_fields=*/true) {}

  bool detects(std::string_view line) const override {
    const auto colon = line.find(':');
    if (colon == 0 || colon == std::string_view::npos) return false;
    std::string_view count = line.substr(colon + 1);
    count = count.substr(0, count.find(':'));
    if (count == "invalid" || count == "aborted") return true;
    return !count.empty() && std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
  }

  RecordFields fields(std::string_view record) const override {
    const auto colon = record.find(':');
    if (colon == std::string_view::npos) return RecordFormat::fields(record);
    RecordFields f{record.substr(0, colon), true, record.substr(colon + 1), false, {}};
    if (const auto second = f.count.find(':'); second != std::string_view::npos) {
      f.has_solution = true;
      f.solution = f.count.substr(second + 1);
      f.count = f.count.substr(0, second);
    }
    return f;
  }
};

}  // namespace

const RecordFormat& checks() {
  static const Checks format;
  return format;
}

}  // namespace sudoku_bench::formats
