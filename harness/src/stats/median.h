// The median of a few figures: repetitions' throughputs, deviations, batches of clock reads.
#pragma once

#include <vector>

namespace sudoku_bench {

// The middle value, or the mean of the two middle ones for an even count; 0 for none.
double median(std::vector<double> values);

}  // namespace sudoku_bench
