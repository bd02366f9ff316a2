#include "run/ab_rounds.h"

#include <algorithm>
#include <cmath>

#include "report/pass_parts.h"
#include "report/units.h"
#include "run/interrupt.h"
#include "stats/power.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// What one side measured in one round: a pass per file, each still in shards.
using RoundParts = std::vector<std::vector<MeasuredPass>>;  // [file][shard]

// A round's shards of one file as one pass, timed as one process reading them one after another.
MeasuredPass combined(const std::vector<MeasuredPass>& shards) {
  if (shards.size() == 1) return shards.front();
  std::vector<std::string> hosts(shards.size());
  std::vector<int> numbers;
  for (std::size_t k = 1; k <= shards.size(); ++k) numbers.push_back(static_cast<int>(k));
  return combine_parts(shards, hosts, numbers, Timing::process);
}

}  // namespace

AbRounds::AbRounds(const AbCommand& command, const AbSides& sides, const std::vector<std::string>& datasets,
                   AbMeasurer& measurer, AbRecord& record, std::FILE* err, PassLink* link)
    : c_(command), sides_(sides), datasets_(datasets), measurer_(measurer), record_(record), err_(err), link_(link) {}

void AbRounds::measure() {
  if (c_.supervision.progress)
    Messages(err_, "ab")
        .progressf("%s against %s in turns%s, %d shard%s a round: %s", sides_[1].name.c_str(), sides_[0].name.c_str(),
                   record_.cpu >= 0 ? (" on CPU " + std::to_string(record_.cpu)).c_str() : "", c_.rule.shards,
                   c_.rule.shards == 1 ? "" : "s", join(datasets_, " ").c_str());
  if (link_)
    link_->progress(ab_head_message(record_, sides_[0].spec.given(), sides_[1].spec.given(), c_.threads.get()));
  // One unmeasured turn each: libraries loaded, caches and branch predictors met.
  start_ = std::chrono::steady_clock::now();
  for (int s = 0; s < 2; ++s) measure_turn(s, 1, 0);
  warmup_seconds_ = elapsed();
  if (c_.rule.rounds) {
    record_.planned = c_.rule.rounds;
    measure_rounds(record_.planned);
    if (static_cast<int>(record_.rounds_done) == record_.planned) record_.looks.push_back(record_.planned);
  } else {
    measure_sequentially();
  }
  if (record_.over_budget) say_budget();
}

// Both sides must reach the same answers on the same shard, and neither may fail judging.
void AbRounds::judge_turn(const std::vector<MeasuredPass>& base, const std::vector<MeasuredPass>& current, int round,
                          int shard) {
  std::vector<std::string>& problems = record_.answer_problems;
  if (problems.size() >= 10) return;
  for (std::size_t f = 0; f < base.size() && f < current.size(); ++f) {
    const Tally &b = base[f].status, &n = current[f].status;
    const std::string where = datasets_[f] + " round " + std::to_string(round) + " shard " + std::to_string(shard) +
                              "/" + std::to_string(c_.rule.shards) + ": ";
    for (const auto* t : {&b, &n})
      if (t->wrong || t->aborted || t->check_failed)
        problems.push_back(where + (t == &b ? "BASE" : "NEW") + " has " + std::to_string(t->wrong) + " wrong, " +
                           std::to_string(t->aborted) + " aborted, " + std::to_string(t->check_failed) +
                           " failed checks");
    const std::array<Outcome, 5> compared = {Outcome::unique, Outcome::multiple, Outcome::solved, Outcome::none,
                                             Outcome::invalid};
    for (const Outcome o : compared)
      if (b[o] != n[o]) {
        problems.push_back(where + std::string(info_of(o).name) + ": " + std::to_string(b[o]) + " in BASE, " +
                           std::to_string(n[o]) + " in NEW");
        name_differing_records(f, shard);
        break;
      }
  }
}

// The records of a shard whose outcomes differ, as FILE:LINE with both sides' answers.
void AbRounds::name_differing_records(std::size_t f, int shard) {
  if (sides_.elsewhere()) {
    record_.answer_problems.push_back("(run both builds with --per-puzzle and compare --per-puzzle for the records)");
    return;
  }
  const std::map<std::uint64_t, std::string> outcomes[2] = {measurer_.outcomes(0, f, shard),
                                                            measurer_.outcomes(1, f, shard)};
  std::size_t named = 0;
  for (const auto& [line, base] : outcomes[0]) {
    const auto current = outcomes[1].find(line);
    if (current == outcomes[1].end() || current->second == base) continue;
    if (++named > 5) break;
    record_.answer_problems.push_back(c_.files[f] + ":" + std::to_string(line) + ": " + sides_[0].name + " " + base +
                                      ", " + sides_[1].name + " " + current->second);
  }
}

