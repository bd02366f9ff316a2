// Scaling out: histogram buckets that merge exactly, run --shard K/N and merge of the shards (the
// same counts and distributions as one process over the whole input), what merge refuses, and
// where --shard auto finds K and N. MPI ranks are tested end to end in tests/cli/mpi_test.sh.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <set>

#include "cli/shard_option.h"
#include "cluster/launcher.h"
#include "report/pass_parts.h"
#include "report/report_json.h"
#include "report/shard_merge.h"
#include "run/merge.h"
#include "run/report_files.h"
#include "run_util.h"
#include "test_paths.h"
#include "test_util.h"

namespace {

using sudoku_bench::Fig;
using sudoku_bench::Histogram;
using sudoku_bench::MeasuredPass;
using sudoku_bench::Report;

std::string dataset(const char* name) { return std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + name; }

TEST(HistogramBucketsTest, RebuildTheSamePercentilesAndMergeLikeOneHistogram) {
  std::mt19937_64 random(7);
  Histogram whole, a, b;
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t v = random() % (i % 3 ? 5000 : 50'000'000);
    whole.record(v);
    (i % 2 ? a : b).record(v);
  }
  const Histogram rebuilt = Histogram::from_buckets(whole.buckets(), whole.min(), whole.max());
  EXPECT_EQ(rebuilt.buckets(), whole.buckets());
  for (const double p : sudoku_bench::kPercentiles) EXPECT_EQ(rebuilt.percentile(p), whole.percentile(p)) << p;

  const sudoku_bench::Summary merged =
      sudoku_bench::merge_summaries(sudoku_bench::summarize(a), sudoku_bench::summarize(b));
  const sudoku_bench::Summary expected = sudoku_bench::summarize(whole);
  EXPECT_EQ(merged.count, expected.count);
  EXPECT_EQ(merged.min, expected.min);
  EXPECT_EQ(merged.max, expected.max);
  EXPECT_EQ(merged.percentiles, expected.percentiles);
  EXPECT_EQ(merged.log2_counts, expected.log2_counts);
  EXPECT_EQ(merged.buckets, expected.buckets);
  EXPECT_NEAR(merged.mean, expected.mean, 1e-9 * expected.mean);
  EXPECT_NEAR(merged.stddev, expected.stddev, 1e-6 * expected.stddev);
  EXPECT_THROW(Histogram::from_buckets({{60 * 1024, 1}}, 0, 1), std::invalid_argument);
}

TEST(HistogramBucketsTest, SurviveTheJsonReport) {
  auto command = test_util::run_command_for({dataset("top95.txt")}, {1}, 1);
  const auto o = test_util::run(command);
  ASSERT_EQ(o.status, 0) << o.err;
  const Report back = sudoku_bench::from_json(sudoku_bench::to_json(o.report));
  EXPECT_EQ(back.passes.at(0).distributions.tree_size.buckets, o.report.passes.at(0).distributions.tree_size.buckets);
  EXPECT_EQ(back.passes.at(0).distributions.latency_ns.buckets, o.report.passes.at(0).distributions.latency_ns.buckets);
  EXPECT_TRUE(back.passes.at(0).distributions.guesses.buckets_kept);
  // A report of schema /2 has none: it reads, but cannot merge exactly.
  auto old = sudoku_bench::to_json(o.report);
  old["schema"] = "sudoku-bench/2";
  for (const char* d : {"latency_ns", "tree_size", "guesses"}) old["runs"][0][d].erase("buckets");
  const Report before = sudoku_bench::from_json(old);
  EXPECT_FALSE(before.passes.at(0).distributions.guesses.buckets_kept);
  EXPECT_THROW(
      sudoku_bench::merge_summaries(before.passes.at(0).distributions.guesses, back.passes.at(0).distributions.guesses),
      std::invalid_argument);
}

