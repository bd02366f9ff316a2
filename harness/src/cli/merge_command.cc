#include "cli/merge_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "cli/command_state.h"
#include "report/context_fields.h"
#include "report/report_json.h"
#include "report/settings_fields.h"
#include "report/shard_merge.h"
#include "report/solver_identity.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/report_files.h"
#include "stream/output_file.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

template <typename T>
void add_unique(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

std::shared_ptr<State<MergeCommand>> declare_merge(CLI::App& app) {
  auto s = std::make_shared<State<MergeCommand>>(add_command(app, "merge"));
  CLI::App& cmd = s->options.app();
  cmd.add_option("--json", s->command.json_path, "Write the merged report here")->required()->type_name("PATH");
  cmd.add_option("FILE", s->command.inputs, "Reports written by run --json (.gz allowed)")->required();
  return s;
}

// One dataset name, one file: passes of two files that share a name are not one input's
// repetitions. "" when every pass with a fingerprint agrees with the first of its name.
std::string other_file(const std::vector<Report>& inputs, const std::function<std::string(std::size_t)>& name) {
  std::map<std::string, std::pair<std::string, std::size_t>> first;  // dataset -> fingerprint, input
  for (std::size_t i = 0; i < inputs.size(); ++i)
    for (const MeasuredPass& r : inputs[i].runs) {
      if (!r.input) continue;
      const auto [it, fresh] = first.emplace(r.dataset, std::make_pair(r.input->fingerprint, i));
      if (!fresh && it->second.first != r.input->fingerprint)
        return name(i) + " measured another file under the name " + r.dataset + " than " + name(it->second.second) +
               " (fingerprint " + r.input->fingerprint + " vs " + it->second.first + "): not one input's passes";
    }
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
  merged.settings.identities.clear();
  merged.settings.threads.clear();
  std::map<PassKey, int> repetitions;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Report& in = inputs[i];
    // The date and the machine's state at start (load average, …) differ run to run: the first's
    // are kept (their rows need no agreement). MPI runs of a sweep over ranks list their ranks'
    // machines: the shorter list must begin the longer, which the merged report keeps.
    std::vector<Context::Machine>& kept = merged.context.ranks;
    const std::size_t common = std::min(in.context.ranks.size(), kept.size());
    const bool ranks_agree = std::equal(kept.begin(), kept.begin() + common, in.context.ranks.begin());
    if (!ranks_agree)
      return name(i) + " comes from other machines than " + name(0) +
             ": context.ranks differ (in a sweep over ranks the shorter list must begin the longer)";
    if (in.context.ranks.size() > kept.size()) kept = in.context.ranks;
    if (const auto* field = first_difference(context_fields(), in.context, merged.context, Agree::merge))
      return name(i) + " comes from another build or machine than " + name(0) + ": " +
             difference_text("context", *field, in.context, merged.context);
    if (const auto* field = first_difference(settings_fields(), in.settings, merged.settings, Agree::merge))
      return name(i) + " was measured with other settings than " + name(0) + ": " +
             difference_text("settings", *field, in.settings, merged.settings);
  }
  if (const std::string repeated = repeated_pass(inputs, names); !repeated.empty()) return repeated;
  if (const std::string other = other_file(inputs, name); !other.empty()) return other;
  // One name, one code: passes of a name whose library or program changed are not one solver's.
  for (std::size_t i = 0; i < inputs.size(); ++i)
    for (const SolverIdentity& id : inputs[i].settings.identities) {
      const auto same_name = std::find_if(merged.settings.identities.begin(), merged.settings.identities.end(),
                                          [&](const SolverIdentity& kept) { return kept.name == id.name; });
      if (same_name == merged.settings.identities.end())
        merged.settings.identities.push_back(id);
      else if (same_name->files != id.files || same_name->spec != id.spec)
        return name(i) + " measured other code under the solver name " + id.name + " than an input before it (" +
               join(identity_changes(merged.settings.identities, inputs[i].settings.identities, id.name), ", ") +
               "): give the two different names";
    }
  for (const Report& in : inputs) {
    for (const std::string& s : in.settings.solvers) add_unique(merged.settings.solvers, s);
    for (int t : in.settings.threads) add_unique(merged.settings.threads, t);
    merged.interrupted |= in.interrupted;
    for (const std::string& w : in.warnings) add_unique(merged.warnings, w);
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
    Messages(err, "merge").error(e.what());
    return kExitIo;
  }
  if (const std::string conflict = output_conflicts({&*out}, command.inputs); !conflict.empty()) {
    Messages(err, "merge").error(conflict);
    return kExitUsage;
  }
  std::vector<Report> inputs;
  if (const int status = read_reports(command.inputs, inputs, "merge", err); status != kExitOk) return status;
  // Reports before schema /6 name no run: only a copy with identical figures can be caught.
  std::set<std::string> warned;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (std::any_of(inputs[i].runs.begin(), inputs[i].runs.end(),
                    [](const MeasuredPass& p) { return p.run_id.empty(); }) &&
        warned.insert(command.inputs[i]).second)
      Messages(err, "merge")
          .warningf(
              "%s has passes without a run_id (written before sudoku-bench/6): a pass given twice is caught only when "
              "its figures are identical",
              command.inputs[i].c_str());
  Report merged;
  const std::string problem =
      any_shard(inputs) ? merge_shards(inputs, command.inputs, merged) : merge_reports(inputs, command.inputs, merged);
  if (!problem.empty()) {
    Messages(err, "merge").error(problem);
    return kExitUsage;
  }
  if (any_shard(inputs))
    if (const std::string uneven = unequal_readings(inputs, command.inputs); !uneven.empty())
      Messages(err, "merge").warning(uneven);
  // More repetitions per group, or parts combined anew: which stand apart is judged again.
  mark_outliers(merged.runs);
  try {
    out->write(json_text(to_json(merged)));
    out->commit();
  } catch (const IoError& e) {
    Messages(err, "merge").error(e.what());
    return kExitIo;
  }
  return kExitOk;
}

Subcommand add_merge(CLI::App& app) {
  return subcommand(declare_merge(app), [](const MergeCommand& c) { return merge_command(c, stderr); });
}

std::optional<MergeCommand> parse_merge(std::vector<std::string> args) { return parsed(declare_merge, args); }

}  // namespace sudoku_bench
