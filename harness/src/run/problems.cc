#include "run/problems.h"

#include "report/units.h"

namespace sudoku_bench {
namespace {

// "aborted after 1,000 nodes and 1.2 ms with 1 solution found"; without the time when it was not taken.
std::string describe_aborted(const Problem& p) {
  return "aborted after " + format_count(static_cast<double>(p.nodes)) + " nodes" +
         (p.elapsed_ns ? " and " + format_duration_ns(static_cast<double>(*p.elapsed_ns)) : std::string()) + " with " +
         std::to_string(p.solutions) + (p.solutions == 1 ? " solution" : " solutions") + " found";
}

}  // namespace

void append_problem(std::string& out, std::string_view file, const Problem& problem) {
  out.append(file);
  out += ':';
  out += std::to_string(problem.line);
  out += ": ";
  switch (problem.kind) {
    case Problem::Kind::invalid:
      out += problem.reason;
      break;
    case Problem::Kind::aborted:
      out += describe_aborted(problem);
      break;
    case Problem::Kind::check_failed:
      out += "check failed: " + problem.reason;
      break;
    case Problem::Kind::wrong:
      out += "wrong answer: the solver " + problem.reason;
      break;
  }
  out += '\n';
}

}  // namespace sudoku_bench
