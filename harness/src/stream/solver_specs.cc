#include "stream/solver_specs.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <memory>
#include <sstream>
#include <string_view>

#include "plugin/exec_solver.h"
#include "plugin/library.h"
#include "plugin/plugin_solver.h"
#include "plugin/solver_policy.h"
#include "stream/did_you_mean.h"
#include "stream/noop.h"
#include "stream/test_delay.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

// A factory under the name the user gave it; everything else is the named spec's.
class NamedFactory final : public HarnessFactory {
 public:
  NamedFactory(std::string name, std::unique_ptr<sudoku::SolverFactory> inner)
      : name_(std::move(name)), inner_(std::move(inner)) {}
  std::string name() const override { return name_; }
  // A strategy that picks its code by the CPU says which ("fast:avx512"); any other is its name.
  // A note on how the spec's own code runs ("plugin:v1/libx.so (a private instance per thread)")
  // goes under the name, as the spec does: the same name at another path is the same solver to
  // compare, whether or not the plugin is reentrant.
  std::string implementation() const override {
    const std::string picked = inner_->implementation(), spec = inner_->name();
    if (picked == spec) return name_;
    return picked.starts_with(spec + " (") ? name_ + picked.substr(spec.size()) : picked;
  }
  bool supports(int box) const override { return inner_->supports(box); }
  std::unique_ptr<sudoku::Solver> make() const override { return inner_->make(); }
  bool reports_tree_size() const override { return inner_->reports_tree_size(); }
  SolverPolicy policy() const override { return policy_of(*inner_); }

 private:
  std::string name_;
  std::unique_ptr<sudoku::SolverFactory> inner_;
};

std::string absolute(const std::string& path) {
  if (char* resolved = realpath(path.c_str(), nullptr)) {
    std::string out(resolved);
    std::free(resolved);
    return out;
  }
  return path;
}

bool is_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// A command's program as the shell finds it: a word with a slash as it is, else the first
// executable of that name on PATH; empty when there is none.
std::string program_on_path(const std::string& word) {
  if (word.find('/') != std::string::npos) return is_file(word) ? word : "";
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + word;
    if (is_file(candidate) && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// The programs on PATH, in PATH's order: what a misspelt program may have meant.
std::vector<std::string> programs_on_path() {
  std::vector<std::string> names;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir.empty() ? "." : dir, ec))
      names.push_back(entry.path().filename().string());
  }
  return names;
}

// The words a shell runs itself: a command starting with one has no program to look for.
constexpr std::string_view kShellWords[] = {
    ".",       ":",        "[",        "!",      "alias",   "bg",    "break", "case",   "cd",
    "command", "continue", "do",       "echo",   "eval",    "exec",  "exit",  "export", "false",
    "fg",      "for",      "getopts",  "hash",   "if",      "jobs",  "kill",  "local",  "printf",
    "pwd",     "read",     "readonly", "return", "set",     "shift", "test",  "times",  "trap",
    "true",    "type",     "ulimit",   "umask",  "unalias", "unset", "until", "wait",   "while"};

// Why an exec: command's program cannot start, where that shows before starting it: a path that is
// no file, a name not on PATH. "" otherwise, and for a command the shell reads in its own way (a
// list, a compound command, a builtin, quotes or expansions).
std::string missing_program(const SolverSpec& spec) {
  const std::string& command = spec.command();
  if (command.find_first_of(";&|\n(){}`<>") != std::string::npos) return "";
  std::istringstream words(command);
  std::string program;
  while (words >> program && program.find('=') != std::string::npos) {
  }  // VAR=value before the program
  if (program.empty() || program.find('=') != std::string::npos ||
      program.find_first_of("'\"\\$*?[~") != std::string::npos ||
      std::find(std::begin(kShellWords), std::end(kShellWords), program) != std::end(kShellWords))
    return "";
  const std::string& given = spec.spec();
  if (program.find('/') != std::string::npos) {
    if (!is_file(program)) return given + ": the program " + program + " is not there (no such file)";
    if (access(program.c_str(), X_OK) != 0)
      return given + ": the program " + program + " is not executable: chmod +x " + program +
             ", or name its interpreter (exec:python3 " + program + ")";
    return "";
  }
  if (!program_on_path(program).empty()) return "";
  return given + ": no program '" + program + "' on PATH" + did_you_mean(program, programs_on_path());
}

constexpr SpecKind kSpecKinds[] = {
    {kNoopSpec, "", kNoopSummary},
    {plugin::kPluginPrefix, "plugin:PATH.so[:SYMBOL][@MODE]",
     "plugin:PATH.so[:SYMBOL][@auto|@private|@shared]: a solver in a shared library (tdoku's C signature, "
     "sudoku_bench/plugin_abi.h), 9x9; @auto (default) gives each thread a private instance when it is not "
     "reentrant; check it with check-plugin"},
    {"exec:", "exec:COMMAND",
     "exec:COMMAND, exec/N:COMMAND: a solver in any language, a program per thread answering 'PUZZLE LIMIT' "
     "lines with 'COUNT[:SOLUTION[:GUESSES]]', in batches of 64 (N)"},
};

