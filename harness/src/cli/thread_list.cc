#include "cli/thread_list.h"

#include <algorithm>
#include <charconv>

namespace sudoku_bench {
namespace {

bool parse_count(std::string_view s, int& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && ThreadCount::of(out).has_value();
}

}  // namespace

std::vector<ThreadCount> parse_thread_list(std::string_view text, std::string& error) {
  std::vector<ThreadCount> counts;
  // The sentence every whole-number option says (docs/cli.md, Numeric options), of the piece at
  // fault; a piece of a list names the list, and how one is written.
  const auto fail = [&](std::string_view item) {
    int count = 0;
    const std::size_t colon = item.find(':');
    const std::string_view bad = colon == std::string_view::npos              ? item
                                 : !parse_count(item.substr(0, colon), count) ? item.substr(0, colon)
                                                                              : item.substr(colon + 1);
    error = parse_count(bad, count)
                ? "'" + std::string(item) + "' is no range: its first count is above its last"
                : "'" + std::string(bad) + "' is not a whole number from 1 to " + std::to_string(kMaxThreads);
    if (item != text) error += " (in '" + std::string(text) + "', a list like 1,2,4 or 1:16)";
    return std::vector<ThreadCount>{};
  };
  std::size_t pos = 0;
  do {
    const std::size_t comma = text.find(',', pos);
    const std::string_view item =
        text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    const std::size_t colon = item.find(':');
    int lo = 0, hi = 0;
    if (colon == std::string_view::npos) {
      if (!parse_count(item, lo)) return fail(item);
      hi = lo;
    } else if (!parse_count(item.substr(0, colon), lo) || !parse_count(item.substr(colon + 1), hi) || lo > hi) {
      return fail(item);
    }
    for (int t = lo; t <= hi; ++t) {
      const ThreadCount count = *ThreadCount::of(t);  // lo and hi passed parse_count
      if (std::find(counts.begin(), counts.end(), count) == counts.end()) counts.push_back(count);
    }
    pos = comma == std::string_view::npos ? text.size() + 1 : comma + 1;
  } while (pos <= text.size());
  return counts;
}

}  // namespace sudoku_bench
