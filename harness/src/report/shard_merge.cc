#include "report/shard_merge.h"

#include <algorithm>
#include <array>
#include <climits>
#include <compare>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "report/context_fields.h"
#include "report/pass_parts.h"
#include "report/settings_fields.h"

namespace sudoku_bench {
namespace {

std::string shard_name(const Settings::Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

std::string pass_name(const MeasuredPass& p) {
  return p.id.dataset + " " + p.id.solver + " threads=" + std::to_string(p.threads) + " repetition " +
         std::to_string(p.id.repetition);
}

// An input as messages name it: its file and its place on the command line, which tells one file
// given twice apart from itself.
std::string input_name(const std::vector<std::string>& names, std::size_t i) {
  const std::string number = "input " + std::to_string(i + 1);
  return i < names.size() ? names[i] + " (" + number + ")" : number;
}

// An input as it was given, where a message names one file once: "input N" where it has no name.
std::string given_name(const std::vector<std::string>& names, std::size_t i) {
  return i < names.size() ? names[i] : "input " + std::to_string(i + 1);
}

// The ids a pass names: its run's, or for a pass merged from shards each shard's ('+' between).
std::vector<std::string> run_ids_of(const MeasuredPass& pass) {
  std::vector<std::string> ids;
  std::size_t start = 0;
  while (start <= pass.id.run_id.size()) {
    const std::size_t end = std::min(pass.id.run_id.find('+', start), pass.id.run_id.size());
    if (end > start) ids.push_back(pass.id.run_id.substr(start, end - start));
    start = end + 1;
  }
  return ids;
}

// Why the shards' pass `p` would not add up: a sum of counts past 2^64 - 1 (or of threads past
// INT_MAX), naming the shard that pushes it over and the field; "" when all fit.
std::string overflow_of(const std::vector<Report>& inputs, const std::vector<std::size_t>& order,
                        const std::function<std::string(std::size_t)>& name, std::size_t p) {
  const auto bucket_total = [](const Summary& s) {
    std::uint64_t total = 0;
    for (const auto& [slot, n] : s.buckets) total = n > UINT64_MAX - total ? UINT64_MAX : total + n;
    return total;
  };
  const auto tally_total = [](const Tally& t) {
    std::uint64_t total = 0;
    for (const std::uint64_t n : t.counts()) total = n > UINT64_MAX - total ? UINT64_MAX : total + n;
    return total;
  };
  const std::vector<std::pair<const char*, std::function<std::uint64_t(const MeasuredPass&)>>> fields = {
      {"status", [&](const MeasuredPass& r) { return tally_total(r.status); }},
      {"file_records", [](const MeasuredPass& r) { return r.records_per_loop(); }},
      {"latency_ns.buckets", [&](const MeasuredPass& r) { return bucket_total(r.distributions.latency_ns); }},
      {"tree_size.buckets", [&](const MeasuredPass& r) { return bucket_total(r.distributions.tree_size); }},
      {"guesses.buckets", [&](const MeasuredPass& r) { return bucket_total(r.distributions.guesses); }},
      {"noise.involuntary_context_switches", [](const MeasuredPass& r) { return r.noise.involuntary_switches; }},
      {"noise.cpu_migrations", [](const MeasuredPass& r) { return r.noise.migrations.value_or(0); }},
  };
  for (const auto& [field, value] : fields) {
    std::uint64_t total = 0;
    for (const std::size_t i : order) {
      const std::uint64_t n = value(inputs[i].passes[p]);
      if (n > UINT64_MAX - total)
        return name(i) + ": runs[" + std::to_string(p) + "]." + field +
               ": the shards' counts add up to more than 2^64 - 1";
      total += n;
    }
  }
  std::int64_t threads = 0;
  for (const std::size_t i : order) {
    threads += inputs[i].passes[p].threads_observed;
    if (threads > INT_MAX)
      return name(i) + ": runs[" + std::to_string(p) + "].threads_observed: the shards' threads add up to more than " +
             std::to_string(INT_MAX);
  }
  return {};
}

// Where a pass was met: its input, and the pass.
struct Place {
  std::size_t input;
  const MeasuredPass* pass;
};

// Why `again` is one measurement with `first`; `one` and `both` say why, of one pass and of two.
std::string refusal(const std::vector<std::string>& names, const Place& first, const Place& again,
                    const std::string& one, const std::string& both) {
  const MeasuredPass &a = *first.pass, &b = *again.pass;
  const std::string pass = b.id.dataset + " " + b.id.solver + " threads=" + std::to_string(b.threads);
  const std::string why = "; a measurement merged twice would count twice";
  if (first.input == again.input)
    return input_name(names, again.input) + " holds one pass twice: " + pass + " repetitions " +
           std::to_string(a.id.repetition) + " and " + std::to_string(b.id.repetition) + " " + both + why;
  const std::string there = a.id.repetition == b.id.repetition
                                ? std::string()
                                : " (repetition " + std::to_string(a.id.repetition) + " there)";
  return input_name(names, again.input) + " repeats a pass of " + input_name(names, first.input) + ": " + pass +
         " repetition " + std::to_string(b.id.repetition) + there + " " + one + why;
}

// What a pass measured, to the last bit: the same in two passes only when one is a copy of the other.
struct Figures {
  std::string path, solver;
  int threads = 0, loops = 0;
  // wall seconds, latency mean and standard deviation, pipeline seconds (reader, sink, workers)
  std::array<double, 6> seconds{};
  PassFigures measured;                    // CPU seconds, page faults, … (stats/pass_figures.h)
  std::array<std::uint64_t, 10> counts{};  // the outcomes, the checks, the unwritten solutions
  std::uint64_t involuntary_switches = 0;
  auto operator<=>(const Figures&) const = default;
};

// A pass's figures where no other pass shares them by chance. Timings repeat by chance to the
// nanosecond in passes of microseconds on a steady machine (two 25 us passes of
// results/fast/as_given_untimed.json have the same wall and CPU seconds): only a pass of a
// millisecond or more, with a mean latency or pipeline seconds (sums of thousands of readings)
// beside its wall and CPU time, has figures that no other pass shares.
std::optional<Figures> distinct_figures(const MeasuredPass& pass) {
  const bool distinct =
      pass.wall_seconds >= 1e-3 && ((pass.distributions.latency_measured && pass.distributions.latency_ns.mean > 0) ||
                                    (pass.pipeline.measured && pass.pipeline.worker > 0));
  if (!distinct) return std::nullopt;
  return Figures{pass.id.path,
                 pass.id.solver,
                 pass.threads,
                 pass.loops,
                 {pass.wall_seconds, pass.distributions.latency_ns.mean, pass.distributions.latency_ns.stddev,
                  pass.pipeline.reader, pass.pipeline.sink, pass.pipeline.worker},
                 pass.figures,
                 pass.status.counts(),
                 pass.noise.involuntary_switches};
}

}  // namespace

std::string repeated_pass(const std::vector<Report>& inputs, const std::vector<std::string>& names) {
  // (run id, file, solver, threads, place in the run's order, repetition where that place is unknown)
  using IdKey = std::tuple<std::string, std::string, std::string, int, int, int>;
  std::map<IdKey, Place> by_id;
  std::map<Figures, Place> by_content;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    for (const MeasuredPass& pass : inputs[i].passes) {
      const Place here{i, &pass};
      for (const std::string& id : run_ids_of(pass)) {
        const IdKey key{id,           pass.id.path,     pass.id.solver,
                        pass.threads, pass.id.sequence, pass.id.sequence ? 0 : pass.id.repetition};
        if (const auto [it, fresh] = by_id.emplace(key, here); !fresh) {
          const std::string of_run =
              (pass.id.sequence ? "pass " + std::to_string(pass.id.sequence) : "a pass") + " of run " + id;
          return refusal(names, it->second, here, "is " + of_run, "are " + of_run);
        }
      }
      const std::optional<Figures> figures = distinct_figures(pass);
      if (!figures) continue;
      if (const auto [it, fresh] = by_content.emplace(*figures, here); !fresh)
        return refusal(names, it->second, here,
                       "has the same figures (seconds, counts, mean latency, pipeline seconds)",
                       "have the same figures (seconds, counts, mean latency, pipeline seconds)");
    }
  }
  return {};
}

bool any_shard(const std::vector<Report>& inputs) {
  for (const Report& r : inputs)
    if (r.settings.shard.count) return true;
  return false;
}

namespace {

using InputName = std::function<std::string(std::size_t)>;

// Places each input by its shard number, in `by_index`; why they are not one whole set of shards.
std::string place_shards(const std::vector<Report>& inputs, const InputName& name,
                         std::map<int, std::size_t>& by_index) {
  const int count = inputs.front().settings.shard.count;
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
  return {};
}

// Why shard `r` (input `i`) is not a part of the same measurement as the first shard.
std::string shard_disagreement(const Report& r, std::size_t i, const Report& first, const std::string& first_name,
                               const InputName& name) {
  if (const auto* field = first_difference(context_fields(), r.context, first.context, Agree::shards))
    return name(i) + " (shard " + shard_name(r.settings.shard) + ") comes from another build than " + first_name +
           " (" + difference_text("context", *field, r.context, first.context) + ")";
  if (const auto* field = first_difference(settings_fields(), r.settings, first.settings, Agree::shards))
    return name(i) + " (shard " + shard_name(r.settings.shard) + ") was measured with other settings than " +
           first_name + " (" + std::string(field->name) + ")";
  if (!r.context.ranks.empty()) return name(i) + " is itself a merged or MPI report";
  for (const MeasuredPass& pass : r.passes)
    if (!pass.distributions.guesses.buckets_kept)
      return name(i) +
             " was written before schema sudoku-bench/3: its distributions have no buckets to merge "
             "exactly";
  if (r.passes.size() != first.passes.size())
    return name(i) + " has " + std::to_string(r.passes.size()) + " passes, " + first_name + " " +
           std::to_string(first.passes.size()) + " (interrupted, or other inputs)";
  for (std::size_t p = 0; p < r.passes.size(); ++p)
    if (pass_name(r.passes[p]) != pass_name(first.passes[p]) || r.passes[p].id.path != first.passes[p].id.path)
      return name(i) + "'s pass " + std::to_string(p + 1) + " is " + pass_name(r.passes[p]) + " (" +
             r.passes[p].id.path + ") where " + first_name + "'s is " + pass_name(first.passes[p]) + " (" +
             first.passes[p].id.path + ")";
  for (std::size_t p = 0; p < r.passes.size(); ++p)
    if (const auto& a = r.passes[p].id.input, &b = first.passes[p].id.input; a && b && a->fingerprint != b->fingerprint)
      return name(i) + "'s pass " + std::to_string(p + 1) + " read another file under the name " + r.passes[p].id.path +
             " than " + first_name + "'s (fingerprint " + a->fingerprint + " vs " + b->fingerprint + ")";
  return {};
}

// The shards' report as one: their passes combined, pass by pass, in shard order.
Report combine_shards(const std::vector<Report>& inputs, const std::map<int, std::size_t>& by_index) {
  const Report& first = inputs[by_index.at(1)];
  Report merged;
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
    for (const std::string& w : inputs[i].warnings)
      if (std::find(merged.warnings.begin(), merged.warnings.end(), w) == merged.warnings.end())
        merged.warnings.push_back(w);
  }
  for (std::size_t p = 0; p < first.passes.size(); ++p) {
    std::vector<MeasuredPass> parts;
    for (const auto& [k, i] : by_index) parts.push_back(inputs[i].passes[p]);
    merged.passes.push_back(combine_parts(parts, hosts, numbers, Timing::shards));
    // Measured by every shard's run: each is named, so that merging it again is caught.
    std::string ids;
    for (const MeasuredPass& part : parts)
      if (!part.id.run_id.empty()) ids += (ids.empty() ? "" : "+") + part.id.run_id;
    merged.passes.back().id.run_id = ids;
  }
  return merged;
}

}  // namespace