// The time per puzzle the gate reads, summed over the files: CPU or wall.
double AbRounds::gated_time(std::span<const MeasuredPass> passes) const {
  double seconds = 0, puzzles = 0;
  for (const MeasuredPass& p : passes) {
    seconds += c_.options.gate == GateTime::cpu ? p.figures[Fig::cpu_seconds].value_or(0) : p.wall_seconds;
    puzzles += static_cast<double>(p.puzzles());
  }
  return puzzles > 0 ? seconds / puzzles : 0;
}

double AbRounds::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

// A round's seconds: the mean of those measured, else the warm-up turn's shard times the shards.
double AbRounds::round_estimate() const {
  return record_.rounds_done ? round_seconds_ / static_cast<double>(record_.rounds_done)
                             : warmup_seconds_ * c_.rule.shards;
}

// "1 min 20 s" for the rounds up to `until`.
std::string AbRounds::duration_left(int until) const {
  const double left = std::max(0, until - static_cast<int>(record_.rounds_done)) * round_estimate();
  return format_duration_ns(left * 1e9);
}

// Rounds up to `until`; `look` names the sequential rule's look they lead to ("" with --rounds).
void AbRounds::measure_rounds(int until, const std::string& look) {
  for (int round = static_cast<int>(record_.rounds_done) + 1; round <= until && !interrupt_requested(); ++round) {
    if (c_.rule.max_seconds > 0 && elapsed() + round_estimate() > c_.rule.max_seconds) {
      record_.over_budget = true;
      return;
    }
    const double round_start = elapsed();
    std::array<RoundParts, 2> parts;
    for (auto& p : parts) p.assign(c_.files.size(), {});
    for (int shard = 1; shard <= c_.rule.shards && !interrupt_requested(); ++shard) {
      // The order turns at every shard (BASE NEW, then NEW BASE): neither side always goes first.
      const int first = ((round - 1) * c_.rule.shards + shard) % 2 ? 0 : 1;
      std::array<std::vector<MeasuredPass>, 2> turn;
      for (const int s : {first, 1 - first}) turn[s] = measure_turn(s, shard, round);
      if (interrupt_requested()) return;
      judge_turn(turn[0], turn[1], round, shard);
      for (int s = 0; s < 2; ++s)
        for (std::size_t f = 0; f < turn[s].size(); ++f) parts[s][f].push_back(std::move(turn[s][f]));
    }
    if (interrupt_requested()) return;
    std::array<std::vector<MeasuredPass>, 2> passes;
    for (int s = 0; s < 2; ++s)
      for (auto& shards : parts[s]) {
        MeasuredPass pass = combined(shards);
        pass.id.sequence = round;
        passes[s].push_back(std::move(pass));
      }
    add_round(round, passes, round_start, until, look);
  }
}

// A round's passes, their ratios kept for the rule, sent to the supervisor before they count
// here (a process ended at any moment after leaves the round with the parent), and said.
void AbRounds::add_round(int round, std::array<std::vector<MeasuredPass>, 2>& passes, double round_start, int until,
                         const std::string& look) {
  const double b = gated_time(passes[0]), n = gated_time(passes[1]);
  if (b > 0 && n > 0) log_ratios_.push_back(std::log(n / b));
  // Each file's own ratio too: compare judges each file's pair apart, so the rule must stop on
  // what each pair's verdict will say, not on their sum.
  file_log_ratios_.resize(passes[0].size());
  for (std::size_t f = 0; f < passes[0].size() && f < passes[1].size(); ++f) {
    const double fb = gated_time({&passes[0][f], 1}), fn = gated_time({&passes[1][f], 1});
    if (fb > 0 && fn > 0) file_log_ratios_[f].push_back(std::log(fn / fb));
  }
  if (link_)
    link_->progress(ab_round_message(record_, round, passes,
                                     b > 0 && n > 0 ? std::optional<double>(std::log(n / b)) : std::nullopt));
  for (int s = 0; s < 2; ++s)
    for (MeasuredPass& p : passes[s]) record_.side_reports[s].passes.push_back(std::move(p));
  ++record_.rounds_done;
  round_seconds_ += elapsed() - round_start;
  if (!c_.supervision.progress) return;
  // Within 80 columns for short side names: "ab: round 3/10, look 1/8 in ~2.6 s: old 102 us, ...".
  const std::string look_part = look.empty() ? "" : ", " + look;
  const std::string when = round == until ? look_part
                           : look.empty() ? ", ~" + duration_left(until) + " left"
                                          : look_part + " in ~" + duration_left(until);
  Messages(err_, "ab")
      .progressf("round %d/%d%s: %s %s, %s %s %s/puzzle (%s)", round, until, when.c_str(), sides_[0].name.c_str(),
                 format_duration_ns(b * 1e9).c_str(), sides_[1].name.c_str(), format_duration_ns(n * 1e9).c_str(),
                 c_.options.gate == GateTime::cpu ? "CPU" : "wall", b > 0 ? format_change(n / b).c_str() : "-");
}

// One side's turn at a shard; the other build's commit kept once it has measured.
std::vector<MeasuredPass> AbRounds::measure_turn(int s, int shard, int round) {
  std::vector<MeasuredPass> passes = measurer_.measure_shard(s, shard, round);
  record_.other_context = measurer_.other_context();
  return passes;
}

