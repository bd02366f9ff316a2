// A pass in the harness's own encoding, for the harness's own processes: the numbers of a pass are
// listed once, in one order, which both of its forms follow.
// - The whole pass as bytes (pass_bytes): what the measuring child sends its supervisor
//   (run/pass_link.h). Every number as its bits, every string as its bytes: what arrives is equal to
//   what was sent, histograms and unmeasured figures included, with no JSON on the way.
// - A part's pass (one MPI rank's) as a fixed row of numbers (part_figures), for rank 0 to receive
//   from every rank at a cost that does not depend on the pass's size: what combine_parts reads of a
//   part (its counts, times, noise, stored figures and the moments of its distributions), not its
//   buckets (summed apart: run/rank_passes.cc) nor what every part shares (dataset, solver, threads:
//   checked by a hash of them).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// The bytes of `pass`, and the pass they hold. pass_from_bytes throws std::invalid_argument for
// bytes cut short or too many.
std::string pass_bytes(const MeasuredPass& pass);
MeasuredPass pass_from_bytes(std::string_view bytes);

// The row of `pass`: as many numbers for every pass.
std::vector<double> part_figures(const MeasuredPass& pass);

// The part the row `figures` describes: `like` (a pass of the same dataset, solver, threads and
// repetition) with the row's figures, its distributions without buckets. Throws
// std::invalid_argument for a row of another pass or of another length.
MeasuredPass part_of(const MeasuredPass& like, const std::vector<double>& figures);

}  // namespace sudoku_bench
