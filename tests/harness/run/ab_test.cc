// A solver author's check: solvers named (NAME=SPEC) and identified (SHA-256 of their files),
// compare pairing them by name, `ab` of two solvers (its structure and statuses, not its timings:
// those are a benchmark's, tools/power --plugin), the rounds its pilot asks for, and history by
// the solver's version on recorded reports.
#include "run/ab.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "report/comparison.h"
#include "report/history.h"
#include "report/report_json.h"
#include "report/report_merge.h"
#include "report/sha256.h"
#include "report/solver_identity.h"
#include "run/compare.h"
#include "run/exit_codes.h"
#include "run/merge.h"
#include "run/report_files.h"
#include "run/spec_identity.h"
#include "run_util.h"
#include "stats/power.h"
#include "stream/solver_specs.h"
#include "test_paths.h"

namespace {

using namespace sudoku_bench;
using test_util::Capture;

const std::string kTop95 = std::string(SUDOKU_BENCH_DATASETS_DIR) + "/top95.txt";

// A folder of its own under TMPDIR, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/sudoku-bench-ab-test-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  // A copy of `file` in here as `name`: another version of a solver, at another path.
  std::string copy(const std::string& file, const std::string& name) const {
    const std::string to = path_ + "/" + name;
    std::filesystem::create_directories(std::filesystem::path(to).parent_path());
    std::filesystem::copy_file(file, to, std::filesystem::copy_options::overwrite_existing);
    return to;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(Sha256Test, KnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  Sha256 million;  // fed in uneven pieces: block boundaries fall mid-piece
  const std::string piece(997, 'a');
  std::size_t fed = 0;
  for (; fed + piece.size() <= 1'000'000; fed += piece.size()) million.update(piece.data(), piece.size());
  million.update(piece.data(), 1'000'000 - fed);
  EXPECT_EQ(million.hex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(SolverSpecTest, ANamedSpecMakesAFactoryOfThatName) {
  std::string error;
  const auto factory = factory_for_spec(sudoku_bench::SolverSpec("mine=bitmask"), error);
  ASSERT_TRUE(factory) << error;
  EXPECT_EQ(factory->name(), "mine");
  EXPECT_EQ(factory->implementation(), "mine");
  EXPECT_FALSE(factory_for_spec(sudoku_bench::SolverSpec("mine=nosuchsolver"), error));
}

TEST(SolverSpecTest, TheFilesOfASpecAreItsCode) {
  const std::string plugin = std::filesystem::canonical(SUDOKU_BENCH_EXAMPLE_PLUGIN);
  EXPECT_EQ(files_of_spec(sudoku_bench::SolverSpec("x=plugin:" + plugin + ":solve@private")),
            std::vector<std::string>{plugin});
  EXPECT_TRUE(files_of_spec(sudoku_bench::SolverSpec("bitmask")).empty());
  const std::string script = std::filesystem::canonical(SUDOKU_BENCH_EXEC_PY_SOLVER);
  const auto files = files_of_spec(
      sudoku_bench::SolverSpec("exec:X=1 " + std::string(SUDOKU_BENCH_PYTHON) + " " + script + " --fast"));
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0], std::filesystem::canonical(SUDOKU_BENCH_PYTHON).string());
  EXPECT_EQ(files[1], script);

  const SolverIdentity id = identify_solver(sudoku_bench::SolverSpec("x=plugin:" + plugin), "x");
  ASSERT_EQ(id.files.size(), 1u);
  std::ifstream in(plugin, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(id.files[0].sha256, sha256_hex(bytes));
  EXPECT_EQ(id.files[0].size, bytes.size());
  SolverIdentity rebuilt = id;
  rebuilt.files[0].sha256 = std::string(64, '0');
  EXPECT_EQ(identity_changes({id}, {rebuilt}, "x"),
            std::vector<std::string>{std::filesystem::path(plugin).filename().string() + " " +
                                     id.files[0].sha256.substr(0, 8) + " -> 00000000"});
  EXPECT_TRUE(identity_changes({id}, {id}, "x").empty());
}

// compare BASE NEW as the command runs: its exit status and what it wrote on each stream.
struct Compared {
  int status;
  std::string out, err;
};
Compared compared(const std::string& base, const std::string& current) {
  CompareCommand compare;
  compare.base_path = base;
  compare.current_path = current;
  Capture out, err;
  const int status = compare_command(compare, out.file(), err.file());
  return {status, out.text(), err.text()};
}

// A plugin that is not reentrant runs as private instances: its two versions under one name pair
// as a reentrant one's do, not refused as "different contexts" for their paths.
TEST(SolverNamesTest, CompareOfOneNameAtTwoPathsPairsPrivateInstances) {
  TempDir dir;
  std::vector<std::string> paths;
  for (const char* version : {"v1", "v2"}) {
    const std::string copy = dir.copy(SUDOKU_BENCH_TDOKU_LIKE_PLUGIN, std::string(version) + "/libx.so");
    auto command = test_util::run_command_for({kTop95}, {1}, 3, {"mine=plugin:" + copy + ":tdoku_like@private"});
    const auto outcome = test_util::run(command);
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    EXPECT_EQ(outcome.report.passes.at(0).id.implementation, "mine (a private instance per thread)");
    paths.push_back(dir.path() + "/" + version + ".json");
    write_json_file(paths.back(), to_json(outcome.report));
  }
  const Compared c = compared(paths[0], paths[1]);
  EXPECT_TRUE(c.status == 0 || c.status == 1) << c.err;
  EXPECT_EQ(c.err.find("different contexts"), std::string::npos) << c.err;
}

// Two versions of one plugin at different paths, run apart under the names old and new: the
// report names them, records their code and the labels, and compare pairs them.
TEST(SolverNamesTest, CompareOfOldAndNewAtDifferentPathsPairsThem) {
  TempDir dir;
  const std::string v1 = dir.copy(SUDOKU_BENCH_EXAMPLE_PLUGIN, "v1/libx.so");
  const std::string v2 = dir.copy(SUDOKU_BENCH_EXAMPLE_PLUGIN, "v2/libx.so");
  std::vector<std::string> paths;
  for (const auto& [name, path] : {std::pair{"old", v1}, std::pair{"new", v2}}) {
    auto command = test_util::run_command_for({kTop95}, {1}, 3, {std::string(name) + "=plugin:" + path});
    command.labels = {std::string("version=") + name};
    const auto outcome = test_util::run(command);
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    const Report& r = outcome.report;
    EXPECT_EQ(r.passes.at(0).id.solver, name);
    ASSERT_EQ(r.settings.identities.size(), 1u);
    EXPECT_EQ(r.settings.identities[0].name, name);
    EXPECT_EQ(r.settings.identities[0].files.at(0).path, std::filesystem::canonical(path).string());
    EXPECT_EQ(r.settings.labels, (std::vector<std::pair<std::string, std::string>>{{"version", name}}));
    paths.push_back(dir.path() + "/" + name + ".json");
    write_json_file(paths.back(), to_json(r));
    EXPECT_EQ(read_json_file(paths.back()).settings.identities, r.settings.identities);  // written and read alike
  }
  const Compared c = compared(paths[0], paths[1]);
  EXPECT_TRUE(c.status == 0 || c.status == 1) << c.err;
  EXPECT_NE(c.out.find("old vs new"), std::string::npos) << c.out;
  EXPECT_NE(c.err.find("each report measured one solver: BASE's old against NEW's new"), std::string::npos);
  // Each side's code, whole: two builds of one plugin are told apart by their SHA-256.
  const std::string sha = read_json_file(paths[0]).settings.identities[0].files.at(0).sha256;
  ASSERT_EQ(sha.size(), 64u);
  EXPECT_NE(c.out.find("old in BASE: plugin:" + v1 + " (libx.so sha256 " + sha + ")"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("new in NEW:  plugin:" + v2 + " (libx.so sha256 " + sha + ") (the same code)"),
            std::string::npos)
      << c.out;
  // history follows a solver by name: v2 measured as "old" too is one series with v1, its code's
  // change shown.
  Report renamed = read_json_file(paths[1]);
  for (MeasuredPass& p : renamed.passes) p.id.solver = "old";
  renamed.settings.identities[0].name = "old";
  const std::string renamed_path = dir.path() + "/v2_as_old.json";
  write_json_file(renamed_path, to_json(renamed));
  HistoryCommand history;
  history.paths = {paths[0], renamed_path};
  Capture history_out, history_err;
  history_command(history, history_out.file(), history_err.file());
  EXPECT_NE(history_out.text().find("top95/old/threads=1: 2 reports"), std::string::npos) << history_out.text();
  EXPECT_NE(history_out.text().find("its code changed at"), std::string::npos) << history_out.text();
  EXPECT_NE(history_out.text().find("v2/libx.so"), std::string::npos) << history_out.text();
  // A report compared with itself is said to be.
  const Compared same = compared(paths[0], paths[0]);
  EXPECT_EQ(same.status, 0) << same.err;
  EXPECT_NE(same.err.find("BASE and NEW are the same run"), std::string::npos) << same.err;

  // One name for two codes is refused by merge: its passes would not be one solver's.
  Report first = read_json_file(paths[0]), second = read_json_file(paths[1]);
  for (MeasuredPass& p : second.passes) p.id.solver = "old";
  second.settings.identities[0].name = "old";
  second.settings.labels = first.settings.labels;
  Report merged;
  const std::string why = merge_reports({first, second}, {"a.json", "b.json"}, merged);
  EXPECT_NE(why.find("other code under the solver name old"), std::string::npos) << why;
}

TEST(PowerTest, RoundsGrowWithTheSquareOfTheSpread) {
  // --detect 3%, --power 0.95, --max-slowdown 1%, --alpha 0.05
  EXPECT_EQ(rounds_for_power(0.02, 0.03, 0.01, 0.05, 0.95), 7);
  EXPECT_EQ(rounds_for_power(0.07, 0.03, 0.01, 0.05, 0.95), 77);
  EXPECT_GT(rounds_for_power(0.02, 0.03, 0.01, 0.05, 0.99), 7);
  // Closer to the threshold, the estimate must be surer: more rounds.
  EXPECT_GT(rounds_for_power(0.02, 0.03, 0.02, 0.05, 0.95), 7);
}

TEST(PowerTest, TheSpreadIsTheNoiseNotTheChange) {
  const std::vector<double> noise = {0.02, -0.01, 0.03, -0.02, 0.0, 0.01, -0.03, 0.02, -0.01, 0.01};
  std::vector<double> slowed = noise;
  for (double& d : slowed) d += 0.10;  // a 10% slowdown: the same noise, a shifted mean
  EXPECT_NEAR(spread_upper_limit(slowed), spread_upper_limit(noise), 1e-12);
  // The sample standard deviation (1.93%) at its 70% upper confidence limit, 9 degrees of freedom.
  EXPECT_NEAR(spread_upper_limit(noise), 0.019322 * std::sqrt(9 / 6.3933), 1e-4);
}

struct AbOutcome {
  int status = 0;
  std::string out, err;
};

AbOutcome ab(AbCommand command) {
  command.cpu = "none";                   // the test's process: leave its threads where they are
  command.supervision.supervise = false;  // nor fork it: a child would go on with the test
  Capture out, err;
  AbOutcome o;
  o.status = ab_command(command, out.file(), err.file());
  o.out = out.text();
  o.err = err.text();
  return o;
}

AbCommand ab_of(std::string base, std::string current) {
  AbCommand c;
  c.base = SolverSpec(base);
  c.current = SolverSpec(current);
  c.files = {kTop95};
  c.rule.rounds = 6;
  c.rule.shards = 3;
  return c;
}

TEST(AbTest, TwoVersionsOfOnePluginAreMeasuredInRoundsAndJudged) {
  TempDir dir;
  const std::string v1 = dir.copy(SUDOKU_BENCH_EXAMPLE_PLUGIN, "v1/libx.so");
  const std::string v2 = dir.copy(SUDOKU_BENCH_EXAMPLE_PLUGIN, "v2/libx.so");
  AbCommand c = ab_of("old=plugin:" + v1, "new=plugin:" + v2);
  c.outputs.reports_dir = dir.path();
  c.outputs.json_path = dir.path() + "/verdict.json";
  c.labels = {"version=abc"};
  const AbOutcome o = ab(c);
  ASSERT_TRUE(o.status == 0 || o.status == 1) << o.err;  // a verdict, whichever: timings are not a test's
  EXPECT_NE(o.out.find("BASE old = plugin:" + v1), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("6 rounds of 3 shards in turns"), std::string::npos) << o.out;
  for (const char* side : {"old", "new"}) {
    const Report r = read_json_file(dir.path() + "/" + (side == std::string("old") ? "base" : "new") + ".json");
    ASSERT_EQ(r.passes.size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
      EXPECT_EQ(r.passes[i].id.repetition, static_cast<int>(i) + 1);
      EXPECT_EQ(r.passes[i].id.solver, side);
      EXPECT_EQ(r.passes[i].puzzles(), 95u);  // three shards of each round, every puzzle once
      EXPECT_EQ(r.passes[i].status.unique, 95u);
      EXPECT_EQ(r.passes[i].split.timing, Timing::process);
    }
    EXPECT_EQ(r.settings.identities.at(0).name, side);
    EXPECT_EQ(r.settings.labels.at(0).second, "abc");
  }
  std::ifstream in(c.outputs.json_path);
  const auto verdict = nlohmann::ordered_json::parse(in);
  EXPECT_EQ(verdict["schema"], "sudoku-bench-compare/3");
  EXPECT_TRUE(verdict["options"]["paired"]);
  EXPECT_EQ(verdict["options"]["gate"], "cpu");
  EXPECT_EQ(verdict["ab"]["rounds"], 6);
  EXPECT_TRUE(verdict["ab"]["answers_agree"]);
  EXPECT_EQ(verdict["ab"]["rule"], "fixed");  // --rounds: no look before the last round
  EXPECT_EQ(verdict["ab"]["looks"], nlohmann::ordered_json::array({6}));
  EXPECT_FALSE(verdict["ab"]["stopped_early"]);
}

// Without --rounds, the rounds end at a look of the sequential rule: which one is the timings'
// business, but the record must say which, and agree with the rounds measured.
TEST(AbTest, TheSequentialRuleStopsAtALookAndSaysWhich) {
  TempDir dir;
  AbCommand c = ab_of("bitmask", "bitmask");
  c.rule.rounds = 0;
  c.rule.pilot = 6;
  c.rule.max_rounds = 8;  // looks at 6 and 8
  c.outputs.json_path = dir.path() + "/verdict.json";
  const AbOutcome o = ab(c);
  ASSERT_TRUE(o.status == 0 || o.status == 1) << o.err;
  EXPECT_NE(o.err.find("ab: looks at 6 and 8 rounds"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("ab: round 1/6, look 1/2 in ~"), std::string::npos) << o.err;
  std::ifstream in(c.outputs.json_path);
  const auto ab_block = nlohmann::ordered_json::parse(in)["ab"];
  EXPECT_EQ(ab_block["rule"], "group-sequential-pocock");
  const auto looks = ab_block["looks"].get<std::vector<int>>();
  ASSERT_FALSE(looks.empty());
  EXPECT_EQ(looks.front(), 6);
  EXPECT_EQ(looks.back(), ab_block["rounds"].get<int>());
  EXPECT_EQ(ab_block["stopped_early"].get<bool>(), looks.back() < 8);
  EXPECT_TRUE(ab_block["rounds_wanted"].is_number());  // the fixed design's count, for the record
  EXPECT_NE(o.out.find("a group-sequential rule (Pocock-type spending) up to 8 rounds, looked at 6"), std::string::npos)
      << o.out;
}

// @auto gives the tdoku-like plugin (its state in globals) private instances: the reentrant side
// gets them too, so that the two sides differ in their code alone.
TEST(AbTest, BothSidesAreMeasuredInOneMode) {
  const std::string tdoku_like = std::string("plugin:") + SUDOKU_BENCH_TDOKU_LIKE_PLUGIN + ":tdoku_like";
  AbCommand c = ab_of(tdoku_like, "plugin:" + std::string(SUDOKU_BENCH_EXAMPLE_PLUGIN));
  const AbOutcome o = ab(c);
  ASSERT_TRUE(o.status == 0 || o.status == 1) << o.err;
  EXPECT_NE(o.err.find("is not reentrant"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("NEW gets private instances too, so that both sides are measured alike"), std::string::npos)
      << o.err;
}

TEST(AbTest, AnswersThatDifferOrFailJudgingAreItsOwnStatus) {
  const std::string wrong = std::string("plugin:") + SUDOKU_BENCH_WRONG_PLUGINS;
  AbCommand c = ab_of(wrong + ":right", wrong + ":breaks_a_unit");
  c.rule.rounds = 6;
  const AbOutcome o = ab(c);
  EXPECT_EQ(o.status, kExitAnswersDiffer) << o.err;
  EXPECT_NE(o.err.find("NEW has"), std::string::npos) << o.err;
}

TEST(AbTest, Refusals) {
  EXPECT_EQ(ab(ab_of("same=bitmask", "same=bitmask")).status, 2);
  EXPECT_EQ(ab(ab_of("bitmask", "nosuchsolver")).status, 2);
  AbCommand few = ab_of("bitmask", "bitmask");
  few.rule.rounds = 5;  // cannot reach p < 0.05
  EXPECT_EQ(ab(few).status, 2);
  AbCommand low = ab_of("bitmask", "bitmask");
  low.rule.detect = 0.01;  // not above --max-slowdown
  EXPECT_EQ(ab(low).status, 2);
  EXPECT_FALSE(parse_ab({"ab", "bitmask", "bitmask"}));  // no FILE
  const auto parsed = parse_ab({"ab", "a=bitmask", "b=bitmask", kTop95});
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->options.max_slowdown, kDefaultMaxSlowdown);  // the one default
  EXPECT_EQ(parsed->options.gate, kDefaultGate);
  EXPECT_TRUE(parsed->options.paired);
}

// tests/data/solver_history: a solver's 12 versions (1.1 .. 1.12, recorded in shuffled order), the
// seventh and later 5% slower in CPU time, each a rebuilt library (other bytes, other hash); and 12
// versions of an unchanged one (2.1 .. 2.12). Made by tests/data/solver_history/record.sh.
std::vector<Report> solver_history(const std::string& prefix, std::vector<std::string>& names) {
  std::vector<Report> reports;
  for (int v = 1; v <= 12; ++v) {
    names.push_back(std::string(SUDOKU_BENCH_TEST_DATA_DIR) + "/solver_history/" + prefix + std::to_string(v) +
                    ".json");
    reports.push_back(read_json_file(names.back()));
  }
  return reports;
}

TEST(SolverHistoryTest, AFivePercentStepIsNamedAtItsVersion) {
  std::vector<std::string> names;
  const auto reports = solver_history("step_1.", names);
  HistoryOptions options;
  options.by = "version";
  const auto order = history_order(reports, names, options);
  ASSERT_EQ(order.size(), 12u);
  EXPECT_EQ(label_of(reports[order[1]], "version"), "1.2");  // versions as people write them: 1.2 < 1.10
  EXPECT_EQ(label_of(reports[order[11]], "version"), "1.12");
  const auto series = history_of(reports, order, options);
  ASSERT_EQ(series.size(), 1u);
  ASSERT_EQ(series[0].changes.size(), 1u);
  const HistoryChange& c = series[0].changes[0];
  EXPECT_EQ(label_of(reports[c.report], "version"), "1.7");
  EXPECT_EQ(c.verdict, sudoku_bench::Verdict::slower);
  EXPECT_GT(c.ratio, 1.03);  // 5% spun; runs made apart drift by a few percent more (record.sh)
  EXPECT_LT(c.ratio, 1.15);
  EXPECT_TRUE(series[0].slower_now());

  HistoryCommand command;
  command.paths = {std::string(SUDOKU_BENCH_TEST_DATA_DIR) + "/solver_history"};
  command.options = options;
  // The folder holds both series under one solver name: the step's alone here.
  command.paths = names;
  Capture out, err;
  EXPECT_EQ(history_command(command, out.file(), err.file()), 1) << err.text();
  EXPECT_NE(out.text().find("SLOWER at version 1.7"), std::string::npos) << out.text();
  EXPECT_NE(out.text().find("libmine.so"), std::string::npos) << out.text();  // which library changed
}

TEST(SolverHistoryTest, AnUnchangedSolverHasNoChange) {
  std::vector<std::string> names;
  const auto reports = solver_history("flat_2.", names);
  HistoryOptions options;
  options.by = "version";
  const auto series = history_of(reports, history_order(reports, names, options), options);
  ASSERT_EQ(series.size(), 1u);
  EXPECT_TRUE(series[0].changes.empty());
}

TEST(SolverHistoryTest, AReportWithoutTheLabelIsNamed) {
  std::vector<std::string> names;
  auto reports = solver_history("flat_2.", names);
  reports[3].settings.labels.clear();
  HistoryOptions options;
  options.by = "version";
  EXPECT_THROW(history_order(reports, names, options), std::invalid_argument);
  EXPECT_TRUE(version_less("1.9", "1.10"));
  EXPECT_FALSE(version_less("1.10", "1.9"));
  EXPECT_TRUE(version_less("v2", "v2.1"));
  EXPECT_TRUE(version_less("a", "b"));
}

}  // namespace
