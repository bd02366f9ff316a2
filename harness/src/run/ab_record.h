// What ab's rounds measured, as its outputs write it. The measuring child keeps it as it goes and
// sends each round to its supervisor as it is made (the messages below); the supervisor keeps a
// copy, so that it can write the rounds of a child that ended before it had written them.
#pragma once

#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// Fewer rounds than this cannot reach p < 0.05 in the signed-rank test.
inline constexpr int kAbMinRounds = 6;

struct AbRecord {
  Context context;  // both sides'
  std::string clock_name;
  std::string other_context;           // tools/ab: the commit of the other build, when one measured
  int cpu = -1;                        // the CPU both sides were pinned to; -1: none
  std::array<Report, 2> side_reports;  // a pass per file and round
  std::size_t rounds_done = 0;
  int planned = 0;  // the rounds the rule's next look (or --rounds) asks for
  int wanted = 0;   // what a fixed count would have needed (pilot's spread); 0: not known
  double spread = 0;
  bool over_budget = false;    // --max-seconds stopped the rounds
  std::vector<int> looks;      // the rounds at each look the rule made
  bool stopped_early = false;  // a look before the last settled it
  std::vector<std::string> answer_problems;
};

// The messages, child to supervisor: the context and clock once, each round before it counts
// in the child (so that a process ended after it leaves the round with the parent), and the looks.
nlohmann::ordered_json ab_head_message(const AbRecord& record, const std::string& base, const std::string& current,
                                       int threads);
nlohmann::ordered_json ab_round_message(const AbRecord& record, int round,
                                        const std::array<std::vector<MeasuredPass>, 2>& passes,
                                        std::optional<double> log_ratio);
nlohmann::ordered_json ab_looks_message(const AbRecord& record);
// The supervisor's side: a message taken into its copy. Throws what a message that cannot be
// read throws.
void take_ab_message(AbRecord& record, const nlohmann::ordered_json& message);

}  // namespace sudoku_bench
