#include "cli/merge_command.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "cli/exit_codes.h"
#include "cli/report_files.h"
#include "report/report_json.h"
#include "report/shard_merge.h"
#include "stream/input.h"
#include "stream/output_file.h"

namespace sudoku_bench {
namespace {

template <typename T>
void add_unique(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

std::string text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// The first setting, of those that change the work or its timing, in which `s` differs from `m`:
// `settings.node_limit 5 vs 0`; "" when none does. Threads, solvers, repetitions, the interleave
// seed and the shard may differ.
std::string settings_change(const Settings& s, const Settings& m) {
  const auto n = [](std::uint64_t v) { return std::to_string(v); };
  const auto yes = [](bool v) { return std::string(v ? "true" : "false"); };
  if (s.limit != m.limit) return "settings.limit " + n(s.limit) + " vs " + n(m.limit);
  if (s.node_limit != m.node_limit) return "settings.node_limit " + n(s.node_limit) + " vs " + n(m.node_limit);
  if (s.time_limit_ms != m.time_limit_ms)
    return "settings.time_limit_ms " + text(s.time_limit_ms) + " vs " + text(m.time_limit_ms);
  if (s.seed != m.seed) return "settings.seed " + n(s.seed) + " vs " + n(m.seed);
  if (s.latency != m.latency) return "settings.latency " + yes(s.latency) + " vs " + yes(m.latency);
  if (s.warmup_seconds != m.warmup_seconds)
    return "settings.warmup_seconds " + text(s.warmup_seconds) + " vs " + text(m.warmup_seconds);
  if (latency_clocks_differ(s, m))
    return "settings.latency_clock " + quoted(s.latency_clock) + " vs " + quoted(m.latency_clock);
  if (s.verify != m.verify)
    return "settings.verify " + (s.verify.empty() ? "null" : quoted(s.verify)) + " vs " +
           (m.verify.empty() ? "null" : quoted(m.verify));
  if (s.verify_every != m.verify_every)
    return "settings.verify_every " + n(s.verify_every) + " vs " + n(m.verify_every);
  return {};
}

}  // namespace

std::string merge_reports(const std::vector<Report>& inputs, const std::vector<std::string>& names, Report& merged) {
  if (inputs.empty()) return "no inputs";
  const auto name = [&](std::size_t i) {
    const std::string number = "input " + std::to_string(i + 1);
    return i < names.size() ? names[i] + " (" + number + ")" : number;
  };
  merged = Report{};
  merged.context = inputs.front().context;
  merged.settings = inputs.front().settings;
  merged.settings.solvers.clear();
  merged.settings.threads.clear();
  std::map<PassKey, int> repetitions;
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
    if (!ranks_agree)
      return name(i) + " comes from other machines than " + name(0) +
             ": context.ranks differ (in a sweep over ranks the shorter list must begin the longer)";
    if (in.context.ranks.size() > kept.size()) kept = in.context.ranks;
    undated.ranks = kept;
    if (const std::string field = context_difference(undated, merged.context); !field.empty())
      return name(i) + " comes from another build or machine than " + name(0) + ": context." + field;
    if (const std::string field = settings_change(in.settings, merged.settings); !field.empty())
      return name(i) + " was measured with other settings than " + name(0) + ": " + field;
  }
  if (const std::string repeated = repeated_pass(inputs, names); !repeated.empty()) return repeated;
  for (const Report& in : inputs) {
    for (const std::string& s : in.settings.solvers) add_unique(merged.settings.solvers, s);
    for (int t : in.settings.threads) add_unique(merged.settings.threads, t);
    merged.interrupted |= in.interrupted;
    for (MeasuredPass r : in.runs) {
      r.repetition = ++repetitions[PassKey::of(r)];
      merged.runs.push_back(std::move(r));
    }
  }
  merged.settings.repetitions = 0;
  for (const auto& [key, n] : repetitions) merged.settings.repetitions = std::max(merged.settings.repetitions, n);
  return {};
}

int merge_command(const MergeCommand& command, std::FILE* err) {
  // The output is checked before anything is read: its folder must exist, and it must not be an input.
  std::optional<OutputFile> out;
  try {
    out.emplace(command.json_path, "--json");
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench merge: %s\n", e.what());
    return kExitIo;
  }
  if (const std::string conflict = output_conflicts({&*out}, command.inputs); !conflict.empty()) {
    std::fprintf(err, "sudoku-bench merge: %s\n", conflict.c_str());
    return kExitUsage;
  }
  std::vector<Report> inputs;
  if (!read_reports(command.inputs, inputs, "merge", err)) return kExitIo;
  // Reports before schema /6 name no run: only a copy with identical figures can be caught.
  std::set<std::string> warned;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (std::any_of(inputs[i].runs.begin(), inputs[i].runs.end(),
                    [](const MeasuredPass& p) { return p.run_id.empty(); }) &&
        warned.insert(command.inputs[i]).second)
      std::fprintf(err,
                   "sudoku-bench merge: warning: %s has passes without a run_id (written before %s): a pass given "
                   "twice is caught only when its figures are identical\n",
                   command.inputs[i].c_str(), kSchema);
  Report merged;
  const std::string problem =
      any_shard(inputs) ? merge_shards(inputs, command.inputs, merged) : merge_reports(inputs, command.inputs, merged);
  if (!problem.empty()) {
    std::fprintf(err, "sudoku-bench merge: %s\n", problem.c_str());
    return kExitUsage;
  }
  // More repetitions per group, or parts combined anew: which stand apart is judged again.
  mark_outliers(merged.runs);
  try {
    out->write(json_text(to_json(merged)));
    out->commit();
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench merge: %s\n", e.what());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace sudoku_bench
