// check-plugin: whether a plugin, or an exec: program, is usable as it is, one rule at a time, each
// in a child process (isolated_run.h) so that a crash or a hang is a finding, not the end of the check.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "sudoku/solver.h"

namespace sudoku_bench::plugin {

enum class Verdict {
  pass,  // the rule holds
  note,  // it does not, and sudoku-bench works around it (says how)
  fail,  // it does not, and the plugin's answers cannot be measured as they are
};

struct RuleResult {
  std::string rule;
  Verdict verdict = Verdict::pass;
  std::string detail;
};

struct ConformanceOptions {
  std::chrono::milliseconds rule_limit{3000};  // a rule that takes longer is a hang
};

// Checks the plugin named by `spec` (PATH[:SYMBOL], as after "plugin:"), calling `on_rule` with each
// result as it comes. Returns every result; the first is "loads", and when it fails it is the only one.
std::vector<RuleResult> check_plugin(const std::string& spec, const ConformanceOptions& options,
                                     const std::function<void(const RuleResult&)>& on_rule);

// Checks a solver that `factory` makes (exec:COMMAND, exec/N:COMMAND) by the same rules about its
// answers, asked as run asks it, each rule's solver made in the rule's child (an exec: program is
// started there); and whether it answers a batch handed over at once. The rules about a plugin's
// memory and threads are not asked (NOTE lines say why), nor is the limit (a solver made so has
// its counts cut to it). The first result is "starts"; when it fails it is the only one.
std::vector<RuleResult> check_solver(const sudoku::SolverFactory& factory, const ConformanceOptions& options,
                                     const std::function<void(const RuleResult&)>& on_rule);

std::string_view verdict_name(Verdict v);  // "PASS", "NOTE", "FAIL"

}  // namespace sudoku_bench::plugin
