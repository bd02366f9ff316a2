#include "cli/merge_command.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "cli/exit_codes.h"
#include "cli/report_files.h"
#include "report/report_json.h"
#include "report/shard_merge.h"
#include "stream/input.h"

namespace sudoku_bench {
namespace {

template <typename T>
void add_unique(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

}  // namespace

std::string merge_reports(const std::vector<Report>& inputs, Report& merged) {
  if (inputs.empty()) return "no inputs";
  merged = Report{};
  merged.context = inputs.front().context;
  merged.settings = inputs.front().settings;
  merged.settings.solvers.clear();
  merged.settings.threads.clear();
  std::map<std::tuple<std::string, std::string, int, int>, int> repetitions;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Report& in = inputs[i];
    Context undated = in.context;
    undated.date = merged.context.date;  // runs of one build are merged whenever they were taken
    // The machine's state at start (load average, …) differs run to run: the first's is kept.
    undated.environment = merged.context.environment;
    undated.environment_known = merged.context.environment_known;
    // MPI runs of a sweep over ranks list their ranks' machines: the shorter list must begin the
    // longer, which the merged report keeps.
    std::vector<Context::Machine>& kept = merged.context.ranks;
    const std::size_t common = std::min(in.context.ranks.size(), kept.size());
    const bool ranks_agree = std::equal(kept.begin(), kept.begin() + common, in.context.ranks.begin());
    if (in.context.ranks.size() > kept.size()) kept = in.context.ranks;
    undated.ranks = kept;
    if (undated != merged.context || !ranks_agree)
      return "input " + std::to_string(i + 1) + " comes from another build or machine (context differs)";
    const Settings& s = in.settings;
    const Settings& m = merged.settings;
    if (s.limit != m.limit || s.node_limit != m.node_limit || s.time_limit_ms != m.time_limit_ms || s.seed != m.seed ||
        s.latency != m.latency || s.warmup_seconds != m.warmup_seconds || latency_clocks_differ(s, m))
      return "input " + std::to_string(i + 1) +
             " was measured with other settings (limit, node or time limit, seed, latency, latency clock or warm-up)";
    for (const std::string& s : in.settings.solvers) add_unique(merged.settings.solvers, s);
    for (int t : in.settings.threads) add_unique(merged.settings.threads, t);
    merged.interrupted |= in.interrupted;
    for (MeasuredPass r : in.runs) {
      r.repetition = ++repetitions[{r.dataset, r.solver, r.ranks, r.threads}];
      merged.runs.push_back(std::move(r));
    }
  }
  merged.settings.repetitions = 0;
  for (const auto& [key, n] : repetitions) merged.settings.repetitions = std::max(merged.settings.repetitions, n);
  return {};
}

int merge_command(const MergeCommand& command, std::FILE* err) {
  std::vector<Report> inputs;
  if (!read_reports(command.inputs, inputs, "merge", err)) return kExitIo;
  Report merged;
  const std::string problem =
      any_shard(inputs) ? merge_shards(inputs, command.inputs, merged) : merge_reports(inputs, merged);
  if (!problem.empty()) {
    std::fprintf(err, "sudoku-bench merge: %s\n", problem.c_str());
    return kExitUsage;
  }
  // More repetitions per group, or parts combined anew: which stand apart is judged again.
  mark_outliers(merged.runs);
  try {
    write_json_file(command.json_path, to_json(merged));
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench merge: %s\n", e.what());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace sudoku_bench