// Why `spec` names no solver, and what would: each piece of a comma list judged alone, a file offered
// as the plugin: or exec: spec it may have meant, else the nearest name; then what a solver may be.
std::string unknown_solver(std::string_view spec) {
  std::string why;
  if (const std::string_view name = spec.substr(0, spec.find(':')); name.find(',') != std::string_view::npos) {
    for (std::size_t start = 0, end = 0; start <= spec.size() && why.empty(); start = end + 1) {
      end = std::min(spec.find(',', start), spec.size());
      const std::string_view piece = spec.substr(start, end - start);
      if (!names_a_solver(piece))
        why = "'" + std::string(piece) + "' in '" + std::string(spec) + "' is no solver" +
              did_you_mean(piece.substr(0, piece.find(':')), solver_names());
    }
  } else if (is_file(std::string(spec)) && spec.find(".so") != std::string_view::npos) {
    why = "'" + std::string(spec) + "' is a file: a solver in a shared library is given as plugin:" + std::string(spec);
  } else if (is_file(std::string(spec)) && access(std::string(spec).c_str(), X_OK) == 0) {
    why = "'" + std::string(spec) +
          "' is a program: a program that answers puzzle lines is given as exec:" + std::string(spec);
  } else {
    why = "unknown solver '" + std::string(name) + "'" + did_you_mean(name, solver_names());
  }
  std::string strategies;
  for (const auto& s : sudoku::strategy_list()) strategies += (strategies.empty() ? "" : ", ") + std::string(s.name);
  return why + "; a solver is one of:\n  " + strategies +
         "  (built in)\n  noop  (the harness alone: its own cost)\n  plugin:PATH.so[:SYMBOL]  (a C function in a "
         "shared library)\n  exec:COMMAND  (a program in any language)\n(sudoku-bench solvers says more)";
}

// What spec_problem sees in a spec, its name aside.
std::string unnamed_spec_problem(const SolverSpec& spec) {
  switch (spec.kind()) {
    case SolverSpec::Kind::noop:
    case SolverSpec::Kind::plugin:
      return "";
    case SolverSpec::Kind::exec:
      return missing_program(spec);
    case SolverSpec::Kind::strategy:
      break;
  }
  return names_a_solver(spec.spec()) ? "" : unknown_solver(spec.spec());
}

// A built-in strategy, noop, a plugin or an exec program, as named.
std::unique_ptr<sudoku::SolverFactory> make_factory(const SolverSpec& spec, std::string& error, std::string* note) {
  if (spec.kind() == SolverSpec::Kind::noop) return make_noop_factory();
  if (error = unnamed_spec_problem(spec); !error.empty()) return nullptr;
  if (error = spec.malformed(); !error.empty()) return nullptr;
  if (spec.kind() == SolverSpec::Kind::exec)
    return plugin::make_exec_factory(spec.spec(), spec.command(), spec.batch());
  if (spec.kind() == SolverSpec::Kind::plugin) return plugin::load_plugin(spec.plugin(), spec.spec(), error, note);
  return sudoku::make_solver_factory(spec.spec(), error);
}

}  // namespace

std::span<const SpecKind> spec_kinds() { return kSpecKinds; }

std::string spec_problem(const SolverSpec& spec) { return unnamed_spec_problem(spec); }

std::vector<std::string> files_of_spec(const SolverSpec& spec) {
  std::vector<std::string> files;
  if (spec.kind() == SolverSpec::Kind::plugin) {
    if (spec.malformed().empty() && is_file(spec.plugin().path)) files.push_back(absolute(spec.plugin().path));
  } else if (spec.kind() == SolverSpec::Kind::exec) {
    // The command's words as a shell splits plain words (quotes and expansions are not followed):
    // the program, then any word that names a file, such as the script an interpreter runs.
    std::istringstream words(spec.command());
    bool program = true;
    for (std::string word; words >> word;) {
      if (program && word.find('=') != std::string::npos) continue;  // VAR=value before the program
      const std::string file = program ? program_on_path(word) : (is_file(word) ? word : "");
      program = false;
      if (!file.empty()) files.push_back(absolute(file));
    }
  }
  return files;
}

std::unique_ptr<sudoku::SolverFactory> factory_for_spec(const SolverSpec& spec, std::string& error, std::string* note) {
  auto factory = detail::with_test_delay(make_factory(spec, error, note));
  if (!factory || spec.name().empty()) return factory;
  return std::make_unique<NamedFactory>(spec.name(), std::move(factory));
}

std::unique_ptr<sudoku::SolverFactory> reference_for_spec(const SolverSpec& spec, std::string& error) {
  // Not slowed by the test delay: that delays the solver under test, not its judge.
  auto reference = make_factory(spec, error, nullptr);
  if (reference && !policy_of(*reference).counts_solutions) {
    error = "--verify: " + reference->name() + " counts no solutions; it cannot be a reference";
    return nullptr;
  }
  return reference;
}

}  // namespace sudoku_bench
