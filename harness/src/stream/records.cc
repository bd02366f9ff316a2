#include "stream/records.h"

#include "report/report_table.h"

namespace sudoku_bench {

std::string parse_for(const sudoku::SolverFactory& solver, std::string_view text, std::uint64_t cut, sudoku::Grid& grid) {
  sudoku::ParseResult parsed = sudoku::parse_record(text, grid);
  if (cut > 0) {
    // The kept prefix may look fine; the whole line cannot be a record.
    parsed.length = text.size() + cut;
    if (parsed.status == sudoku::ParseStatus::ok) parsed.status = sudoku::ParseStatus::wrong_length;
  }
  if (!parsed) return sudoku::describe(parsed);
  if (!solver.supports(grid.box)) {
    const std::string side = std::to_string(grid.side());
    return "solver '" + solver.name() + "' does not solve " + side + "x" + side + " grids";
  }
  return {};
}

std::string describe_aborted(const sudoku::SolveResult& result, std::optional<std::uint64_t> elapsed_ns) {
  return "aborted after " + format_count(static_cast<double>(result.nodes)) + " nodes" +
         (elapsed_ns ? " and " + format_duration_ns(static_cast<double>(*elapsed_ns)) : std::string()) + " with " +
         std::to_string(result.solutions) + (result.solutions == 1 ? " solution" : " solutions") + " found";
}

void append_error(std::string& out, std::string_view file, std::uint64_t line, std::string_view reason) {
  out.append(file);
  out += ':';
  out += std::to_string(line);
  out += ": ";
  out.append(reason);
  out += '\n';
}

}  // namespace sudoku_bench