// Runs shard k of n (0 of 0: the whole input) and returns its report as read back from JSON.
Report measured(const std::vector<std::string>& files, int k, int n, int threads) {
  auto command = test_util::run_command_for(files, {threads}, 1);
  command.shard = {k, n};
  const auto o = test_util::run(command);
  EXPECT_EQ(o.status, 0) << o.err;
  return sudoku_bench::from_json(sudoku_bench::to_json(o.report));
}

void expect_same_work(const MeasuredPass& merged, const MeasuredPass& whole) {
  SCOPED_TRACE(whole.id.dataset);
  EXPECT_EQ(merged.status.unique, whole.status.unique);
  EXPECT_EQ(merged.status.multiple, whole.status.multiple);
  EXPECT_EQ(merged.status.none, whole.status.none);
  EXPECT_EQ(merged.status.invalid, whole.status.invalid);
  EXPECT_EQ(merged.status.aborted, whole.status.aborted);
  EXPECT_EQ(merged.status.wrong, whole.status.wrong);
  EXPECT_EQ(merged.distributions.tree_size.buckets, whole.distributions.tree_size.buckets);
  EXPECT_EQ(merged.distributions.guesses.buckets, whole.distributions.guesses.buckets);
  EXPECT_EQ(merged.distributions.tree_size.percentiles, whole.distributions.tree_size.percentiles);
  EXPECT_EQ(merged.distributions.guesses.max, whole.distributions.guesses.max);
  std::uint64_t timed = 0;
  for (const auto& [slot, n] : merged.distributions.latency_ns.buckets) timed += n;
  EXPECT_EQ(timed, whole.puzzles());
  EXPECT_EQ(merged.distributions.latency_ns.count, whole.puzzles());
}

TEST(ShardTest, MergedShardsCountAndDistributeExactlyAsOneProcess) {
  // A sanitizer build takes minutes over sudoku17's 49,158 puzzles 14 times: a small second file there.
  const std::vector<std::string> files = {dataset("top1465.txt"),
                                          dataset(test_util::stride() > 1 ? "top95.txt" : "sudoku17_49158.txt")};
  const Report whole = measured(files, 0, 0, 2);
  for (const int n : {1, 2, 3, 7}) {
    SCOPED_TRACE("N = " + std::to_string(n));
    std::vector<Report> shards;
    std::vector<std::string> names;
    std::uint64_t records = 0;
    for (int k = 1; k <= n; ++k) {
      shards.push_back(measured(files, k, n, 2));
      names.push_back("shard" + std::to_string(k) + ".json");
      records += shards.back().passes.at(0).status.records();
    }
    EXPECT_EQ(records, 1465u);  // every record in exactly one shard
    Report merged;
    ASSERT_EQ(sudoku_bench::merge_shards(shards, names, merged), "");
    ASSERT_EQ(merged.passes.size(), whole.passes.size());
    for (std::size_t i = 0; i < whole.passes.size(); ++i) {
      expect_same_work(merged.passes[i], whole.passes[i]);
      EXPECT_EQ(merged.passes[i].split.timing, sudoku_bench::Timing::shards);
      EXPECT_EQ(merged.passes[i].split.ranks, n);
      EXPECT_EQ(merged.passes[i].split.parts.size(), static_cast<std::size_t>(n));
      // The throughput is the sum of the shards'.
      double sum = 0;
      for (const auto& p : merged.passes[i].split.parts) sum += p.puzzles_per_second();
      EXPECT_NEAR(merged.passes[i].puzzles_per_second(), sum, 1e-6 * sum);
      // No shard's process held the whole pass's memory: unknown, written null.
      EXPECT_GT(whole.passes[i].figures[Fig::peak_rss_bytes], 0u);
      EXPECT_FALSE(merged.passes[i].figures[Fig::peak_rss_bytes]);
      EXPECT_TRUE(sudoku_bench::to_json(merged)["runs"][i]["peak_rss_bytes"].is_null());
      // A measured figure of the metric table: the shards' minor page faults add up, and are written.
      ASSERT_TRUE(merged.passes[i].figures[Fig::minor_page_faults].has_value());
      EXPECT_EQ(sudoku_bench::to_json(merged)["runs"][i]["minor_page_faults"],
                *merged.passes[i].figures[Fig::minor_page_faults]);
    }
    EXPECT_EQ(merged.context.ranks.size(), static_cast<std::size_t>(n));
    EXPECT_EQ(merged.settings.shard.count, 0);
    // And through the JSON of the merged report.
    const Report back = sudoku_bench::from_json(sudoku_bench::to_json(merged));
    expect_same_work(back.passes.at(1), whole.passes.at(1));
    EXPECT_EQ(back.passes.at(1).figures[Fig::minor_page_faults], merged.passes.at(1).figures[Fig::minor_page_faults]);
  }
  // The split depends on the input and N only, not on the threads: the same records either way.
  const Report one_thread = measured(files, 2, 3, 1), two_threads = measured(files, 2, 3, 2);
  EXPECT_EQ(one_thread.passes.at(1).distributions.tree_size.buckets,
            two_threads.passes.at(1).distributions.tree_size.buckets);
  EXPECT_EQ(one_thread.passes.at(1).status.records(), two_threads.passes.at(1).status.records());
}

