// A line the parser refused, said in the command's own words with the fix: the nearest command or
// option, the value an option wants, the arguments a command takes and an example. The parser's
// own sentences ("A subcommand is required") never reach the user.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

namespace sudoku_bench {

// Says on `err` what is wrong with `args` (argv without the program) and returns the exit status:
// 0 for --help and --version (printed as the parser prints them), else 2.
int explain_usage_error(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args, std::FILE* err);

// "sudoku-bench CMD [OPTIONS] ARG...": the command's arguments as it takes them.
std::string usage_line(const CLI::App& command);

}  // namespace sudoku_bench
