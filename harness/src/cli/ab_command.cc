#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>

#include "cli/command_state.h"
#include "cli/measuring_commands.h"
#include "cli/named_inputs.h"
#include "cli/usage_errors.h"
#include "run/ab.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// ab's outputs and the sides measured elsewhere.
void declare_ab_outputs(Options& o, AbCommand& c) {
  CLI::App* cmd = &o.app();
  std::vector<std::pair<std::string, CompareFormat>> formats;
  for (const CompareFormatName& f : kCompareFormats) formats.emplace_back(f.name, f.format);
  o.choice("--format", c.outputs.format, formats,
           "Standard output: text, markdown (a pull-request comment) or json (sudoku-bench-compare/3 with an "
           "\"ab\" block)");
  cmd->add_option("--json", c.outputs.json_path, "Also write the verdict as JSON here")->type_name("PATH");
  cmd->add_option("--markdown", c.outputs.markdown_path, "Also write the verdict as markdown here (a PR comment)")
      ->type_name("PATH");
  cmd->add_option("--html", c.outputs.html_path,
                  "Also write a page here: the verdict, both sides' distributions together")
      ->type_name("PATH");
  cmd->add_option("--reports", c.outputs.reports_dir,
                  "Write base.json and new.json (a pass per round) into this folder")
      ->type_name("DIR");
  declare_labels(o, c.labels);
  cmd->add_option("--base-bench", c.base_bench, "Measure BASE with this sudoku-bench's run --shard (tools/ab)")
      ->type_name("PATH");
  cmd->add_option("--new-bench", c.new_bench, "Measure NEW with this sudoku-bench's run --shard (tools/ab)")
      ->type_name("PATH");
}

// The options that only steer timed rounds, refused with --measure instructions: a count is taken
// once, on one thread, and judged without a test.
constexpr const char* kTimeOnly[] = {"--rounds", "--pilot",  "--max-rounds", "--max-seconds", "--shards", "--cpu",
                                     "--power",  "--detect", "--base-bench", "--new-bench",   "--html"};

int check_ab(State<AbCommand>& state) {
  const AbCommand& c = state.command;
  if (c.outputs.reports_dir == "-") {
    Messages(stderr, "ab")
        .error("--reports -: a folder is needed (base.json and new.json go into it), not standard output");
    return kExitUsage;
  }
  if (c.measuring.measure != Measure::instructions) {
    if (!c.measuring.sample) return kExitOk;
    Messages(stderr, "ab").error("--sample is for --measure instructions (timed rounds read whole files)");
    return kExitUsage;
  }
  for (const char* option : kTimeOnly)
    if (state.options.app().count(option)) {
      Messages(stderr, "ab")
          .errorf(
              "%s is for --measure time: --measure instructions counts each side once, without rounds (docs/cli.md, "
              "ab)",
              option);
      return kExitUsage;
    }
  if (c.threads.get() == 1) return kExitOk;
  Messages(stderr, "ab")
      .error(
          "--measure instructions counts one thread: a count does not depend on threads; give --threads 1 or leave it "
          "out");
  return kExitUsage;
}

// BASE and NEW are solvers, the files come last: a puzzle file in a solver's place (`ab FILE BASE
// NEW`) is named with the order ab takes; then what every command checks.
int check_ab_named(State<AbCommand>& state) {
  const AbCommand& c = state.command;
  for (const auto& [role, spec] : {std::pair{"BASE", &c.base}, std::pair{"NEW", &c.current}}) {
    std::error_code ec;
    const std::string& given = spec->given();
    if (!spec_problem(*spec).empty() && std::filesystem::is_regular_file(given, ec) &&
        access(given.c_str(), X_OK) != 0 && !given.ends_with(".so")) {
      Messages(stderr, "ab")
          .errorf(
              "'%s' is a file, given where %s, a solver, goes: the solvers come first, the "
              "files last: %s\n  e.g. sudoku-bench ab bitmask fast %s",
              given.c_str(), role, usage_line(state.options.app()).c_str(), given.c_str());
      return kExitUsage;
    }
  }
  return check_named_inputs("ab", {{"BASE", c.base}, {"NEW", c.current}}, c.files, stderr);
}

}  // namespace

std::shared_ptr<State<AbCommand>> declare_ab(CLI::App& app) {
  auto s = std::make_shared<State<AbCommand>>(add_command(app, "ab"));
  AbCommand& c = s->command;
  Options& o = s->options;
  CLI::App* cmd = &o.app();
  const auto spec = [](SolverSpec& side) { return [&side](const std::string& text) { side = SolverSpec(text); }; };
  cmd->add_option_function<std::string>("BASE", spec(c.base),
                                        "The reference solver spec (NAME=SPEC names it; default name: base)")
      ->required();
  cmd->add_option_function<std::string>("NEW", spec(c.current), "The solver spec to judge (default name: new)")
      ->required();
  cmd->add_option("FILE", c.files, "Puzzle files (.gz allowed), each read once per round and side")->required();
  declare_measure(o, c.measuring,
                  "What decides: time (rounds in turns, the default), or instructions: valgrind counts each side "
                  "once and compare judges the counts (docs/cli.md, ab)",
                  "With --measure instructions: count N records of each file, every k-th, the first included, "
                  "the same on both sides");
  declare_threads(o, c.threads, "Solver threads of each side (1: pinned to one CPU)");
  o.whole("--shards", c.rule.shards, 1, 10'000, "Turns a round is cut into: BASE and NEW alternate shard by shard");
  o.percent("--detect", c.rule.detect, true,
            "The slowdown a fixed count would be sized to see (recorded as rounds_wanted; the rule stops on its own)");
  o.real("--power", c.rule.power, 0.5, 0.999,
         "1 - P(a change at --max-slowdown or more is called not slower before the last look)");
  o.whole("--pilot", c.rule.pilot, 6, 10'000, "Rounds before the first look");
  o.whole("--rounds", c.rule.rounds, 0, 100'000,
          "A fixed number of rounds, at least 6, no early stop (0: stop when the answer is clear)");
  o.whole("--max-rounds", c.rule.max_rounds, 6, 100'000, "The last look: there, it is judged as a fixed count");
  o.real("--max-seconds", c.rule.max_seconds, 0, 1e9,
         "A time budget: no round is started that would end after T seconds (0: none); the verdict is on the "
         "rounds measured, or says how long it needs");
  declare_judging(o, c.options);
  o.text("--cpu", "", "The CPU both sides run on (default: the last this process may use; none: not pinned)",
         [&c](const std::string& text) {
           if (text != "none" &&
               (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos))
             return Options::refusal("--cpu", text, "a CPU number or none");
           c.cpu = text;
           return std::string();
         });
  declare_ab_outputs(o, c);
  o.unset("--quiet", c.supervision.progress, "No line per round on stderr");
  o.unset("--no-supervisor", c.supervision.supervise,
          "Measure in the process started, without the supervising parent (cli.md, The supervisor): for a debugger");
  s->check = check_ab;
  s->check_named = check_ab_named;
  return s;
}

}  // namespace sudoku_bench
