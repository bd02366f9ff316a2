#include "cli/named_inputs.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iterator>

#include "run/exit_codes.h"
#include "stream/did_you_mean.h"
#include "stream/input.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

bool is_exec_spec(std::string_view given) { return SolverSpec(given).kind() == SolverSpec::Kind::exec; }

// A script or a program an interpreter or a wrapper runs: named so (.py, .sh, ...), or a file that
// starts as one does (#!, an ELF header). Puzzle files are none of these.
bool looks_like_script(const std::string& word) {
  constexpr std::string_view kScripts[] = {".py", ".pl", ".rb",  ".js",  ".mjs", ".sh",  ".bash", ".lua", ".r",
                                           ".R",  ".jl", ".php", ".tcl", ".awk", ".jar", ".ts",   ".exs", ".scm"};
  for (const std::string_view ext : kScripts)
    if (word.size() > ext.size() && word.ends_with(ext)) return true;
  std::ifstream in(word, std::ios::binary);
  char head[4] = {};
  in.read(head, sizeof head);
  return in.gcount() >= 2 && (std::string_view(head, 2) == "#!" || std::string_view(head, 4) ==
                                                                       "\x7f"
                                                                       "ELF");
}

// A word the shell may have split from an exec: command: one word (a quoted one with blanks was
// quoted on purpose), not a spec of its own (ab's NEW after BASE).
bool split_piece(const std::string& word) {
  const SolverSpec::Kind kind = SolverSpec(word).kind();
  return word.find_first_of(" \t") == std::string::npos && kind != SolverSpec::Kind::exec &&
         kind != SolverSpec::Kind::plugin;
}

// An option `command` does not take, nor is a slip for one: the exec: program's.
bool foreign_option(const CLI::App& command, const std::string& word) {
  if (word.size() < 2 || word[0] != '-' || word == "--") return false;
  const std::string name = word.substr(0, word.find('='));
  if (command.get_option_no_throw(name) != nullptr || name == "--help" || name == "-h") return false;
  std::vector<std::string> names;
  for (const CLI::Option* o : command.get_options())
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
  return did_you_mean(name, names).empty();
}

// `text` single-quoted for a POSIX shell.
std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

int check_named_inputs(std::string_view command, const std::vector<GivenSpec>& specs,
                       const std::vector<std::string>& files, std::FILE* err) {
  const std::string cmd(command);
  for (const GivenSpec& s : specs)
    if (const std::string why = spec_problem(s.spec); !why.empty()) {
      Messages(err, cmd).errorf("%s%s%s", std::string(s.role).c_str(), s.role.empty() ? "" : ": ", why.c_str());
      return kExitUsage;
    }
  for (const std::string& file : files)
    if (const std::string why = unreadable_input(file); !why.empty()) {
      Messages(err, cmd).errorf("%s: %s", file.c_str(), why.c_str());
      return kExitIo;
    }
  return kExitOk;
}

int refuse_split_exec(CLI::App& app, const std::vector<std::string>& args, std::FILE* err) {
  const CLI::App* command = nullptr;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (command == nullptr) {
      for (const CLI::App* c : app.get_subcommands([](CLI::App*) { return true; }))
        if (c->get_name() == args[i]) command = c;
      continue;
    }
    // The spec, and how the line gave it: after an option, joined to one by '=', or alone.
    const std::size_t eq = args[i].find('=');
    const bool joined = args[i].starts_with("--") && eq != std::string::npos;
    const std::string spec = joined ? args[i].substr(eq + 1) : args[i];
    if (!is_exec_spec(spec)) continue;
    std::string command_text = spec;
    std::size_t next = i + 1;
    for (; next < args.size() && split_piece(args[next]) &&
           (looks_like_script(args[next]) || foreign_option(*command, args[next]));
         ++next)
      command_text += " " + args[next];
    if (next == i + 1) continue;
    std::string before = joined ? args[i].substr(0, eq + 1) : std::string();
    if (const CLI::Option* o = i > 0 && !joined ? command->get_option_no_throw(args[i - 1]) : nullptr;
        o != nullptr && o->get_items_expected_min() > 0)
      before = args[i - 1] + " ";
    std::string own = args[i + 1];
    for (std::size_t w = i + 2; w < next; ++w) own += " " + args[w];
    Messages(err, command->get_name())
        .errorf(
            "'%s' looks like part of the exec: command, which the shell split at its spaces: quote the whole command: "
            "%s%s",
            own.c_str(), before.c_str(), shell_quoted(command_text).c_str());
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace sudoku_bench
