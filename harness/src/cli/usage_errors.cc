#include "cli/usage_errors.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <string_view>

#include "cli/command_line.h"
#include "cli/help_format.h"
#include "run/exit_codes.h"
#include "stream/did_you_mean.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

std::vector<CLI::App*> commands_of(CLI::App& app) {
  return app.get_subcommands([](CLI::App*) { return true; });
}

std::string command_names(CLI::App& app) {
  std::string names;
  for (const CLI::App* c : commands_of(app)) names += (names.empty() ? "" : ", ") + c->get_name();
  return names;
}

// The command the line names, and where: the first word that is one.
CLI::App* command_given(CLI::App& app, const std::vector<std::string>& args, std::size_t& at) {
  for (at = 0; at < args.size(); ++at)
    for (CLI::App* c : commands_of(app))
      if (c->get_name() == args[at]) return c;
  return nullptr;
}

std::vector<std::string> option_names(const CLI::App& command) {
  std::vector<std::string> names{"--help"};
  for (const CLI::Option* o : command.get_options())
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
  return names;
}

// The text between the first ": " and the end, or all of it.
std::string after_colon(const std::string& what) {
  const std::size_t colon = what.find(": ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

std::string example_of(const CLI::App& command) {
  const std::string example = command_example(command.get_name());
  return example.empty() ? std::string() : "\n  e.g. " + example;
}

std::string no_command(CLI::App& app, const std::vector<std::string>& args) {
  const auto word =
      std::find_if(args.begin(), args.end(), [](const std::string& a) { return a.empty() || a[0] != '-'; });
  std::vector<std::string> names;
  for (const CLI::App* c : commands_of(app)) names.push_back(c->get_name());
  if (word == args.end())
    return "a command is needed: " + command_names(app) +
           "\n  e.g. sudoku-bench run datasets/kaggle_first20k.txt (sudoku-bench --help says what each does)";
  return "unknown command '" + *word + "'" + did_you_mean(*word, names) + "; the commands: " + command_names(app);
}

// Unknown options first (a slip of the keyboard), else the arguments the command did not expect.
std::string extras(const CLI::App& command, const std::vector<std::string>& args, std::size_t from,
                   const std::string& what) {
  for (std::size_t i = from; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") break;
    if (a.size() < 2 || a[0] != '-') continue;
    const std::string name = a.substr(0, a.find('='));
    if (command.get_option_no_throw(name) != nullptr || name == "--help" || name == "-h") continue;
    return "unknown option '" + name + "'" + did_you_mean(name, option_names(command)) + "; " + command.get_name() +
           " --help lists its options";
  }
  return "unexpected argument" + std::string(what.find("arguments were") != std::string::npos ? "s " : " ") +
         after_colon(what) + "; it takes: " + usage_line(command) + example_of(command);
}

std::string mismatch(const std::string& what) {
  const std::string name = what.substr(0, what.find(':'));
  if (what.find("At Most") != std::string::npos) {
    std::string fix = "give it once";
    if (name == "--threads") fix = "several thread counts go in one: --threads 1,2,4";
    if (name == "--solver") fix = "several solvers go in one: --solver bitmask,fast";
    return name + " is given more than once: " + fix;
  }
  if (what.find("missing") != std::string::npos) return name + " needs a value after it";
  return what;
}

std::string required(const CLI::App& command, const std::vector<std::string>& args, std::size_t from,
                     const std::string& what) {
  const std::string name = what.substr(0, what.find(' '));
  std::vector<std::string> given;
  for (std::size_t i = from; i < args.size(); ++i)
    if (!args[i].empty() && args[i][0] != '-') given.push_back(args[i]);
  std::error_code ec;
  if (command.get_name() == "ab" && given.size() == 2 && std::filesystem::is_regular_file(given[1], ec))
    return "'" + given[1] + "' was taken as NEW, but it is a file: ab compares two solvers on files, " +
           usage_line(command) + "\n  e.g. sudoku-bench ab bitmask fast " + given[1];
  if (name.rfind("--", 0) == 0) return name + " is needed; " + usage_line(command) + example_of(command);
  return name + " is missing: " + usage_line(command) + example_of(command);
}

std::string validation(const std::string& what) {
  // CLI11's IsMember: "--format: jsn not in {json,gbench,...}".
  const std::size_t not_in = what.find(" not in {");
  if (not_in == std::string::npos) return what;
  const std::size_t colon = what.find(": ");
  const std::string value = what.substr(colon + 2, not_in - colon - 2);
  const std::vector<std::string> choices = choices_in(what.substr(not_in));
  std::string listed;
  for (const std::string& c : choices) listed += (listed.empty() ? "" : ", ") + c;
  return what.substr(0, colon) + ": '" + value + "' is not one of " + listed + did_you_mean(value, choices);
}

}  // namespace

std::string usage_line(const CLI::App& command) {
  std::string line = "sudoku-bench " + command.get_name() + " [OPTIONS]";
  for (const CLI::Option* o : command.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
    const bool many = o->get_items_expected_max() > 1;
    line += " " + std::string(o->get_required() ? "" : "[") + o->get_name() + (many ? "..." : "") +
            (o->get_required() ? "" : "]");
  }
  return line;
}

int refuse_empty_assignments(CLI::App& app, const std::vector<std::string>& args, std::FILE* err) {
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a.size() < 4 || !a.starts_with("--") || a.find('=') != a.size() - 1) continue;
    std::size_t at = 0;
    const CLI::App* command = command_given(app, args, at);
    const std::string name = a.substr(0, a.size() - 1);
    Messages(err, command ? command->get_name() : "")
        .errorf("%s: nothing after the '=' (the next argument is never taken for it): give %sVALUE or %s VALUE",
                a.c_str(), a.c_str(), name.c_str());
    return kExitUsage;
  }
  return kExitOk;
}

int explain_usage_error(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args, std::FILE* err) {
  // By type: CLI11 names some errors after the command that threw them, not their kind.
  if (dynamic_cast<const CLI::Success*>(&e) || dynamic_cast<const CLI::CallForHelp*>(&e) ||
      dynamic_cast<const CLI::CallForAllHelp*>(&e) || dynamic_cast<const CLI::CallForVersion*>(&e))
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  std::size_t at = 0;
  CLI::App* command = command_given(app, args, at);
  const std::string what = e.what();
  std::string said;
  if (command == nullptr)
    said = no_command(app, args);
  else if (dynamic_cast<const CLI::ExtrasError*>(&e))
    said = extras(*command, args, at + 1, what);
  else if (dynamic_cast<const CLI::ArgumentMismatch*>(&e))
    said = mismatch(what);
  else if (dynamic_cast<const CLI::RequiredError*>(&e))
    said = required(*command, args, at + 1, what);
  else if (dynamic_cast<const CLI::ValidationError*>(&e))
    said = validation(what);
  else
    said = what + "; " + command->get_name() + " --help says more";
  Messages(err, command ? command->get_name() : "").error(said);
  return kExitUsage;
}

}  // namespace sudoku_bench
