// A measured pass as the report keeps it, from what measure_pass returned and what was measured:
// the one conversion run and ab share.
#pragma once

#include <string>

#include "report/report.h"
#include "stream/pass.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

struct PassOrigin {
  std::string dataset, path;
  const sudoku::SolverFactory* solver = nullptr;
  int threads = 0;
  int repetition = 0;
  bool timed = true;  // the puzzles were timed (PassConfig::time_puzzles)
};

MeasuredPass measured_pass_of(const PassOrigin& origin, const PassResult& r);

}  // namespace sudoku_bench
