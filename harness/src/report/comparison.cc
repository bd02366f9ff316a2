#include "report/comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "report/context_fields.h"
#include "report/metrics.h"
#include "report/settings_fields.h"
#include "report/units.h"
#include "stats/signed_rank.h"

namespace sudoku_bench {
namespace {

using Groups = std::vector<PassGroup<const MeasuredPass>>;

std::string key_name(const PassKey& k) {
  return k.dataset + "/" + k.solver + (k.ranks > 1 ? "/ranks=" + std::to_string(k.ranks) : "") +
         "/threads=" + std::to_string(k.threads);
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// `PREFIXfield: BASE "a" vs NEW "b"` for each field compare needs alike on which they differ.
template <class S>
void add_mismatches(std::span<const FieldRow<S>> rows, const std::string& prefix, const S& base, const S& current,
                    std::vector<std::string>& out) {
  for (const FieldRow<S>& row : rows) {
    if (!needs(row.agree, Agree::compare) || !differs(row, base, current)) continue;
    const auto value = [&](const S& s) {
      const nlohmann::ordered_json v = row.write(s);
      return v.is_string() ? v.get<std::string>() : v.dump();
    };
    out.push_back(prefix + std::string(row.name) + ": BASE " + quoted(value(base)) + " vs NEW " +
                  quoted(value(current)));
  }
}

// The solver NEW's passes of a BASE solver go by: its own name, or where each report measured one
// solver alone under different names (old=plugin:v1/libx.so against new=plugin:v2/libx.so), that one.
struct SolverPairing {
  std::string base, current;  // both empty: pair by name
  PassKey in_current(PassKey key) const {
    if (!base.empty() && key.solver == base) key.solver = current;
    return key;
  }
};

SolverPairing solver_pairing(const Groups& b, const Groups& c) {
  const auto lone_solver = [](const Groups& groups) {
    std::string one;
    for (const auto& g : groups) {
      if (!one.empty() && g.key.solver != one) return std::string();
      one = g.key.solver;
    }
    return one;
  };
  const std::string in_base = lone_solver(b), in_current = lone_solver(c);
  if (in_base.empty() || in_current.empty() || in_base == in_current) return {};
  return {in_base, in_current};
}

// exp(shift) - 1 of a shift of log times: the relative change.
ShiftInterval relative(const ShiftInterval& log_shift) {
  ShiftInterval r{std::expm1(log_shift.estimate), std::nullopt, std::nullopt};
  if (log_shift.low) r.low = std::expm1(*log_shift.low);
  if (log_shift.high) r.high = std::expm1(*log_shift.high);
  return r;
}

// Time's change from base to current (log scale: throughput's change is time's, mirrored), and
// the test's p: paired on per-round log ratios, else the two-sample U test.
void measure_change(MetricComparison& m, bool paired, double confidence) {
  const auto log_time = [&](double v) { return m.higher_is_better ? -std::log(v) : std::log(v); };
  const auto positive = [](const std::vector<double>& v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return x > 0; });
  };
  const bool logs = positive(m.base) && positive(m.current);
  if (paired) {
    std::vector<double> d;  // per round: log ratios, or plain differences where a value is not positive
    for (std::size_t i = 0; i < m.base.size(); ++i)
      d.push_back(logs ? log_time(m.current[i]) - log_time(m.base[i]) : m.current[i] - m.base[i]);
    m.p_value = wilcoxon_signed_rank(d).p_value;
    if (logs && !d.empty()) m.change = relative(paired_shift_interval(d, confidence));
    return;
  }
  m.p_value = mann_whitney_u(m.base, m.current).p_value;
  if (!logs || m.base.empty() || m.current.empty()) return;
  std::vector<double> lb, lc;
  for (const double v : m.base) lb.push_back(log_time(v));
  for (const double v : m.current) lc.push_back(log_time(v));
  m.change = relative(shift_interval(lb, lc, confidence));
}

// Every pass's figure, into `out`; false when a pass did not measure it (then it is not compared).
bool values_of(const Metric& metric, const std::vector<const MeasuredPass*>& runs, std::vector<double>& out) {
  for (const MeasuredPass* r : runs) {
    const std::optional<double> v = metric.of(*r);
    if (!v) return false;
    out.push_back(*v);
  }
  return true;
}

MetricComparison compare_metric(const Metric& metric, std::vector<double> base, std::vector<double> current,
                                const CompareOptions& options, bool paired, bool can_detect) {
  MetricComparison m;
  m.metric = std::string(metric.label);
  m.of = &metric;
  m.higher_is_better = metric.better == Better::higher;
  m.base = std::move(base);
  m.current = std::move(current);
  m.base_median = median(m.base);
  m.current_median = median(m.current);
  measure_change(m, paired, 1 - options.alpha);
  if (m.base_median <= 0 || m.current_median <= 0) return m;  // no ratio to speak of
  m.ratio = m.current_median / m.base_median;
  // Time grows as throughput falls: slowdown and speedup are mirror images on a log scale.
  const double time_ratio = paired && m.change ? 1 + m.change->estimate : m.higher_is_better ? 1 / m.ratio : m.ratio;
  m.slowdown = time_ratio - 1;
  // Below the smallest p the repetitions allow, a p comes from an approximation (ties): no verdict.
  if (can_detect && m.p_value < options.alpha) {
    if (time_ratio > 1 + options.max_slowdown)
      m.verdict = Verdict::slower;
    else if (1 / time_ratio > 1 + options.max_slowdown)
      m.verdict = Verdict::faster;
  }
  return m;
}

// Instruction counts: the medians' ratio against the threshold, nothing tested. Within
// kCountsRepeatWithin the counts are the same code's, whatever the threshold.
MetricComparison compare_counts(const Metric& metric, std::vector<double> base, std::vector<double> current,
                                double threshold) {
  MetricComparison m;
  m.metric = std::string(metric.label);
  m.of = &metric;
  m.counted = true;
  m.base = std::move(base);
  m.current = std::move(current);
  m.base_median = median(m.base);
  m.current_median = median(m.current);
  if (m.base_median <= 0 || m.current_median <= 0) return m;
  m.ratio = m.current_median / m.base_median;
  m.slowdown = m.ratio - 1;
  m.change = ShiftInterval{m.slowdown, std::nullopt, std::nullopt};
  if (std::abs(m.slowdown) <= kCountsRepeatWithin) return m;
  if (m.ratio > 1 + threshold)
    m.verdict = Verdict::slower;
  else if (1 / m.ratio > 1 + threshold)
    m.verdict = Verdict::faster;
  return m;
}

std::string percent_1(double fraction) { return format_fixed("%.1f%%", 100 * fraction); }

// The machine's CPUs, which its load average is of (the run's affinity where they are unknown).
int cpus_of(const Context& c) { return c.hardware_threads > 0 ? c.hardware_threads : c.environment.affinity_count; }

}  // namespace

