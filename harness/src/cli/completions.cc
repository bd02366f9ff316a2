#include "cli/completions.h"

#include <algorithm>

#include "cli/help_format.h"

namespace sudoku_bench {
namespace {

// What an option's value completes to.
struct Value {
  enum Kind { none, flag, file, folder, choice } kind = none;
  std::vector<std::string> words;
};

// The option's value, from its declaration: a flag takes none (a value typed freely: none offered); a PATH or DIR a
// file or folder; a choice (CLI11's IsMember shows as "{a,b}" in the type) its names; --solver the solver names.
Value value_of(const CLI::Option& o, const std::vector<std::string>& solvers) {
  if (o.get_expected_max() == 0) return {Value::flag, {}};  // --verify{REF} too: its value only after =
  const std::string type = o.get_type_name();
  if (type.starts_with("PATH")) return {Value::file, {}};
  if (type.starts_with("DIR")) return {Value::folder, {}};
  if (o.get_lnames() == std::vector<std::string>{"solver"}) return {Value::choice, solvers};
  if (std::vector<std::string> names = choices_in(type); !names.empty()) return {Value::choice, std::move(names)};
  return {};
}

std::vector<const CLI::App*> commands_of(const CLI::App& app) { return app.get_subcommands({}); }

std::vector<const CLI::Option*> options_of(const CLI::App& command) {
  return command.get_options([](const CLI::Option* o) { return !o->get_lnames().empty(); });
}

std::string joined(const std::vector<std::string>& words, const char* between = " ") {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : between) + w;
  return out;
}

// The first sentence of a help text, quoted for a shell's single quotes and with no characters
// zsh's _arguments or fish take for syntax.
std::string summary(const std::string& help) {
  std::string s = help.substr(0, std::min(help.find(". "), help.find('\n')));
  if (s.size() > 70) s = s.substr(0, 67) + "...";
  std::string out;
  for (const char c : s) {
    if (c == '\'')
      out += "'\\''";
    else if (c == '[' || c == ']' || c == ':')
      out += c == ':' ? ' ' : c == '[' ? '(' : ')';
    else
      out += c;
  }
  return out;
}

std::string bash(const CLI::App& app, const std::vector<std::string>& solvers) {
  std::vector<std::string> names{"--help", "--version"};
  for (const CLI::App* c : commands_of(app)) names.push_back(c->get_name());
  std::string out =
      "# bash completion for sudoku-bench, written by `sudoku-bench completions bash` from its options\n"
      "_sudoku_bench() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command= i\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    [[ ${COMP_WORDS[i]} != -* ]] && { command=${COMP_WORDS[i]}; break; }\n"
      "  done\n"
      "  if [[ -z $command ]]; then\n"
      "    COMPREPLY=($(compgen -W '" +
      joined(names) +
      "' -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      "  case $command in\n";
  for (const CLI::App* c : commands_of(app)) {
    std::vector<std::string> opts;
    std::string values;
    for (const CLI::Option* o : options_of(*c)) {
      const std::string name = "--" + o->get_lnames().front();
      opts.push_back(name);
      const Value v = value_of(*o, solvers);
      if (v.kind == Value::flag) continue;
      values += "        " + name + ") ";
      if (v.kind == Value::none) values += ":";
      if (v.kind == Value::file) values += "COMPREPLY=($(compgen -f -- \"$cur\"))";
      if (v.kind == Value::folder) values += "COMPREPLY=($(compgen -d -- \"$cur\"))";
      if (v.kind == Value::choice) values += "COMPREPLY=($(compgen -W '" + joined(v.words) + "' -- \"$cur\"))";
      values += "; return ;;\n";
    }
    out += "    " + c->get_name() + ")\n      case $prev in\n" + values + "      esac\n" +
           "      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '" + joined(opts) +
           "' -- \"$cur\")); else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;\n";
  }
  return out + "  esac\n}\ncomplete -o filenames -o bashdefault -F _sudoku_bench sudoku-bench\n";
}

std::string zsh(const CLI::App& app, const std::vector<std::string>& solvers) {
  std::string out =
      "#compdef sudoku-bench\n"
      "# zsh completion for sudoku-bench, written by `sudoku-bench completions zsh` from its options\n"
      "_sudoku_bench() {\n"
      "  local -a commands\n"
      "  commands=(\n";
  for (const CLI::App* c : commands_of(app))
    out += "    '" + c->get_name() + ":" + summary(c->get_description()) + "'\n";
  out +=
      "  )\n"
      "  if (( CURRENT == 2 )); then _describe command commands; return; fi\n"
      "  local command=$words[2]\n"
      "  shift words; (( CURRENT-- ))\n"
      "  case $command in\n";
  for (const CLI::App* c : commands_of(app)) {
    out += "    " + c->get_name() + ") _arguments -s \\\n";
    for (const CLI::Option* o : options_of(*c)) {
      const std::string name = "--" + o->get_lnames().front();
      const Value v = value_of(*o, solvers);
      out += "      '" + std::string(o->get_expected_max() > 1 ? "*" : "") + name + "[" +
             summary(o->get_description()) + "]";
      if (v.kind == Value::file) out += ":file:_files";
      if (v.kind == Value::folder) out += ":folder:_files -/";
      if (v.kind == Value::choice) out += ":value:(" + joined(v.words) + ")";
      if (v.kind == Value::none) out += ":value: ";
      out += "' \\\n";
    }
    out += "      '*:file:_files' ;;\n";
  }
  return out + "  esac\n}\n_sudoku_bench \"$@\"\n";
}

std::string fish(const CLI::App& app, const std::vector<std::string>& solvers) {
  std::string out =
      "# fish completion for sudoku-bench, written by `sudoku-bench completions fish` from its options\n"
      "complete -c sudoku-bench -n __fish_use_subcommand -l help -d 'Print help'\n"
      "complete -c sudoku-bench -n __fish_use_subcommand -l version -d 'Print the version'\n";
  for (const CLI::App* c : commands_of(app))
    out += "complete -c sudoku-bench -f -n __fish_use_subcommand -a " + c->get_name() + " -d '" +
           summary(c->get_description()) + "'\n";
  for (const CLI::App* c : commands_of(app))
    for (const CLI::Option* o : options_of(*c)) {
      const Value v = value_of(*o, solvers);
      out += "complete -c sudoku-bench -n '__fish_seen_subcommand_from " + c->get_name() + "' -l " +
             o->get_lnames().front();
      if (v.kind == Value::file || v.kind == Value::folder) out += " -r -F";
      if (v.kind == Value::choice) out += " -x -a '" + joined(v.words) + "'";
      if (v.kind == Value::none) out += " -x";
      out += " -d '" + summary(o->get_description()) + "'\n";
    }
  return out;
}

}  // namespace

std::string completion_script(const CLI::App& app, std::string_view shell, const std::vector<std::string>& solvers) {
  if (shell == "bash") return bash(app, solvers);
  if (shell == "zsh") return zsh(app, solvers);
  return fish(app, solvers);
}

}  // namespace sudoku_bench
