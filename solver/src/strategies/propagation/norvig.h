#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "sudoku/solver.h"

namespace sudoku::detail {

// `options`: the text after "norvig:", or null for plain "norvig". Sets `error` and returns null
// when an option is unknown, malformed, repeated or pointless.
std::unique_ptr<SolverFactory> make_norvig_factory(const std::string_view* options, std::string& error);

}  // namespace sudoku::detail