std::vector<std::string> recorded_noise(const std::string& side, const Report& report,
                                        const std::vector<const MeasuredPass*>& passes) {
  std::vector<std::string> out;
  std::size_t disturbed = 0;
  std::string why;
  for (const MeasuredPass* p : passes)
    if (const std::string d = p->disturbed(); !d.empty()) {
      ++disturbed;
      if (why.empty()) why = d;
    }
  if (disturbed)
    out.push_back(std::to_string(disturbed) + " of " + std::to_string(passes.size()) + " passes of " + side +
                  " were disturbed (" + why + ")");
  const Context& c = report.context;
  const int cpus = cpus_of(c);
  if (c.environment_known && c.environment.load_average && cpus > 0 && *c.environment.load_average >= cpus) {
    const bool virtual_machine = c.environment.hypervisor != "none" && c.environment.hypervisor != "unknown";
    out.push_back(side + " began on a loaded machine (load average " +
                  format_fixed("%.2f", *c.environment.load_average) + " on " + std::to_string(cpus) + " CPU" +
                  (cpus == 1 ? "" : "s") + (virtual_machine ? ", a virtual one)" : ")"));
  }
  return out;
}

namespace {

// (max - min) / median of one side's repetitions: 0 for one.
double spread_of(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const double mid = median(v);
  if (!(mid > 0)) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return (*hi - *lo) / mid;
}

// Why a time change between two separate runs could be the noise they recorded; "" when nothing
// says so. The rule (docs/cli.md): a disturbed pass on either side, either run begun with its load
// average at or above its CPUs, or a change below kSpreadsToTell times the larger side's spread.
std::string noise_doubt(const Report& base, const std::vector<const MeasuredPass*>& base_passes, const Report& current,
                        const std::vector<const MeasuredPass*>& current_passes, const MetricComparison& gated,
                        bool& noise_recorded) {
  std::vector<std::string> reasons = recorded_noise("BASE", base, base_passes);
  for (std::string& r : recorded_noise("NEW", current, current_passes)) reasons.push_back(std::move(r));
  noise_recorded = !reasons.empty();
  const double spread = std::max(spread_of(gated.base), spread_of(gated.current));
  // The growth the verdict line states, so that the two figures agree.
  const double change = std::abs(gated.slowdown);
  if (spread > 0 && change < kSpreadsToTell * spread)
    reasons.push_back("the change (" + percent_1(change) + ") is less than " + format_fixed("%g", kSpreadsToTell) +
                      "x the larger side's spread of repetitions (" + percent_1(spread) + ")");
  std::string doubt;
  for (const std::string& r : reasons) doubt += (doubt.empty() ? "" : "; ") + r;
  return doubt;
}

// Per loop: --min-time reads a file as often as its time needs.
void add_input_mismatches(const PassKey& key, const MeasuredPass& rb, const MeasuredPass& rc,
                          std::vector<std::string>& out) {
  const auto pb = rb.records_per_loop(), pc = rc.records_per_loop();
  if (pb != pc)
    out.push_back(key_name(key) + ": " + std::to_string(pb) + " records in BASE vs " + std::to_string(pc) +
                  " in NEW (not the same input)");
  // One name, two files: the passes would be paired for their names alone.
  if (rb.id.input && rc.id.input && rb.id.input->fingerprint != rc.id.input->fingerprint)
    out.push_back(key_name(key) + ": another file under this name in NEW (fingerprint " + rb.id.input->fingerprint +
                  " in BASE vs " + rc.id.input->fingerprint + " in NEW: not the same input)");
}

}  // namespace