TEST(ShardTest, MergeRefusesMissingRepeatedAndMismatchedShards) {
  const std::vector<std::string> files = {dataset("top95.txt")};
  std::vector<Report> three;
  for (int k = 1; k <= 3; ++k) three.push_back(measured(files, k, 3, 1));
  const std::vector<std::string> names = {"a.json", "b.json", "c.json"};
  Report merged;
  EXPECT_EQ(sudoku_bench::merge_shards({three[0], three[2]}, names, merged), "shard 2/3 missing");
  EXPECT_EQ(sudoku_bench::merge_shards({three[0]}, names, merged), "shards 2/3, 3/3 missing");
  EXPECT_EQ(sudoku_bench::merge_shards({three[0], three[1], three[1]}, names, merged),
            "shard 2/3 given twice: b.json and c.json");
  // What merge says of the three with shard `k` (1 to 3) changed by `change`.
  const auto with_changed = [&](std::size_t k, const auto& change) {
    std::vector<Report> shards = three;
    change(shards.at(k - 1));
    return sudoku_bench::merge_shards(shards, names, merged);
  };
  EXPECT_EQ(with_changed(2, [&](Report& r) { r = measured(files, 2, 2, 1); }),
            "b.json is shard 2/2 but a.json is of 3 shards");
  EXPECT_NE(with_changed(2, [](Report& r) { r.context.git_commit = "0123abc"; })
                .find("b.json (shard 2/3) comes from another build than a.json"),
            std::string::npos);
  EXPECT_EQ(with_changed(3, [](Report& r) { r.settings.limits.nodes = 5; }),
            "c.json (shard 3/3) was measured with other settings than a.json (node_limit)");
  EXPECT_EQ(with_changed(2, [&](Report& r) { r = measured(files, 0, 0, 1); }),
            "b.json is not a shard report (run without --shard): merge shards only with shards");
  // Shards on other machines merge; their machines are named.
  ASSERT_EQ(with_changed(2, [](Report& r) { r.context.host = "node7"; }), "");
  EXPECT_EQ(merged.context.ranks.at(1).host, "node7");
  EXPECT_EQ(merged.passes.at(0).split.parts.at(1).host, "node7");
  EXPECT_EQ(merged.passes.at(0).status.records(), 95u);
}

TEST(ShardTest, MergeCommandNamesTheFiles) {
  const std::vector<std::string> files = {dataset("top95.txt")};
  test_util::TempFile one("", ".json"), two("", ".json"), out("", ".json");
  sudoku_bench::write_json_file(one.path(), sudoku_bench::to_json(measured(files, 1, 3, 1)));
  sudoku_bench::write_json_file(two.path(), sudoku_bench::to_json(measured(files, 3, 3, 1)));
  test_util::Capture err;
  EXPECT_EQ(sudoku_bench::merge_command({{one.path(), two.path()}, out.path()}, err.file()), 2);
  EXPECT_EQ(err.text(), "sudoku-bench merge: shard 2/3 missing\n");
}

