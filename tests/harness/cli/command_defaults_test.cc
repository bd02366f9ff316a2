// Each command's struct owns its defaults: a command line with nothing but what is required makes
// the struct a program would build in code, so the CLI and code that builds a command (tests,
// embedders) measure alike.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace {

using namespace sudoku_bench;

// A parsed line is `in_code`, the struct built in code with only what the line gives.
template <typename Command>
testing::AssertionResult is_in_code(const std::optional<Command>& parsed, const Command& in_code) {
  if (!parsed) return testing::AssertionFailure() << "the line was refused";
  if (!(*parsed == in_code)) return testing::AssertionFailure() << "the line made another command";
  return testing::AssertionSuccess();
}

TEST(CommandDefaultsTest, SolveFromAnEmptyLineIsTheStructsDefault) {
  EXPECT_TRUE(is_in_code(parse_solve({"solve"}), SolveCommand{}));
}

TEST(CommandDefaultsTest, RunFromALineWithOnlyItsFilesIsTheStructsDefault) {
  RunCommand in_code;
  in_code.files = {"a.txt"};
  const auto parsed = parse_run({"run", "a.txt"});
  ASSERT_TRUE(is_in_code(parsed, in_code));
  EXPECT_EQ(parsed->repeats.min_time_seconds, kDefaultMinTimeSeconds);  // once 0 in code, 0.5 on the line
  EXPECT_EQ(parsed->solvers, in_code.solvers);
}

TEST(CommandDefaultsTest, AShardReadsItsShareOnceUnlessToldOtherwise) {
  EXPECT_EQ(parse_run({"run", "--shard", "2/3", "a.txt"})->repeats.min_time_seconds, 0);
  EXPECT_EQ(parse_run({"run", "--shard", "2/3", "--min-time", "0.5", "a.txt"})->repeats.min_time_seconds, 0.5);
  EXPECT_EQ(parse_run({"run", "--min-time", "2", "--shard", "1/3", "a.txt"})->repeats.min_time_seconds, 2);
}

TEST(CommandDefaultsTest, CompareFromALineWithOnlyItsFilesIsTheStructsDefault) {
  CompareCommand in_code;
  in_code.base_path = "a.json";
  in_code.current_path = "b.json";
  const auto parsed = parse_compare({"compare", "a.json", "b.json"});
  ASSERT_TRUE(is_in_code(parsed, in_code));
  EXPECT_EQ(parsed->options.max_slowdown, in_code.options.max_slowdown);
}

TEST(CommandDefaultsTest, MergeFromALineWithOnlyItsFilesIsTheStructsDefault) {
  EXPECT_TRUE(is_in_code(parse_merge({"merge", "--json", "m.json", "a.json"}), MergeCommand{{"a.json"}, "m.json"}));
}

TEST(CommandDefaultsTest, ReportFromALineWithOnlyItsInputAndOutputIsTheStructsDefault) {
  ReportCommand in_code;
  in_code.input = "a.json";
  in_code.outputs = {{ReportFormat::csv, "-"}};
  EXPECT_TRUE(is_in_code(parse_report({"report", "--csv", "-", "a.json"}), in_code));
}

// Outputs follow kReportFormats' order, --json in run first, whatever the order on the line.
TEST(CommandDefaultsTest, OutputsComeInOneOrder) {
  const auto run = parse_run({"run", "--csv", "c", "--markdown", "m", "--json", "j", "--format", "bmf", "a.txt"});
  ASSERT_TRUE(run);
  EXPECT_EQ(run->outputs, (std::vector<ReportOutput>{
                              {ReportFormat::bmf, "j"}, {ReportFormat::markdown, "m"}, {ReportFormat::csv, "c"}}));
  const auto report = parse_report({"report", "--csv", "c", "--gbench", "g", "--csv", "d", "a.json"});
  ASSERT_TRUE(report);
  EXPECT_EQ(report->outputs, (std::vector<ReportOutput>{
                                 {ReportFormat::gbench, "g"}, {ReportFormat::csv, "c"}, {ReportFormat::csv, "d"}}));
  EXPECT_FALSE(parse_run({"run", "--json", "-", "--csv", "-", "a.txt"}));  // one report on standard output
}