std::vector<std::string> input_mismatches(const Report& base, const Report& current) {
  std::vector<std::string> out;
  const Groups b = complete_groups(base.passes), c = complete_groups(current.passes);
  const SolverPairing pairing = solver_pairing(b, c);
  for (const PassGroup<const MeasuredPass>& group : b)
    if (const auto* in_current = find_group(c, pairing.in_current(group.key)))
      add_input_mismatches(group.key, *group.passes.front(), *in_current->passes.front(), out);
  return out;
}

std::string measure_mismatch(const Report& base, const Report& current) {
  const Measure b = base.settings.measure, c = current.settings.measure;
  if (b != c)
    return std::string("BASE measured ") + measure_name(b) + ", NEW " + measure_name(c) +
           ": a time and an instruction count do not compare (measure both sides alike: run --measure " +
           measure_name(b) + ")";
  if (b != Measure::instructions) return "";
  const Context::Counter &x = base.context.counter, &y = current.context.counter;
  if (x.tool != y.tool)
    return "counted by " + quoted(x.tool) + " in BASE, " + quoted(y.tool) + " in NEW: one code's counts differ by tool";
  if (x.isa != y.isa)
    return "the counted code was built for " + quoted(x.isa) + " in BASE, " + quoted(y.isa) +
           " in NEW: one solver's counts differ by instruction set";
  return "";
}

std::vector<std::string> counter_warnings(const Report& base, const Report& current) {
  const Context::Counter &x = base.context.counter, &y = current.context.counter;
  if (base.settings.measure != Measure::instructions || x.version == y.version) return {};
  return {"counted by " + x.tool + " " + x.version + " in BASE, " + y.version +
          " in NEW: a release may count some instructions otherwise; a change of this size may be the tool's"};
}

std::vector<std::string> context_mismatches(const Report& base, const Report& current) {
  std::vector<std::string> out;
  add_mismatches(context_fields(), "", base.context, current.context, out);
  add_mismatches(settings_fields(), "settings.", base.settings, current.settings, out);
  const Groups b = complete_groups(base.passes), c = complete_groups(current.passes);
  const SolverPairing pairing = solver_pairing(b, c);
  for (const PassGroup<const MeasuredPass>& group : b) {
    const PassKey& key = group.key;
    const PassGroup<const MeasuredPass>* in_current = find_group(c, pairing.in_current(key));
    if (!in_current) continue;
    const MeasuredPass &rb = *group.passes.front(), &rc = *in_current->passes.front();
    add_input_mismatches(key, rb, rc, out);
    // "fast" runs the best code the CPU has: a different pick is a different solver. Two solvers
    // paired for their names are different solvers on purpose.
    if (pairing.base.empty() && !rb.id.implementation.empty() && !rc.id.implementation.empty() &&
        rb.id.implementation != rc.id.implementation)
      out.push_back(key_name(key) + ": ran " + rb.id.implementation + " in BASE vs " + rc.id.implementation +
                    " in NEW");
    // Schema /9 and earlier left an exec: solver's programs out of its CPU time.
    if (const auto& b = rb.figures[Fig::program_cpu_seconds], &c = rc.figures[Fig::program_cpu_seconds];
        b.has_value() != c.has_value())
      out.push_back(key_name(key) + ": the CPU time counts the solver's programs in " + (b ? "BASE" : "NEW") +
                    " only (a report before schema /10 counts the " + "process alone): CPU figures do not compare");
  }
  return out;
}