TEST(ShardTest, MergeWarnsWhereShardsReadTheirSharesUnequally) {
  const std::vector<std::string> files = {dataset("top95.txt")};
  Report one = measured(files, 1, 2, 1), two = measured(files, 2, 2, 1);
  test_util::TempFile a("", ".json"), b("", ".json"), out("", ".json");
  const auto merged_says = [&] {
    sudoku_bench::write_json_file(a.path(), sudoku_bench::to_json(one));
    sudoku_bench::write_json_file(b.path(), sudoku_bench::to_json(two));
    test_util::Capture err;
    EXPECT_EQ(sudoku_bench::merge_command({{a.path(), b.path()}, out.path()}, err.file()), 0);
    return err.text();
  };
  EXPECT_EQ(merged_says(), "");  // each read once
  // Under --min-time a shard of easy puzzles reads its share more often than one of hard ones.
  two.passes.at(0).loops = 3;
  for (auto* n : {&two.passes[0].status.unique, &two.passes[0].status.checked}) *n *= 3;
  const std::string said = merged_says();
  EXPECT_NE(said.find("warning: the shards read their shares a different number of times (--min-time): " + a.path() +
                      " 1, " + b.path() + " 3 in pass 1"),
            std::string::npos)
      << said;
}

TEST(ShardOptionTest, ReadsKOfNAndJobArrays) {
  std::string error;
  auto s = sudoku_bench::parse_shard("2/3", error);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->index, 2);
  EXPECT_EQ(s->count, 3);
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "-1/2"}) {
    EXPECT_FALSE(sudoku_bench::parse_shard(bad, error)) << bad;
    EXPECT_NE(error.find("expected K/N"), std::string::npos) << error;
  }
  unsetenv("JOB_COMPLETION_INDEX");
  setenv("SLURM_ARRAY_TASK_ID", "12", 1);
  setenv("SLURM_ARRAY_TASK_MIN", "10", 1);
  setenv("SLURM_ARRAY_TASK_COUNT", "7", 1);
  s = sudoku_bench::parse_shard("auto", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 3);
  EXPECT_EQ(s->count, 7);
  unsetenv("SLURM_ARRAY_TASK_ID");
  unsetenv("SLURM_ARRAY_TASK_MIN");
  unsetenv("SLURM_ARRAY_TASK_COUNT");
  EXPECT_FALSE(sudoku_bench::parse_shard("auto", error));
  EXPECT_NE(error.find("no job array"), std::string::npos);
  setenv("JOB_COMPLETION_INDEX", "4", 1);
  EXPECT_FALSE(sudoku_bench::parse_shard("auto", error));
  EXPECT_NE(error.find("auto/N"), std::string::npos);
  s = sudoku_bench::parse_shard("auto/5", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 5);
  EXPECT_EQ(s->count, 5);
  unsetenv("JOB_COMPLETION_INDEX");
}

