// A line the parser refused, said in the command's own words with the fix: the nearest command or
// option, the value an option wants, the arguments a command takes and an example. The parser's
// own sentences ("A subcommand is required") never reach the user.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace CLI {
class App;
class ParseError;
}  // namespace CLI

namespace sudoku_bench {

// Says on `err` what is wrong with `args` (argv without the program) and returns the exit status:
// 0 for --help and --version (printed as the parser prints them), else 2.
int explain_usage_error(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args, std::FILE* err);

// An option given as --NAME= with nothing after the '=', which the parser would complete with the
// next argument (`run --json= A.txt B.txt` would write the report over A.txt): said on `err` with
// status 2, before the line is parsed; 0 when there is none. Nothing after `--` is an option.
int refuse_empty_assignments(CLI::App& app, const std::vector<std::string>& args, std::FILE* err);

// "sudoku-bench CMD [OPTIONS] ARG...": the command's arguments as it takes them.
std::string usage_line(const CLI::App& command);

}  // namespace sudoku_bench
