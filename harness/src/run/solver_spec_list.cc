#include "run/solver_spec_list.h"

#include "report/solver_identity.h"
#include "stream/noop.h"
#include "stream/solver_specs.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

bool starts_a_spec(std::string_view given) {
  const std::string spec = split_spec_name(given).spec;
  const std::string_view piece = spec;
  const std::string_view name = piece.substr(0, piece.find(':'));
  if (name == "plugin" || name == "exec" || name.starts_with("exec/") || name == kNoopSpec) return true;
  for (const sudoku::StrategyInfo& s : sudoku::strategy_list())
    if (s.name == name) return true;
  return false;
}

}  // namespace

std::vector<std::string> split_solver_specs(std::string_view text) {
  std::vector<std::string> specs;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t comma = text.find(',', pos);
    const std::string_view piece =
        text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    if (specs.empty() || starts_a_spec(piece))
      specs.emplace_back(piece);
    else
      specs.back().append(",").append(piece);
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return specs;
}

SolverIdentity identify_solver(std::string_view given, const std::string& name) {
  return identify_files(name, split_spec_name(given).spec, files_of_spec(given));
}

}  // namespace sudoku_bench