// srun -n 3 --mpi=none: each task its shard, from its own environment (SLURM_PROCID).
TEST(ShardOptionTest, TasksOfAnSrunStepWithoutPmiEachTakeTheirOwn) {
  std::string error;
  setenv("SLURM_STEP_NUM_TASKS", "3", 1);
  for (int task = 0; task < 3; ++task) {
    setenv("SLURM_PROCID", std::to_string(task).c_str(), 1);
    auto s = sudoku_bench::parse_shard("auto", error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->index, task + 1);
    EXPECT_EQ(s->count, 3);
  }
  EXPECT_FALSE(sudoku_bench::parse_shard("auto/2", error));
  EXPECT_NE(error.find("3 tasks"), std::string::npos) << error;
  // Within a job array's task 2 of 4: shards 4 to 6 of 12.
  setenv("SLURM_ARRAY_TASK_ID", "2", 1);
  setenv("SLURM_ARRAY_TASK_MIN", "1", 1);
  setenv("SLURM_ARRAY_TASK_COUNT", "4", 1);
  setenv("SLURM_PROCID", "0", 1);
  auto s = sudoku_bench::parse_shard("auto", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 4);
  EXPECT_EQ(s->count, 12);
  for (const char* name : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"}) unsetenv(name);
  // Under an MPI launcher the step's tasks are ranks: no shard of their own.
  setenv("OMPI_COMM_WORLD_SIZE", "3", 1);
  EXPECT_FALSE(sudoku_bench::parse_shard("auto", error));
  unsetenv("OMPI_COMM_WORLD_SIZE");
  // One task alone is no shard either.
  setenv("SLURM_STEP_NUM_TASKS", "1", 1);
  EXPECT_FALSE(sudoku_bench::parse_shard("auto", error));
  unsetenv("SLURM_STEP_NUM_TASKS");
  unsetenv("SLURM_PROCID");
}

// The refusals in such a step say what to do instead, as it works when pasted.
TEST(LauncherTest, TheAdviceInAStepWithoutPmiWorksPasted) {
  setenv("SLURM_STEP_NUM_TASKS", "2", 1);
  EXPECT_NE(sudoku_bench::launch_problem().find("one of 2 tasks"), std::string::npos);
  const std::string run = sudoku_bench::launch_advice("run");
  EXPECT_NE(run.find("srun --mpi=pmix"), std::string::npos) << run;
  EXPECT_NE(run.find("srun -n 2 bash -c 'sudoku-bench run --shard auto --json shard-$SLURM_PROCID.json"),
            std::string::npos)
      << run;
  EXPECT_EQ(run.find("$(("), std::string::npos) << run;  // nothing the submitting shell would expand
  for (const char* command : {"ab", "hunt"}) {
    const std::string advice = sudoku_bench::launch_advice(command);
    EXPECT_NE(advice.find("srun -n 1"), std::string::npos) << advice;
    EXPECT_NE(advice.find("srun --mpi=pmix"), std::string::npos) << advice;
  }
  unsetenv("SLURM_STEP_NUM_TASKS");
  EXPECT_EQ(sudoku_bench::launch_problem(), "");
  EXPECT_EQ(sudoku_bench::launch_advice("run"), "");
}

TEST(PassPartsTest, RanksTakeTheSlowestWallTimeAndSayHowUneven) {
  MeasuredPass a, b;
  for (MeasuredPass* p : {&a, &b}) {
    p->id.dataset = "d";
    p->id.solver = "s";
    p->threads = 1;
    p->id.repetition = 1;
    p->distributions.latency_measured = false;
  }
  a.status.unique = 100;
  a.wall_seconds = 1;
  b.status.unique = 100;
  b.wall_seconds = 3;
  b.figures[Fig::clock_read_ns] = 23.4;  // a host whose clock costs more: its cost is the one to warn of
  a.figures[Fig::clock_read_ns] = 9.8;
  a.figures[Fig::cpu_seconds] = 0.9;
  b.figures[Fig::cpu_seconds] = 2.5;
  a.loops = 3;
  b.loops = 2;
  a.figures[Fig::peak_rss_bytes] = b.figures[Fig::peak_rss_bytes] = 1 << 24;
  const MeasuredPass ranks = sudoku_bench::combine_parts({a, b}, {"h0", "h1"}, {0, 1}, sudoku_bench::Timing::ranks);
  EXPECT_EQ(ranks.puzzles(), 200u);
  EXPECT_DOUBLE_EQ(*ranks.figures[Fig::clock_read_ns], 23.4);
  EXPECT_DOUBLE_EQ(ranks.wall_seconds, 3);
  EXPECT_DOUBLE_EQ(*ranks.imbalance(), 1.5);
  EXPECT_DOUBLE_EQ(*ranks.figures[Fig::cpu_seconds], 3.4);  // every process's CPU time
  EXPECT_EQ(ranks.loops, 3);                                // the most any part read its share
  EXPECT_EQ(ranks.file_records, 200u);
  EXPECT_EQ(ranks.threads_observed, 0);
  EXPECT_FALSE(ranks.figures[Fig::peak_rss_bytes]);  // no one process held the whole pass: unknown
  const MeasuredPass shards = sudoku_bench::combine_parts({a, b}, {"h0", "h1"}, {1, 2}, sudoku_bench::Timing::shards);
  EXPECT_NEAR(shards.puzzles_per_second(), 100.0 + 100.0 / 3, 1e-9);
  b.id.repetition = 2;
  EXPECT_THROW(sudoku_bench::combine_parts({a, b}, {"h0", "h1"}, {0, 1}, sudoku_bench::Timing::ranks),
               std::invalid_argument);
}

TEST(ScalingTest, RanksScaleAgainstOneRankOfOneThread) {
  std::vector<MeasuredPass> runs(3);
  const int ranks[] = {1, 2, 4};
  for (int i = 0; i < 3; ++i) {
    runs[i].id.dataset = "d";
    runs[i].id.solver = "s";
    runs[i].threads = 1;
    runs[i].split.ranks = ranks[i];
    runs[i].status.unique = 1000;
    runs[i].wall_seconds = 1.0 / (ranks[i] * 0.9 + 0.1);
  }
  const auto rows = sudoku_bench::scaling_of(runs);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].ranks, 4);
  EXPECT_NEAR(*rows[2].speedup, 3.7, 1e-9);
  EXPECT_NEAR(*rows[2].efficiency, 3.7 / 4, 1e-9);
}

}  // namespace

