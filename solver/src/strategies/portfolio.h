#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "sudoku/solver.h"

namespace sudoku::detail {

// `options`: the text after "portfolio:", or null. Sets `error` and returns null when malformed.
std::unique_ptr<SolverFactory> make_portfolio_factory(const std::string_view* options, std::string& error);

}  // namespace sudoku::detail
