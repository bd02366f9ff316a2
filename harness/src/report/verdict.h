// How every comparison judges (compare of reports, compare --per-puzzle, history, ab): one verdict,
// one pair of defaults, one choice of the time that decides. The options that set them are declared
// once (cli/judging_options.h) for each command that judges.
#pragma once

#include <string_view>

namespace sudoku_bench {

// Which time per puzzle decides: wall time (1 / puzzles/s), or the process's CPU time, which leaves
// out the time other programs held the CPU and so is far steadier on a shared machine. On this
// project's 2-core VM, one-thread passes varied by +-25% in wall time and +-3% in CPU time.
enum class GateTime { wall, cpu };

// The one default of every check (compare, ab, history, tools/ab through ab): CPU time per puzzle
// may grow by up to 2%. Wall time on request (--gate wall). A paired check in turns on one CPU sees
// less than 1% (ab: results/README.md); runs made apart, at other times, differ by a few percent in
// CPU time on a shared machine, which a threshold below 2% would call changes.
inline constexpr GateTime kDefaultGate = GateTime::cpu;
inline constexpr double kDefaultMaxSlowdown = 0.02;

// Instruction reports (run --measure instructions) are judged without a test: valgrind counts the
// same code on the same records within 0.01% run after run, on a quiet or a loaded machine, so a
// difference that small is the same code's, said as such ("counts equal", "within 0.01%").
inline constexpr double kCountsRepeatWithin = 0.0001;
// Their threshold when none is given: 0.25%, 25 times what the counts repeat within, so that a
// change of 0.5% is SLOWER with room to spare, and an eighth of the 2% gate on time, whose noise it
// must stay above (docs/regressions.md).
inline constexpr double kDefaultInstructionMaxSlowdown = 0.0025;

// The figure (report/metrics.h) each gate decides on.
constexpr std::string_view gate_metric_key(GateTime gate) {
  return gate == GateTime::cpu ? "cpu_per_puzzle_ns" : "puzzles_per_second";
}

// The figure instruction reports are judged on (report/metrics.h), whatever the gate.
inline constexpr std::string_view kCountedMetricKey = "instructions_per_puzzle";

// A pair, a group of puzzles or a step of a history: slower or faster by more than the threshold
// with p < alpha, else the same (within the threshold, or noise). cannot_tell: time reports of
// separate runs whose change the noise they recorded could have made (comparison.h: Doubt).
enum class Verdict { same, slower, faster, cannot_tell };

// What every comparison model is judged by. history calls its threshold --min-change (the smallest
// step worth naming); per-puzzle comparisons decide on latency, whatever the gate.
struct Judging {
  double max_slowdown = kDefaultMaxSlowdown;  // 0.02: time per puzzle may grow by up to 2%
  double alpha = 0.05;                        // significance level of the test
  GateTime gate = kDefaultGate;
  // Whether max_slowdown was given (--max-slowdown, --min-change): else instruction reports are
  // judged at kDefaultInstructionMaxSlowdown, not at time's default.
  bool threshold_given = false;

  // The threshold for reports of this measure (report.h's Measure: instructions or not).
  double threshold(bool counted) const {
    return counted && !threshold_given ? kDefaultInstructionMaxSlowdown : max_slowdown;
  }

  bool operator==(const Judging&) const = default;
};

}  // namespace sudoku_bench
