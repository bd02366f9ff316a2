#include "stream/did_you_mean.h"

#include <algorithm>
#include <numeric>

namespace sudoku_bench {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: Levenshtein with a swap of two neighbours counted as one edit, the
  // commonest slip at a keyboard ("fats" for "fast").
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    before.swap(previous);
    previous.swap(current);
  }
  return previous[b.size()];
}

std::string nearest_name(std::string_view given, const std::vector<std::string>& candidates) {
  const std::size_t allowed = std::min<std::size_t>(2, std::max<std::size_t>(1, given.size() / 3));
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(given, c);
    if (d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view given, const std::vector<std::string>& candidates) {
  const std::string name = nearest_name(given, candidates);
  return name.empty() ? std::string() : " (did you mean '" + name + "'?)";
}

}  // namespace sudoku_bench