TEST(CommandDefaultsTest, HistoryFromALineWithOnlyItsReportsIsTheStructsDefault) {
  HistoryCommand in_code;
  in_code.paths = {"results/history"};
  ASSERT_TRUE(is_in_code(parse_history({"history", "results/history"}), in_code));
  EXPECT_DOUBLE_EQ(parse_history({"history", "--min-change", "5%", "a"})->options.max_slowdown, 0.05);
}

TEST(CommandDefaultsTest, CheckPluginFromALineWithOnlyThePluginIsTheStructsDefault) {
  CheckPluginCommand in_code;
  in_code.plugin = "p.so";
  EXPECT_TRUE(is_in_code(parse_check_plugin({"check-plugin", "p.so"}), in_code));
}

TEST(CommandDefaultsTest, HuntFromAnEmptyLineIsTheStructsDefault) {
  EXPECT_TRUE(is_in_code(parse_hunt({"hunt"}), HuntCommand{}));
}

// The comparison itself sees a changed option: the test above would catch a default written twice.
TEST(CommandDefaultsTest, AnOptionGivenMakesADifferentCommand) {
  RunCommand in_code;
  in_code.files = {"a.txt"};
  for (const std::vector<std::string>& line : {std::vector<std::string>{"run", "--min-time", "0", "a.txt"},
                                               {"run", "--solver", "fast", "a.txt"},
                                               {"run", "--format", "csv", "--json", "x.csv", "a.txt"},
                                               {"run", "--input-format", "lines", "a.txt"},
                                               {"run", "--time-limit-ms", "1", "a.txt"},
                                               {"run", "--no-progress", "a.txt"}}) {
    const auto parsed = parse_run(line);
    ASSERT_TRUE(parsed) << line[1];
    EXPECT_FALSE(*parsed == in_code) << line[1];
  }
  const auto compare = parse_compare({"compare", "--max-slowdown", "5.5%", "a", "b"});
  ASSERT_TRUE(compare);
  EXPECT_DOUBLE_EQ(compare->options.max_slowdown, 0.055);
  const auto paired = parse_compare({"compare", "--paired", "a", "b"});
  ASSERT_TRUE(paired);
  EXPECT_TRUE(paired->options.paired);
  EXPECT_FALSE(parse_compare({"compare", "--paired", "--per-puzzle", "a.csv", "b.csv"}));  // puzzles pair already
  EXPECT_EQ(RunCommand{}.repeats.repetitions, 5);  // the fewest with which a default compare can flag a change
  EXPECT_FALSE(parse_run({"run", "--min-time", "-1", "a.txt"}));
}

// The example each command's --help ends with is a line the command takes.
TEST(CommandDefaultsTest, EveryCommandsExampleParses) {
  const std::vector<std::string> examples = command_examples();
  ASSERT_FALSE(examples.empty());
  for (const std::string& example : examples) {
    std::istringstream in(example.substr(0, example.find(" >")));  // the shell's redirection is not the line's
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.size() < 2 || words[0] != "sudoku-bench") continue;  // completions: source <(...)
    words.erase(words.begin());
    const std::string& command = words[0];
    bool parsed = true;
    if (command == "solve") parsed = parse_solve(words).has_value();
    if (command == "run") parsed = parse_run(words).has_value();
    if (command == "compare") parsed = parse_compare(words).has_value();
    if (command == "ab") parsed = parse_ab(words).has_value();
    if (command == "merge") parsed = parse_merge(words).has_value();
    if (command == "report") parsed = parse_report(words).has_value();
    if (command == "history") parsed = parse_history(words).has_value();
    if (command == "check-plugin") parsed = parse_check_plugin(words).has_value();
    if (command == "hunt") parsed = parse_hunt(words).has_value();
    EXPECT_TRUE(parsed) << example;
  }
}

}  // namespace
