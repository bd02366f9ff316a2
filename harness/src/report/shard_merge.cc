#include "report/shard_merge.h"

#include <map>
#include <stdexcept>

#include "report/pass_parts.h"

namespace sudoku_bench {
namespace {

std::string shard_name(const Settings::Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

std::string pass_name(const MeasuredPass& p) {
  return p.dataset + " " + p.solver + " threads=" + std::to_string(p.threads) + " repetition " +
         std::to_string(p.repetition);
}

}  // namespace

bool any_shard(const std::vector<Report>& inputs) {
  for (const Report& r : inputs)
    if (r.settings.shard.count) return true;
  return false;
}

std::string merge_shards(const std::vector<Report>& inputs, const std::vector<std::string>& names, Report& merged) {
  if (inputs.empty()) return "no inputs";
  const auto name = [&](std::size_t i) { return i < names.size() ? names[i] : "input " + std::to_string(i + 1); };
  const int count = inputs.front().settings.shard.count;
  std::map<int, std::size_t> by_index;  // shard -> input
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Settings::Shard& s = inputs[i].settings.shard;
    if (!s.count) return name(i) + " is not a shard report (run without --shard): merge shards only with shards";
    if (s.count != count)
      return name(i) + " is shard " + shard_name(s) + " but " + name(0) + " is of " + std::to_string(count) + " shards";
    if (const auto [it, fresh] = by_index.emplace(s.index, i); !fresh)
      return "shard " + shard_name(s) + " given twice: " + name(it->second) + " and " + name(i);
  }
  std::string missing;
  for (int k = 1; k <= count; ++k)
    if (!by_index.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(count);
  if (!missing.empty())
    return "shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") + missing + " missing";

  const Report& first = inputs[by_index.at(1)];
  const std::string& first_name = name(by_index.at(1));
  for (const auto& [k, i] : by_index) {
    const Report& r = inputs[i];
    if (!r.context.same_build(first.context))
      return name(i) + " (shard " + shard_name(r.settings.shard) + ") comes from another build than " + first_name +
             " (git_commit " + r.context.git_commit + " vs " + first.context.git_commit +
             ", or compiler, flags, "
             "build type, TBB, version)";
    if (const std::string field = settings_difference(r.settings, first.settings); !field.empty())
      return name(i) + " (shard " + shard_name(r.settings.shard) + ") was measured with other settings than " +
             first_name + " (" + field + ")";
    if (!r.context.ranks.empty()) return name(i) + " is itself a merged or MPI report";
    for (const MeasuredPass& pass : r.runs)
      if (!pass.guesses.buckets_kept)
        return name(i) +
               " was written before schema sudoku-bench/3: its distributions have no buckets to merge "
               "exactly";
    if (r.runs.size() != first.runs.size())
      return name(i) + " has " + std::to_string(r.runs.size()) + " passes, " + first_name + " " +
             std::to_string(first.runs.size()) + " (interrupted, or other inputs)";
    for (std::size_t p = 0; p < r.runs.size(); ++p)
      if (pass_name(r.runs[p]) != pass_name(first.runs[p]) || r.runs[p].path != first.runs[p].path)
        return name(i) + "'s pass " + std::to_string(p + 1) + " is " + pass_name(r.runs[p]) + " (" + r.runs[p].path +
               ") where " + first_name + "'s is " + pass_name(first.runs[p]) + " (" + first.runs[p].path + ")";
  }

  merged = Report{};
  merged.context = first.context;
  merged.settings = first.settings;
  merged.settings.shard = {};
  std::vector<std::string> hosts;
  std::vector<int> numbers;
  for (const auto& [k, i] : by_index) {
    merged.context.ranks.push_back(inputs[i].context.machine());
    hosts.push_back(inputs[i].context.host);
    numbers.push_back(k);
    merged.interrupted |= inputs[i].interrupted;
  }
  try {
    for (std::size_t p = 0; p < first.runs.size(); ++p) {
      std::vector<MeasuredPass> parts;
      for (const auto& [k, i] : by_index) parts.push_back(inputs[i].runs[p]);
      merged.runs.push_back(combine_parts(parts, hosts, numbers, Timing::shards));
    }
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return {};
}

}  // namespace sudoku_bench