// The sequential rule (stats/sequential.h): rounds up to each look, and a stop at the first whose
// intervals put every file's change clearly above or below --max-slowdown.
void AbRounds::measure_sequentially() {
  const SequentialDesign design =
      sequential_design(c_.rule.pilot, c_.rule.max_rounds, c_.options.alpha, 1 - c_.rule.power);
  const std::size_t count = design.looks.size();
  if (c_.supervision.progress) {
    std::string at;
    for (std::size_t k = 0; k < count; ++k)
      at += (k == 0 ? "" : k + 1 == count ? " and " : ", ") + std::to_string(design.looks[k].rounds);
    Messages(err_, "ab")
        .progressf("looks at %s rounds: it stops at the first where NEW's change is clearly above or below %s",
                   at.c_str(), percent_text(c_.options.max_slowdown).c_str());
  }
  for (std::size_t k = 0; k < count; ++k) {
    const SequentialLook& look = design.looks[k];
    record_.planned = look.rounds;
    measure_rounds(look.rounds, "look " + std::to_string(k + 1) + "/" + std::to_string(count));
    if (interrupt_requested() || record_.over_budget || static_cast<int>(record_.rounds_done) < look.rounds) return;
    record_.looks.push_back(look.rounds);
    if (link_) link_->progress(ab_looks_message(record_));
    if (k == 0 && log_ratios_.size() >= 2) {  // what the fixed design would have measured, for the record
      record_.spread = spread_upper_limit(log_ratios_);
      record_.wanted =
          rounds_for_power(record_.spread, c_.rule.detect, c_.options.max_slowdown, c_.options.alpha, c_.rule.power);
    }
    const SequentialCall call = judge_look(look, k, count, k + 1 < count ? design.looks[k + 1].rounds : 0);
    if (call == SequentialCall::slower || call == SequentialCall::not_slower) {
      record_.stopped_early = true;
      return;
    }
  }
}

// The rule's call at a look: SLOWER when any file's is (any slower pair makes the verdict), "not
// slower" when every file's is; said on stderr with the figures it rests on.
SequentialCall AbRounds::judge_look(const SequentialLook& look, std::size_t k, std::size_t count, int next) {
  const std::string limit = format_change(1 + c_.options.max_slowdown);
  int slower = 0, not_slower = 0;
  std::string said;
  for (std::size_t f = 0; f < file_log_ratios_.size(); ++f) {
    const SequentialDecision d = sequential_decision(look, file_log_ratios_[f], c_.options.max_slowdown);
    slower += d.call == SequentialCall::slower;
    not_slower += d.call == SequentialCall::not_slower;
    said += (f ? "; " : "") + (file_log_ratios_.size() > 1 ? datasets_[f] + " " : std::string()) +
            format_change(1 + d.estimate) + ", p = " + format_fixed("%.2g", d.p_value);
    if (d.call == SequentialCall::slower)
      said += " < " + format_fixed("%.2g", look.alpha) + ", lower bound " + format_change(1 + *d.lower) + " above " +
              limit + ": SLOWER";
    else if (d.upper)
      said += ", upper bound " + format_change(1 + *d.upper) +
              (*d.upper < c_.options.max_slowdown ? " below " : " not below ") + limit +
              (d.call == SequentialCall::not_slower ? ": not slower" : "");
  }
  const SequentialCall call = look.last ? SequentialCall::decide
                              : slower  ? SequentialCall::slower
                              : not_slower == static_cast<int>(file_log_ratios_.size()) && not_slower
                                  ? SequentialCall::not_slower
                                  : SequentialCall::go_on;
  if (c_.supervision.progress && !look.last)
    Messages(err_, "ab")
        .progressf(
            "look %zu/%zu at %d rounds: %s; %s", k + 1, count, look.rounds, said.c_str(),
            call == SequentialCall::go_on
                ? ("next look at " + std::to_string(next) + " rounds, about " + duration_left(next) + " more").c_str()
                : "stopping");
  return call;
}

// What --max-seconds left out, and what the rounds measured can say.
void AbRounds::say_budget() const {
  const double round = round_estimate();
  const std::size_t done = record_.rounds_done;
  const bool too_few = done < static_cast<std::size_t>(kAbMinRounds);
  Messages(err_, "ab")
      .progressf("--max-seconds %g: %zu of %d rounds fit (a round takes about %s)%s", c_.rule.max_seconds, done,
                 record_.planned, format_duration_ns(round * 1e9).c_str(),
                 too_few ? "" : "; the verdict is on the rounds measured, and may miss a smaller slowdown");
  if (too_few)
    Messages(err_, "ab")
        .progressf("a verdict needs %d rounds or more: give --max-seconds %.0f or more, or a smaller file",
                   kAbMinRounds, std::ceil(warmup_seconds_ + kAbMinRounds * round) + 1);
}

}  // namespace sudoku_bench
