// What else the machine did during a pass, and when that makes the pass's numbers doubtful.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sudoku_bench {

// Measured around a pass (stream/noise_probe.h); a field is empty where the kernel does not say.
struct PassNoise {
  bool measured = false;  // false in reports written before noise was measured
  // CPU time the hypervisor gave to other guests: /proc/stat "steal" over all CPUs' time.
  std::optional<double> steal;
  // Times the pass's threads were preempted (getrusage, the whole process).
  std::uint64_t involuntary_switches = 0;
  // Moves of the pass's threads between CPUs (/proc/self/task/*/sched, kernels that show it).
  std::optional<std::uint64_t> migrations;
  // Time the pass's threads were ready to run but waited for a CPU (schedstat run-queue time),
  // over wall time x the threads that could wait (the pass's, or more where more waited): the share
  // of the pass the process was kept off the CPUs it wanted, at most 1.
  std::optional<double> waiting;
};

// A pass is disturbed when at least this share of the machine's CPU time was stolen, or its
// threads waited for a CPU at least this share of the time. Far from both: quiet passes on this
// project's 2-core VM waited at most 0.1% (spreads of 2-4%), passes beside two busy loops 18-39%
// (spreads of 21-30%); the thresholds sit low, where a few percent of lost time begins to show.
inline constexpr double kDisturbedSteal = 0.02;
inline constexpr double kDisturbedWaiting = 0.05;

// The noise of two spans (two loops of a pass, two ranks' parts) as one: shares weighted by wall
// time, counts summed; a figure known on one side only is unknown.
PassNoise merge_noise(const PassNoise& a, double wall_a, const PassNoise& b, double wall_b);

// Why the pass's numbers should not be believed ("3.1% steal time; waited for a CPU 12% of the
// time"); empty when the noise is below both thresholds or was not measured.
std::string disturbance(const PassNoise& noise);

}  // namespace sudoku_bench