namespace {

// Every shard names its invalid records with their lines in the file, though the chunks of the
// other shards before them were never split (nor, mapped, even read).
TEST(ShardTest, ProblemsKeepTheirLinesInTheFile) {
  std::string text;
  std::set<std::uint64_t> invalid;
  const std::string good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  for (std::uint64_t line = 1; line <= 3000; ++line) {
    if (line % 97 == 0) {
      text += "not a puzzle\n";
      invalid.insert(line);
    } else if (line % 41 == 0) {
      text += "# a comment\n";
    } else {
      text += good + "\n";
    }
  }
  test_util::TempFile file(text);
  for (const int n : {2, 3, 7}) {
    std::set<std::uint64_t> named, rows;
    std::uint64_t records = 0;
    for (int k = 1; k <= n; ++k) {
      test_util::TempFile csv("", ".csv");
      auto command = test_util::run_command_for({file.path()}, {1}, 1);
      command.shard = {k, n};
      command.pass.time_puzzles = false;
      command.per_puzzle_path = csv.path();
      const auto o = test_util::run(command);
      records += o.report.passes.at(0).status.records();
      std::ifstream in(csv.path());
      std::string row;
      std::getline(in, row);  // header: dataset,file,line,…
      while (std::getline(in, row)) {
        const std::size_t at = row.find(file.path() + ",");
        ASSERT_NE(at, std::string::npos) << row;
        EXPECT_TRUE(rows.insert(std::stoull(row.substr(at + file.path().size() + 1))).second) << row;
      }
      for (std::size_t at = o.err.find(file.path() + ":"); at != std::string::npos;
           at = o.err.find(file.path() + ":", at + 1))
        named.insert(std::stoull(o.err.substr(at + file.path().size() + 1)));
    }
    EXPECT_EQ(named, invalid) << "N = " << n;
    // Every record's row, once, on its line: the comments' lines are the ones missing.
    EXPECT_EQ(rows.size(), records) << "N = " << n;
    for (const std::uint64_t line : rows) EXPECT_NE(line % 41 == 0 && line % 97 != 0, true) << line;
    EXPECT_EQ(records, 3000u - 3000 / 41 + 3000 / (41 * 97)) << "N = " << n;
  }
}

}  // namespace
