#include "cli/completions.h"

#include <CLI/CLI.hpp>
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

// What a command's arguments (not its options' values) complete to: a choice's names (completions
// SHELL), solver specs and files (ab's BASE and NEW), nothing (a command without arguments), or
// files.
std::string bash_arguments(const CLI::App& command, const std::vector<std::string>& solvers) {
  const auto positionals = command.get_options([](const CLI::Option* o) { return o->get_positional(); });
  if (positionals.empty()) return "COMPREPLY=()";
  if (const std::vector<std::string> names = choices_in(positionals.front()->get_type_name()); !names.empty())
    return "COMPREPLY=($(compgen -W '" + joined(names) + "' -- \"$cur\"))";
  if (positionals.front()->get_name() == "BASE") return "_sudoku_bench_spec '" + joined(solvers) + "' files";
  return "COMPREPLY=($(compgen -f -- \"$cur\"))";
}

// The shell functions before the commands': a solver spec completes to the solver names, after
// plugin: to files, after exec: to programs. Bash splits a word at ':' (COMP_WORDBREAKS), so the
// word as typed is taken from the line, and only what follows its last ':' is replaced.
constexpr const char* kBashSpec =
    "_sudoku_bench_spec() {\n"
    "  local typed=${COMP_LINE:0:${COMP_POINT:-0}} word=$cur head= kind\n"
    "  [[ -n $typed && $typed != *[[:space:]] ]] && word=${typed##*[[:space:]]}\n"
    "  [[ -n $typed && $typed == *[[:space:]] ]] && word=\n"
    "  word=${word#*=}  # NAME=SPEC\n"
    "  case $word in\n"
    "    plugin:*) kind=-f head=plugin: ;;\n"
    "    exec:*) kind=-c head=exec: ;;\n"
    "    *)\n"
    "      COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))\n"
    "      [[ -n $2 ]] && COMPREPLY+=($(compgen -f -- \"$cur\"))\n"
    "      [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == *: ]] && compopt -o nospace 2>/dev/null\n"
    "      return ;;\n"
    "  esac\n"
    "  [[ $cur == *:* ]] || head=  # the word was split at its ':'\n"
    "  local found\n"
    "  mapfile -t found < <(compgen $kind -- \"${word#*:}\")\n"
    "  COMPREPLY=(\"${found[@]/#/$head}\")\n"
    "}\n";

std::string bash(const CLI::App& app, const std::vector<std::string>& solvers) {
  std::vector<std::string> names{"--help", "--version"};
  for (const CLI::App* c : commands_of(app)) names.push_back(c->get_name());
  std::string out =
      "# bash completion for sudoku-bench, written by `sudoku-bench completions bash` from its options\n" +
      std::string(kBashSpec) +
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
      "  # A spec split at its ':' (--solver plugin : PATH): the option before it.\n"
      "  [[ $cur == : ]] && { cur=; prev=${COMP_WORDS[COMP_CWORD-2]}; }\n"
      "  [[ $prev == : ]] && prev=${COMP_WORDS[COMP_CWORD-3]}\n"
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
      if (v.kind == Value::choice && name == "--solver") values += "_sudoku_bench_spec '" + joined(v.words) + "'";
      if (v.kind == Value::choice && name != "--solver")
        values += "COMPREPLY=($(compgen -W '" + joined(v.words) + "' -- \"$cur\"))";
      values += "; return ;;\n";
    }
    out += "    " + c->get_name() + ")\n      case $prev in\n" + values + "      esac\n" +
           "      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '" + joined(opts) + "' -- \"$cur\")); else " +
           bash_arguments(*c, solvers) + "; fi ;;\n";
  }
  return out + "  esac\n}\ncomplete -o filenames -o bashdefault -F _sudoku_bench sudoku-bench\n";
}

// zsh's spec of a command's arguments: a choice's names, none, or files.
std::string zsh_arguments(const CLI::App& command) {
  const auto positionals = command.get_options([](const CLI::Option* o) { return o->get_positional(); });
  if (positionals.empty()) return "";
  if (const std::vector<std::string> names = choices_in(positionals.front()->get_type_name()); !names.empty())
    return "'1:" + positionals.front()->get_name() + ":(" + joined(names) + ")'";
  return "'*:file:_files'";
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
    out += "      " + zsh_arguments(*c) + " ;;\n";
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
  for (const CLI::App* c : commands_of(app)) {
    const auto positionals = c->get_options([](const CLI::Option* o) { return o->get_positional(); });
    const std::vector<std::string> names =
        positionals.empty() ? std::vector<std::string>{} : choices_in(positionals.front()->get_type_name());
    if (positionals.empty() || !names.empty())  // no files: nothing, or a choice's names
      out += "complete -c sudoku-bench -n '__fish_seen_subcommand_from " + c->get_name() + "' -f" +
             (names.empty() ? std::string() : " -a '" + joined(names) + "'") + "\n";
  }
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
