#include "cli/help_format.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace sudoku_bench {
namespace {

constexpr std::size_t kNameColumn = 28;  // where an option's description starts when its name fits

// The groups of --help, by option name; an option named in none is in "Options".
struct Group {
  const char* title;
  std::vector<std::string> names;
};
const std::vector<Group>& groups() {
  static const std::vector<Group> kGroups = {
      {"What is measured",
       {"--solver",     "--measure",     "--sample",       "--threads",       "--repetitions",   "--warmup-seconds",
        "--min-time",   "--interleave",  "--shard",        "--resume",        "--label",         "--limit",
        "--node-limit", "--seed",        "--no-latency",   "--format-in",     "--box",           "--method",
        "--by",         "--evaluations", "--seconds",      "--top",           "--restart-after", "--unique",
        "--shards",     "--cpu",         "--rule-seconds", "--time-limit-ms", "--input-format"}},
      {"How long (ab)", {"--detect", "--power", "--pilot", "--rounds", "--max-rounds", "--max-seconds"}},
      {"Answers", {"--verify", "--no-verify", "--verify-every", "--check", "--solutions"}},
      {"Verdict",
       {"--max-slowdown", "--alpha", "--gate", "--paired", "--min-change", "--allow-context-mismatch",
        "--drop-disturbed", "--per-puzzle-show", "--show"}},
      {"Output",
       {"--json", "--format", "--html", "--markdown", "--csv", "--gbench", "--bmf", "--per-puzzle", "--reports",
        "--out", "--base", "--base-bench", "--new-bench"}},
      {"Process", {"--no-progress", "--quiet", "--no-supervisor"}},
  };
  return kGroups;
}

bool is_space(char c) { return c == ' ' || c == '\n'; }

class WrappingFormatter : public CLI::Formatter {
 public:
  std::string make_description(const CLI::App* app) const override {
    const std::string d = app->get_description();
    return d.empty() ? std::string() : wrap(d, help_width(), 0, 0) + "\n\n";
  }

  std::string make_usage(const CLI::App* app, std::string name) const override {
    return wrap(CLI::Formatter::make_usage(app, std::move(name)), help_width(), 0, 7) + "\n";
  }

  std::string make_footer(const CLI::App* app) const override {
    const std::string footer = app->get_footer();
    if (footer.empty()) return {};
    // An indented line is a row ("  2    usage error"): wrapped under its second column.
    std::istringstream lines(footer);
    std::string out;
    for (std::string line; std::getline(lines, line);) {
      const std::size_t lead = line.find_first_not_of(' ');
      const std::size_t gap = lead == 2 ? line.find("  ", 2) : std::string::npos;
      const std::size_t hang = gap == std::string::npos ? lead : line.find_first_not_of(' ', gap);
      if (hang == std::string::npos) {
        out += "\n";
        continue;
      }
      out += line.substr(0, hang) +
             wrap(line.substr(hang), help_width(), hang, hang + (gap == std::string::npos ? 2 : 0)).substr(hang) + "\n";
    }
    return out;
  }

  // CLI11's, with one blank line between groups, not two.
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::string out = make_description(app) + make_usage(app, std::move(name)) + make_positionals(app);
    for (const std::string& group : app->get_groups()) {
      const std::vector<const CLI::Option*> options =
          app->get_options([&](const CLI::Option* o) { return o->get_group() == group && o->nonpositional(); });
      if (!group.empty() && !options.empty()) out += make_group(group, false, options);
    }
    return out + make_subcommands(app, mode) + "\n" + make_footer(app);
  }

  std::string make_subcommand(const CLI::App* sub) const override {
    // The first sentence of what it does; its --help says the rest.
    const std::string d = sub->get_description();
    std::size_t stop = 0;
    while (stop < d.size() && !((d[stop] == '.' || d[stop] == '?') && (stop + 1 == d.size() || is_space(d[stop + 1]))))
      ++stop;
    return pad("  " + sub->get_name(), 16) + wrap(d.substr(0, stop + 1), help_width(), 16, 16).substr(16) + "\n";
  }

  std::string make_option(const CLI::Option* opt, bool positional) const override {
    const std::string name = make_option_name(opt, positional) + (positional ? "" : make_option_opts(opt));
    const std::string desc = make_option_desc(opt);
    if (name.size() + 4 <= kNameColumn)
      return pad("  " + name, kNameColumn) + wrap(desc, help_width(), kNameColumn, kNameColumn).substr(kNameColumn) +
             "\n";
    return wrap(name, help_width(), 2, 6) + "\n" + wrap(desc, help_width(), kNameColumn, kNameColumn) + "\n";
  }

  // A flag that may carry a value is declared --NAME{DEFAULT}; --help shows it as its option text says.
  std::string make_option_name(const CLI::Option* opt, bool positional) const override {
    const std::string name = CLI::Formatter::make_option_name(opt, positional);
    return name.substr(0, name.find('{'));
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    if (!opt->get_option_text().empty()) return opt->get_option_text();
    if (opt->get_type_size() == 0) return {};
    // CLI11 appends a check's name to the type ("TEXT:{json,csv}"): a choice shows its choices
    // alone, any other check its type alone.
    std::string type = opt->get_type_name();
    if (const std::size_t brace = type.find(":{"); brace != std::string::npos)
      type = type.substr(brace + 1);
    else
      type = type.substr(0, type.find(':'));
    std::string out = type.empty() ? std::string() : " " + type;
    if (!opt->get_default_str().empty()) out += " (" + opt->get_default_str() + ")";
    if (opt->get_expected_max() == CLI::detail::expected_max_vector_size && !opt->get_positional()) out += " ...";
    return out;
  }

 private:
  static std::string pad(std::string s, std::size_t column) {
    s.resize(std::max(s.size(), column), ' ');
    return s;
  }
};

}  // namespace

std::vector<std::string> choices_in(const std::string& text) {
  const std::size_t open = text.find('{'), close = text.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return {};
  std::vector<std::string> names;
  for (std::size_t start = open + 1; start <= close;) {
    const std::size_t comma = std::min(text.find(',', start), close);
    names.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return names;
}

std::shared_ptr<CLI::Formatter> wrapping_formatter() {
  auto formatter = std::make_shared<WrappingFormatter>();
  formatter->label("SUBCOMMAND", "COMMAND");
  formatter->label("Positionals", "Arguments");
  return formatter;
}

void group_options(CLI::App& command) {
  command.group("Commands");
  for (CLI::Option* o : command.get_options()) {
    if (o->get_positional()) continue;
    const std::string name = o->get_lnames().empty() ? std::string() : "--" + o->get_lnames().front();
    for (const Group& g : groups())
      if (std::find(g.names.begin(), g.names.end(), name) != g.names.end()) o->group(g.title);
  }
}

}  // namespace sudoku_bench
