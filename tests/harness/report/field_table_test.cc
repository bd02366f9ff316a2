// The report's field tables are what the JSON is written and read from, and what docs/json-schema.md
// must list: the doc is held to the table here.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "report/context_fields.h"
#include "report/metrics.h"
#include "report/pass_fields.h"
#include "report/report_json.h"
#include "report/settings_fields.h"
#include "test_paths.h"

namespace {

using namespace sudoku_bench;

// The quoted words of the doc's outline of `object`, from its key to the next top-level key.
std::vector<std::string> outline_keys(const std::string& object, const std::string& next) {
  std::ifstream in(std::string(SUDOKU_BENCH_DOCS_DIR) + "/json-schema.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const auto from = doc.find("\"" + object + "\": ");
  const auto to = doc.find("\"" + next + "\"", from);
  EXPECT_NE(from, std::string::npos) << object;
  std::vector<std::string> keys;
  if (from == std::string::npos || to == std::string::npos) return keys;
  const std::string block = doc.substr(from + object.size() + 2, to - from - object.size() - 2);
  // Each "word" of lower-case letters, digits, '_' and '.' (std::regex trips GCC 12's warnings under ASan).
  for (std::size_t at = block.find('"'); at != std::string::npos; at = block.find('"', at + 1)) {
    const std::size_t end = block.find('"', at + 1);
    if (end == std::string::npos) break;
    const std::string word = block.substr(at + 1, end - at - 1);
    if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_.") == std::string::npos) {
      keys.push_back(word);
      at = end;
    }
  }
  return keys;
}

TEST(FieldTableTest, TheSchemaDocListsEverySettingInTheTablesOrder) {
  std::vector<std::string> rows;
  for (const FieldRow<Settings>& row : settings_fields()) rows.emplace_back(row.name);
  std::vector<std::string> documented;
  for (const std::string& key : outline_keys("settings", "interrupted"))
    // settings.shard's own fields, and those of each solver identity and its files
    if (key != "index" && key != "count" && key != "name" && key != "spec" && key != "files" && key != "path" &&
        key != "size" && key != "sha256")
      documented.push_back(key);
  EXPECT_EQ(documented, rows);
}

TEST(FieldTableTest, TheSchemaDocListsTheContextAndItsEnvironmentInTheTablesOrder) {
  std::vector<std::string> rows;
  for (const FieldRow<Context>& row : context_fields()) {
    rows.emplace_back(row.name);
    if (row.name == "ranks")
      for (const char* machine : {"host", "cpu_model", "hardware_threads"}) rows.emplace_back(machine);
    if (row.name == "counter")
      for (const char* counter : {"tool", "version", "isa"}) rows.emplace_back(counter);
    if (row.name == "environment")
      for (const FieldRow<Environment>& e : environment_fields()) rows.emplace_back(e.name);
  }
  EXPECT_EQ(outline_keys("context", "settings"), rows);
}

// Every field of a pass is in the doc's outline of "runs", in the table's order (the outline also
// shows the fields of nested objects between them).
TEST(FieldTableTest, TheSchemaDocListsEveryFieldOfAPassInTheTablesOrder) {
  const std::vector<std::string> keys = outline_keys("runs", "scaling");
  std::size_t at = 0;
  std::vector<std::string_view> names;
  for (const FieldRow<MeasuredPass>& row : pass_fields()) names.push_back(row.name);
  for (const sudoku_bench::Metric& m : sudoku_bench::metrics())
    if (m.in(sudoku_bench::kInJson)) names.push_back(m.key);
  for (const std::string_view name : names) {
    while (at < keys.size() && keys[at] != name) ++at;
    EXPECT_LT(at, keys.size()) << name << " is not in docs/json-schema.md's outline of runs, or out of order";
    if (at < keys.size()) ++at;
  }
}

