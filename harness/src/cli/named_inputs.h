// What a command names on its line, checked before any solver is loaded or any program started, so
// that a mistake is said at once and alone, never after seconds of loading or a table of zeros.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "stream/solver_spec.h"

namespace CLI {
class App;
}  // namespace CLI

namespace sudoku_bench {

// A solver spec as the line gives it; `role` names its place where there are several (ab's BASE
// and NEW), else "".
struct GivenSpec {
  std::string_view role;
  SolverSpec spec;
};

// The specs first (a name that is no solver, an exec: program that is not there: status 2), then
// the input files, each opened (status 3); kExitOk when all are fine. Said on `err` as
// "sudoku-bench COMMAND: ...".
int check_named_inputs(std::string_view command, const std::vector<GivenSpec>& specs,
                       const std::vector<std::string>& files, std::FILE* err);

// An exec: command the shell split at its spaces (`--solver exec:python3 src/mysolver.py`): the
// words after it that look like the program's own (a script, an option the command does not take)
// named, with the quoted command to give instead, status 2; 0 when there is none. Before the line
// is parsed, which would take the script for an input or the option for a slip.
int refuse_split_exec(CLI::App& app, const std::vector<std::string>& args, std::FILE* err);

}  // namespace sudoku_bench