std::vector<std::string> unequal_repetitions(const Report& base, const Report& current) {
  std::vector<std::string> out;
  const Groups b = complete_groups(base.passes), c = complete_groups(current.passes);
  const SolverPairing pairing = solver_pairing(b, c);
  for (const PassGroup<const MeasuredPass>& group : b)
    if (const auto* in_current = find_group(c, pairing.in_current(group.key));
        in_current && in_current->passes.size() != group.passes.size())
      out.push_back(key_name(group.key) + ": " + std::to_string(group.passes.size()) + " in BASE, " +
                    std::to_string(in_current->passes.size()) + " in NEW");
  return out;
}

double smallest_reachable_p(std::size_t base_repetitions, std::size_t current_repetitions, bool paired) {
  // Paired: all n signs alike, 2 / 2^n.
  return paired ? std::min(1.0, std::ldexp(1.0, 1 - static_cast<int>(base_repetitions)))
                : smallest_p_value(base_repetitions, current_repetitions);
}

std::string missing_cpu_time(const Report& report) {
  for (std::size_t i = 0; i < report.passes.size(); ++i) {
    const MeasuredPass& r = report.passes[i];
    if (r.complete && !r.figures[Fig::cpu_seconds])
      return "runs[" + std::to_string(i) + "] (" + r.id.dataset + " " + r.id.solver + " " + std::to_string(r.threads) +
             " threads #" + std::to_string(r.id.repetition) + "): cpu_seconds is null";
  }
  return "";
}

Comparison compare_reports(const Report& base, const Report& current, const CompareOptions& options) {
  Comparison result;
  const Groups b = complete_groups(base.passes), c = complete_groups(current.passes);
  const SolverPairing pairing = solver_pairing(b, c);
  result.paired_solvers = {pairing.base, pairing.current};
  result.counted = base.settings.measure == Measure::instructions && current.settings.measure == Measure::instructions;
  for (const PassGroup<const MeasuredPass>& group : b) {
    const PassKey& key = group.key;
    const PassGroup<const MeasuredPass>* in_current = find_group(c, pairing.in_current(key));
    if (!in_current) {
      result.only_base.push_back(key_name(key));
      continue;
    }
    const auto& base_runs = group.passes;
    const auto& current_runs = in_current->passes;
    PairComparison pair;
    pair.dataset = key.dataset;
    pair.solver = key.solver;
    if (!pairing.base.empty()) pair.solver += " vs " + pairing.current;
    pair.ranks = key.ranks;
    pair.threads = key.threads;
    if (result.counted) {
      // The time figures of a counting run are valgrind's, not the solver's: the count alone.
      const Metric& counted = metric(kCountedMetricKey);
      std::vector<double> b, n;
      if (values_of(counted, base_runs, b) && values_of(counted, current_runs, n))
        pair.metrics.push_back(compare_counts(counted, std::move(b), std::move(n), options.threshold(true)));
      else
        result.only_base.push_back(key_name(key) + " (no instruction count on one side)");
      if (!pair.metrics.empty()) result.pairs.push_back(std::move(pair));
      continue;
    }
    const bool paired = options.paired && base_runs.size() == current_runs.size();
    pair.can_detect = smallest_reachable_p(base_runs.size(), current_runs.size(), paired) < options.alpha;

    for (const Metric& m : metrics()) {
      if (!m.in(kInCompare)) continue;
      std::vector<double> b, n;
      if (!values_of(m, base_runs, b) || !values_of(m, current_runs, n)) continue;
      if (m.key == gate_metric_key(options.gate)) pair.gated = pair.metrics.size();
      pair.metrics.push_back(compare_metric(m, std::move(b), std::move(n), options, paired, pair.can_detect));
    }
    // Runs in turns (ab, --paired) share their noise, which the pairing takes out: no doubt there.
    if (!options.paired && !pair.metrics.empty()) {
      MetricComparison& gated = pair.metrics[pair.gated];
      pair.doubt = noise_doubt(base, base_runs, current, current_runs, gated, pair.noise_recorded);
      if (!pair.doubt.empty() && (gated.verdict == Verdict::slower || gated.verdict == Verdict::faster))
        gated.verdict = Verdict::cannot_tell;
    }
    result.pairs.push_back(std::move(pair));
  }
  for (const PassGroup<const MeasuredPass>& group : c) {
    PassKey in_base = group.key;
    if (!pairing.base.empty()) in_base.solver = pairing.base;
    if (!find_group(b, in_base)) result.only_current.push_back(key_name(group.key));
  }
  return result;
}

}  // namespace sudoku_bench
