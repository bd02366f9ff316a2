// Where a series of measurements over commits changed level, and by how much. Each value is one
// commit's (the median of its repetitions), so that the noise between runs, which repetitions
// within one run do not show, is what a change must stand out from. Binary segmentation: in each
// segment, the split (or the inner interval: a change undone later) whose means stand furthest apart
// as least squares weigh them is a change when its shift is at least min_shift and a permutation
// test of that largest separation (999 orders, fixed seed; as E-divisive means tests) gives p below
// alpha; the parts are then searched again. Each change is then measured between its neighbouring
// segments, its interval Moses' (shift_interval.h).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace sudoku_bench {

struct ChangePointOptions {
  double alpha = 0.05;
  double min_shift = 0;         // the smallest |shift| worth naming, in the values' units
  std::size_t min_segment = 3;  // values on each side of a change, at least
};

struct ChangePoint {
  std::size_t at = 0;  // the first value after the change
  // After minus before: the Hodges-Lehmann estimate, with its 95% interval where the segments
  // allow one (shift_interval.h). On logarithms, exp(shift) is the ratio of the levels.
  double shift = 0;
  std::optional<double> low, high;
  double p_value = 1;  // of the permutation test, which accounts for the places tried
};

// In the order of the values.
std::vector<ChangePoint> change_points(std::span<const double> values, const ChangePointOptions& options = {});

}  // namespace sudoku_bench
