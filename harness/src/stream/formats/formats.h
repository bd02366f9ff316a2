// The input format modules, one file each; record_format.cc picks among them.
#pragma once

#include "stream/record_format.h"

namespace sudoku_bench::formats {

const RecordFormat& lines();    // one record per line, the puzzle's symbols
const RecordFormat& csv();      // puzzle,solution
const RecordFormat& checks();   // puzzle:count[:solution]
const RecordFormat& numbers();  // side*side decimal numbers
const RecordFormat& grid();     // a grid over side lines

}  // namespace sudoku_bench::formats