TEST(FieldTableTest, APassIsWrittenInTheTablesOrder) {
  MeasuredPass pass;
  std::size_t i = 0;
  const nlohmann::ordered_json json = pass_to_json(pass);
  auto items = json.items().begin();
  for (; i < pass_fields().size() && items != json.items().end(); ++i, ++items)
    EXPECT_EQ(items.key(), pass_fields()[i].name);
  EXPECT_EQ(i, pass_fields().size());
  // Then the measured figures, in the registry's order, then the metric table's derived ones.
  for (const sudoku_bench::FigureRow& row : sudoku_bench::kFigureRows) {
    if (!row.in_json) continue;
    ASSERT_NE(items, json.items().end()) << row.key;
    EXPECT_EQ(items.key(), row.key);
    EXPECT_TRUE(items.value().is_null()) << row.key;  // a pass that measured nothing
    ++items;
  }
  for (const sudoku_bench::Metric& m : sudoku_bench::metrics()) {
    if (!m.in(sudoku_bench::kInJson)) continue;
    ASSERT_NE(items, json.items().end()) << m.key;
    EXPECT_EQ(items.key(), m.key);
    ++items;
  }
  EXPECT_EQ(items, json.items().end());
}

TEST(FieldTableTest, SettingsAreWrittenInTheTablesOrderAndReadBack) {
  Settings s;
  s.solvers = {"fast"};
  s.threads = {1, 2};
  s.repetitions = 3;
  s.latency_clock = "tsc";
  s.shard = {2, 3};
  const nlohmann::ordered_json json = settings_json(s);
  std::size_t i = 0;
  for (const auto& [key, value] : json.items()) EXPECT_EQ(key, settings_fields()[i++].name);
  EXPECT_EQ(i, settings_fields().size());
  const Settings back = settings_from(Field(json, "settings"));
  EXPECT_EQ(settings_json(back), json);
}

TEST(FieldTableTest, EachLevelOfAgreementComparesItsOwnFields) {
  Settings a, b;
  b.warmup_seconds = 1;  // merge must agree on it; compare need not
  EXPECT_EQ(first_difference(settings_fields(), a, b, Agree::compare), nullptr);
  ASSERT_NE(first_difference(settings_fields(), a, b, Agree::merge), nullptr);
  EXPECT_EQ(first_difference(settings_fields(), a, b, Agree::merge)->name, "warmup_seconds");
  EXPECT_EQ(difference_text("settings", *first_difference(settings_fields(), a, b, Agree::shards), a, b),
            "settings.warmup_seconds 0.0 vs 1.0");
  Settings c;
  c.threads = {4};  // one run's shards only
  EXPECT_EQ(first_difference(settings_fields(), a, c, Agree::merge), nullptr);
  EXPECT_EQ(first_difference(settings_fields(), a, c, Agree::shards)->name, "threads");
  Settings d;
  d.latency_clock = "tsc";  // a report that names no clock differs from none
  EXPECT_EQ(first_difference(settings_fields(), a, d, Agree::compare), nullptr);
}

// The context's agreements are not nested: shards may run on other machines, and compare sets
// builds (commits) side by side on one CPU and compiler.
TEST(FieldTableTest, TheContextsAgreementsFollowWhatEachWayOfJoiningNeeds) {
  Context a;
  a.host = "h1";
  a.cpu_model = "cpu";
  a.compiler = "GCC 12";
  a.git_commit = "abc";
  Context other_host = a, other_cpu = a, other_commit = a, other_compiler = a, later = a;
  other_host.host = "h2";
  other_cpu.cpu_model = "cpu2";
  other_commit.git_commit = "def";
  other_compiler.compiler = "Clang 14";
  later.date = "2026-01-01T00:00:00Z";
  later.environment_known = true;
  const auto first = [&](const Context& b, Agree for_what) {
    const auto* row = first_difference(context_fields(), a, b, for_what);
    return row ? std::string(row->name) : std::string();
  };
  EXPECT_EQ(first(other_host, Agree::shards), "");
  EXPECT_EQ(first(other_host, Agree::merge), "host");
  EXPECT_EQ(first(other_host, Agree::compare), "");
  EXPECT_EQ(first(other_cpu, Agree::shards), "");
  EXPECT_EQ(first(other_cpu, Agree::compare), "cpu_model");
  EXPECT_EQ(first(other_commit, Agree::shards), "git_commit");
  EXPECT_EQ(first(other_commit, Agree::merge), "git_commit");
  EXPECT_EQ(first(other_commit, Agree::compare), "");
  for (const Agree each : {Agree::shards, Agree::merge, Agree::compare}) {
    EXPECT_EQ(first(other_compiler, each), "compiler");
    EXPECT_EQ(first(later, each), "");  // the date and the machine's state vary run to run
  }
  EXPECT_EQ(
      difference_text("context", *first_difference(context_fields(), a, other_commit, Agree::merge), a, other_commit),
      "context.git_commit \"abc\" vs \"def\"");
}

}  // namespace
