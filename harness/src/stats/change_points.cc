#include "stats/change_points.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

#include "stats/shift_interval.h"

namespace sudoku_bench {
namespace {

// sum of values[begin, end)
struct Sums {
  std::vector<double> prefix;
  explicit Sums(std::span<const double> v) : prefix(v.size() + 1, 0) {
    std::partial_sum(v.begin(), v.end(), prefix.begin() + 1);
  }
  double mean(std::size_t a, std::size_t b) const { return (prefix[b] - prefix[a]) / static_cast<double>(b - a); }
};

// How far the values inside [a, b) stand from the rest of [begin, end): the difference of their
// means, weighted as least squares weigh it (CUSUM). The largest locates a change; the test judges it.
double separation(const Sums& s, std::size_t begin, std::size_t end, std::size_t a, std::size_t b) {
  const double in = static_cast<double>(b - a), out = static_cast<double>((end - begin) - (b - a));
  const double rest = (s.prefix[end] - s.prefix[begin] - (s.prefix[b] - s.prefix[a])) / out;
  return std::abs(s.mean(a, b) - rest) * std::sqrt(in * out / (in + out));
}

// The values of [begin, end) outside [a, b).
std::vector<double> outside(std::span<const double> v, std::size_t begin, std::size_t end, std::size_t a,
                            std::size_t b) {
  std::vector<double> rest(v.begin() + static_cast<std::ptrdiff_t>(begin), v.begin() + static_cast<std::ptrdiff_t>(a));
  rest.insert(rest.end(), v.begin() + static_cast<std::ptrdiff_t>(b), v.begin() + static_cast<std::ptrdiff_t>(end));
  return rest;
}

struct Best {
  double separation = -1;
  std::size_t a = 0, b = 0;  // the values set apart: [a, b)
};

// The split, or the inner interval (a change undone later is not one step), of [begin, end) that
// sets its values furthest apart, with min_segment values or more in each part.
Best most_separated(std::span<const double> v, std::size_t begin, std::size_t end, std::size_t m) {
  const Sums sums(v);
  Best best;
  const auto consider = [&](std::size_t a, std::size_t b) {
    if (const double d = separation(sums, begin, end, a, b); d > best.separation) best = {d, a, b};
  };
  for (std::size_t k = begin + m; k + m <= end; ++k) consider(begin, k);
  for (std::size_t a = begin + m; a + m <= end; ++a)
    for (std::size_t b = a + m; b + m <= end; ++b) consider(a, b);
  return best;
}

// How often values of [begin, end) in a random order are set as far apart as they are: the p of
// the largest separation, which accounts for it being the largest of all the places tried (a
// permutation test, as E-divisive means uses). Fixed seed and shuffle: the same series, the same p.
double permutation_p(std::span<const double> v, std::size_t begin, std::size_t end, std::size_t m, double observed) {
  constexpr int kPermutations = 999;
  std::vector<double> shuffled(v.begin() + static_cast<std::ptrdiff_t>(begin),
                               v.begin() + static_cast<std::ptrdiff_t>(end));
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  const auto next = [&] {  // splitmix64: the same numbers on every platform
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  int as_far = 0;
  for (int r = 0; r < kPermutations; ++r) {
    for (std::size_t i = shuffled.size() - 1; i > 0; --i) std::swap(shuffled[i], shuffled[next() % (i + 1)]);
    as_far += most_separated(shuffled, 0, shuffled.size(), m).separation >= observed * (1 - 1e-12);
  }
  return (1.0 + as_far) / (kPermutations + 1.0);
}

// Binary segmentation: appends the places of the changes found in [begin, end), with their p.
void search(std::span<const double> v, std::size_t begin, std::size_t end, const ChangePointOptions& o,
            std::vector<std::size_t>& found, std::vector<double>& p_of) {
  const std::size_t m = o.min_segment;
  if (end - begin < 2 * m) return;
  const Best best = most_separated(v, begin, end, m);
  if (best.separation <= 0) return;
  const std::vector<double> rest = outside(v, begin, end, best.a, best.b);
  const ShiftInterval s = shift_interval(rest, v.subspan(best.a, best.b - best.a), 0.95);
  if (std::abs(s.estimate) < o.min_shift) return;
  const double p = permutation_p(v, begin, end, m, best.separation);
  if (p >= o.alpha) return;
  std::vector<std::size_t> cuts;
  if (best.a > begin) cuts.push_back(best.a);
  if (best.b < end) cuts.push_back(best.b);
  std::size_t from = begin;
  for (const std::size_t c : cuts) {
    found.push_back(c);
    p_of.push_back(p);
    search(v, from, c, o, found, p_of);
    from = c;
  }
  search(v, from, end, o, found, p_of);
}

}  // namespace

std::vector<ChangePoint> change_points(std::span<const double> values, const ChangePointOptions& options) {
  std::vector<std::size_t> at;
  std::vector<double> p;
  search(values, 0, values.size(), options, at, p);
  std::vector<std::size_t> order(at.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return at[a] < at[b]; });
  // Each change measured between its neighbouring segments, once every change is known.
  std::vector<ChangePoint> found;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::size_t here = at[order[i]];
    const std::size_t from = i ? at[order[i - 1]] : 0, to = i + 1 < order.size() ? at[order[i + 1]] : values.size();
    const ShiftInterval s = shift_interval(values.subspan(from, here - from), values.subspan(here, to - here), 0.95);
    found.push_back({here, s.estimate, s.low, s.high, p[order[i]]});
  }
  return found;
}

}  // namespace sudoku_bench
