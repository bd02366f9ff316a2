// The answers of a counted pass (counted_pass.h), judged as `run` judges answers: each recounted by
// the reference, each solution written checked; into the pass's outcomes, tree sizes and guesses.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "count/sampled_records.h"
#include "stats/histogram.h"
#include "stats/measured_pass.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

class Answers {
 public:
  // `reference` recounts every answer: a sample is small, and under valgrind the native recount
  // costs nothing beside the counting.
  Answers(const FileSample& sample, const sudoku::SolverFactory* reference);

  // A line of sudoku-bench-count: "# implementation NAME", "LINE unsupported", or
  // "LINE COUNT NODES GUESSES SOLUTION[ aborted]". Throws CountFailure on anything else.
  void take_program_line(std::string_view line);
  // An exec: program's answer to the next puzzle, in the exec protocol: COUNT[:SOLUTION[:GUESSES]].
  void take_exec_line(std::string_view line);

  // The puzzles answered so far: what the count is divided by.
  std::uint64_t count() const { return answered_; }
  // Outcomes, tree sizes (where the solver reports them) and guesses, and what ran.
  MeasuredPass pass(bool tree_size) const;

 private:
  void judge(const SampledRecord& record, std::uint64_t solutions, std::uint64_t nodes, std::uint64_t guesses,
             std::string_view solution, bool aborted);
  const SampledRecord& next_puzzle(std::string_view line);

  const FileSample& sample_;
  std::unique_ptr<sudoku::Solver> reference_;
  std::unordered_map<std::uint64_t, std::size_t> by_line_;
  std::size_t next_ = 0;  // exec: the next valid record to be answered
  std::uint64_t answered_ = 0;
  Tally status_;
  Histogram nodes_, guesses_;
  std::string implementation_;
};

}  // namespace sudoku_bench
