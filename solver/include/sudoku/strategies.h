// The built-in strategies, by name.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/solver.h"

namespace sudoku {

struct StrategyInfo {
  std::string_view name;
  std::string_view summary;
};

std::span<const StrategyInfo> strategy_list();

// `spec` is a strategy name, optionally followed by ':' and strategy options.
// Returns null and sets `error` when the name or its options are unknown.
std::unique_ptr<SolverFactory> make_solver_factory(std::string_view spec, std::string& error);

}  // namespace sudoku
