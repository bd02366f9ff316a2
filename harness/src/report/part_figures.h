// A part's pass (one MPI rank's) as a fixed row of numbers, for rank 0 to receive from every rank at
// a cost that does not depend on the pass's size: what combine_parts reads of a part (its counts,
// times, noise, stored figures and the moments of its distributions), not its buckets (summed
// apart: run/rank_passes.cc) nor what every part shares (dataset, solver, threads: checked by a
// hash of them).
#pragma once

#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// The row of `pass`: as many numbers for every pass.
std::vector<double> part_figures(const MeasuredPass& pass);

// The part the row `figures` describes: `like` (a pass of the same dataset, solver, threads and
// repetition) with the row's figures, its distributions without buckets. Throws
// std::invalid_argument for a row of another pass or of another length.
MeasuredPass part_of(const MeasuredPass& like, const std::vector<double>& figures);

}  // namespace sudoku_bench