std::string merge_shards(const std::vector<Report>& inputs, const std::vector<std::string>& names, Report& merged) {
  if (inputs.empty()) return "no inputs";
  const InputName name = [&](std::size_t i) { return given_name(names, i); };
  std::map<int, std::size_t> by_index;  // shard -> input
  if (const std::string wrong = place_shards(inputs, name, by_index); !wrong.empty()) return wrong;
  const Report& first = inputs[by_index.at(1)];
  const std::string& first_name = name(by_index.at(1));
  for (const auto& [k, i] : by_index)
    if (const std::string wrong = shard_disagreement(inputs[i], i, first, first_name, name); !wrong.empty())
      return wrong;
  if (const std::string repeated = repeated_pass(inputs, names); !repeated.empty()) return repeated;
  std::vector<std::size_t> order;  // the inputs in shard order
  for (const auto& [k, i] : by_index) order.push_back(i);
  for (std::size_t p = 0; p < first.passes.size(); ++p)
    if (const std::string overflow = overflow_of(inputs, order, name, p); !overflow.empty()) return overflow;
  try {
    merged = combine_shards(inputs, by_index);
  } catch (const std::invalid_argument& e) {
    merged = Report{};
    return e.what();
  }
  return {};
}

std::string unequal_readings(const std::vector<Report>& shards, const std::vector<std::string>& names) {
  for (std::size_t p = 0; !shards.empty() && p < shards[0].passes.size(); ++p)
    for (std::size_t i = 1; i < shards.size(); ++i) {
      const MeasuredPass &a = shards[0].passes[p], &b = shards[i].passes.at(p);  // merge_shards: as many passes
      if (a.loops != b.loops)
        return "the shards read their shares a different number of times (--min-time): " + given_name(names, 0) + " " +
               std::to_string(a.loops) + ", " + given_name(names, i) + " " + std::to_string(b.loops) + " in pass " +
               std::to_string(p + 1) + " (" + pass_name(a) +
               "); the merged distributions weigh each shard's puzzles by its readings, not as one process's "
               "(shards read once by default: --min-time 0)";
    }
  return {};
}

}  // namespace sudoku_bench
