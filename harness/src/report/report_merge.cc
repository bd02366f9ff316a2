#include "report/report_merge.h"

#include <algorithm>
#include <functional>
#include <map>

#include "report/context_fields.h"
#include "report/settings_fields.h"
#include "report/shard_merge.h"
#include "report/solver_identity.h"
#include "report/units.h"

namespace sudoku_bench {
namespace {

template <typename T>
void add_unique(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

// One dataset name, one file: passes of two files that share a name are not one input's
// repetitions. "" when every pass with a fingerprint agrees with the first of its name.
std::string other_file(const std::vector<Report>& inputs, const std::function<std::string(std::size_t)>& name) {
  std::map<std::string, std::pair<std::string, std::size_t>> first;  // dataset -> fingerprint, input
  for (std::size_t i = 0; i < inputs.size(); ++i)
    for (const MeasuredPass& r : inputs[i].passes) {
      if (!r.id.input) continue;
      const auto [it, fresh] = first.emplace(r.id.dataset, std::make_pair(r.id.input->fingerprint, i));
      if (!fresh && it->second.first != r.id.input->fingerprint)
        return name(i) + " measured another file under the name " + r.id.dataset + " than " + name(it->second.second) +
               " (fingerprint " + r.id.input->fingerprint + " vs " + it->second.first + "): not one input's passes";
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
    for (MeasuredPass r : in.passes) {
      r.id.repetition = ++repetitions[PassKey::of(r)];
      merged.passes.push_back(std::move(r));
    }
  }
  merged.settings.repetitions = 0;
  for (const auto& [key, n] : repetitions) merged.settings.repetitions = std::max(merged.settings.repetitions, n);
  return {};
}

}  // namespace sudoku_bench
