// What a solver's name stood for when it was measured (report.h, SolverIdentity): its spec and the
// files of its code with their SHA-256, so that reports tell two builds of one solver apart.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// The identity of the solver `name`, given as `spec`, whose code is in `files` (absolute paths, as
// files_of_spec in stream/solver_specs.h finds them): each file's size and SHA-256.
SolverIdentity identify_files(std::string name, std::string spec, const std::vector<std::string>& files);

// How the code of `name` changed from `before` to `after`, one phrase per file: "libx.so
// 3f2a9c1d -> 77b0e4a2"; empty when nothing changed or either report does not say.
std::vector<std::string> identity_changes(const std::vector<SolverIdentity>& before,
                                          const std::vector<SolverIdentity>& after, const std::string& name);

// What a solver compared stood for on each side, two lines that compare prints under BASE and NEW:
// "mine in BASE: plugin:v1/libx.so (libx.so sha256 <64 hex digits>)", then NEW's, "(the same code)"
// after it when every file agrees. None when neither report names files for it (a built-in strategy).
std::vector<std::string> identity_pair_lines(const std::vector<SolverIdentity>& base, const std::string& base_solver,
                                             const std::vector<SolverIdentity>& current,
                                             const std::string& current_solver);

}  // namespace sudoku_bench
