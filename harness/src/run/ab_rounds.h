// ab's round loop: a warm-up turn, then rounds of BASE and NEW in turns shard by shard, up to
// --rounds or to the look of the group-sequential rule (stats/sequential.h) that finds every
// file's change clearly above or below --max-slowdown; each round's answers judged alike.
#pragma once

#include <array>
#include <chrono>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "run/ab.h"
#include "run/ab_measurer.h"
#include "run/ab_record.h"
#include "run/ab_sides.h"
#include "run/pass_link.h"
#include "stats/sequential.h"

namespace sudoku_bench {

class AbRounds {
 public:
  // `record` receives the rounds; `link`, when given, a copy of each (ab_record.h).
  AbRounds(const AbCommand& command, const AbSides& sides, const std::vector<std::string>& datasets,
           AbMeasurer& measurer, AbRecord& record, std::FILE* err, PassLink* link);

  // The rounds, until the rule or --rounds stops them, --max-seconds leaves no room for another,
  // or an interrupt. Throws what measuring throws.
  void measure();

 private:
  void measure_rounds(int until, const std::string& look = "");
  void add_round(int round, std::array<std::vector<MeasuredPass>, 2>& passes, double round_start, int until,
                 const std::string& look);
  std::vector<MeasuredPass> measure_turn(int s, int shard, int round);
  void measure_sequentially();
  SequentialCall judge_look(const SequentialLook& look, std::size_t k, std::size_t count, int next);
  void judge_turn(const std::vector<MeasuredPass>& base, const std::vector<MeasuredPass>& current, int round,
                  int shard);
  void name_differing_records(std::size_t f, int shard);
  double gated_time(std::span<const MeasuredPass> passes) const;
  double elapsed() const;
  double round_estimate() const;
  std::string duration_left(int until) const;
  void say_budget() const;

  const AbCommand& c_;
  const AbSides& sides_;
  const std::vector<std::string>& datasets_;
  AbMeasurer& measurer_;
  AbRecord& record_;
  std::FILE* err_;
  PassLink* link_;
  std::chrono::steady_clock::time_point start_;
  double warmup_seconds_ = 0, round_seconds_ = 0;  // the warm-up turn's; all rounds' together
  std::vector<double> log_ratios_;
  std::vector<std::vector<double>> file_log_ratios_;  // [file][round]: what each pair's verdict is on
};

}  // namespace sudoku_bench
