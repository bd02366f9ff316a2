#include "count/answers.h"

#include <charconv>
#include <vector>

#include "count/counted_pass.h"
#include "run/exit_codes.h"
#include "sudoku/grid.h"
#include "sudoku/parse.h"

namespace sudoku_bench {
namespace {

std::vector<std::string_view> words(std::string_view line, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at <= line.size();) {
    const std::size_t end = std::min(line.find(separator, at), line.size());
    out.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

std::uint64_t number(std::string_view text, std::string_view line) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw CountFailure{"the counting side answered \"" + std::string(line) + "\", not a count", kExitSolverFault};
  return value;
}

}  // namespace

Answers::Answers(const FileSample& sample, const sudoku::SolverFactory* reference)
    : sample_(sample), reference_(reference ? reference->make() : nullptr) {
  for (std::size_t i = 0; i < sample.records.size(); ++i) {
    by_line_[sample.records[i].line] = i;
    if (!sample.records[i].invalid.empty()) ++status_.invalid;
  }
}

void Answers::take_program_line(std::string_view line) {
  if (line.starts_with("# implementation ")) {
    implementation_ = std::string(line.substr(17));
    if (implementation_ == "plugin") implementation_.clear();
    return;
  }
  const std::vector<std::string_view> w = words(line, ' ');
  const auto found = by_line_.find(number(w[0], line));
  if (found == by_line_.end())
    throw CountFailure{"the counting program answered a record it was not given: " + std::string(line), kExitIo};
  const SampledRecord& record = sample_.records[found->second];
  if (w.size() == 2 && w[1] == "unsupported") {
    ++status_.invalid;
    return;
  }
  if (w.size() < 5) throw CountFailure{"the counting program answered \"" + std::string(line) + "\"", kExitIo};
  judge(record, number(w[1], line), number(w[2], line), number(w[3], line), w[4] == "-" ? "" : w[4],
        w.size() > 5 && w[5] == "aborted");
}

const SampledRecord& Answers::next_puzzle(std::string_view line) {
  while (next_ < sample_.records.size() && !sample_.records[next_].invalid.empty()) ++next_;
  if (next_ >= sample_.records.size())
    throw CountFailure{"the program answered more lines than it was given puzzles: " + std::string(line),
                       kExitSolverFault};
  return sample_.records[next_++];
}

void Answers::take_exec_line(std::string_view line) {
  const SampledRecord& record = next_puzzle(line);
  const std::vector<std::string_view> w = words(line, ':');
  judge(record, number(w[0], line), 0, w.size() > 2 ? number(w[2], line) : 0, w.size() > 1 ? w[1] : "", false);
}

void Answers::judge(const SampledRecord& record, std::uint64_t solutions, std::uint64_t nodes, std::uint64_t guesses,
                    std::string_view solution, bool aborted) {
  ++answered_;
  nodes_.record(nodes);
  guesses_.record(guesses);
  if (aborted) {
    ++status_.aborted;
    return;
  }
  sudoku::Grid puzzle, written;
  sudoku::parse_record(record.puzzle, puzzle);
  bool wrong = solutions > 2;
  if (!wrong && reference_) {
    const sudoku::SolveResult recount = reference_->solve(puzzle, sudoku::SolveOptions{}, nullptr);
    wrong = !recount.aborted && recount.solutions != solutions;
  }
  if (!wrong && solutions > 0 && !solution.empty())
    wrong = !sudoku::parse_record(solution, written) || !sudoku::is_solution_of(puzzle, written);
  if (!wrong && solutions > 0 && solution.empty()) ++status_.unwritten;
  if (wrong)
    ++status_.wrong;
  else
    ++status_[solutions == 0 ? Outcome::none : solutions == 1 ? Outcome::unique : Outcome::multiple];
}

MeasuredPass Answers::pass(bool tree_size) const {
  MeasuredPass pass;
  pass.status = status_;
  pass.id.implementation = implementation_;
  pass.distributions.tree_size_reported = tree_size;
  if (tree_size) pass.distributions.tree_size = summarize(nodes_);
  pass.distributions.guesses = summarize(guesses_);
  return pass;
}

}  // namespace sudoku_bench
