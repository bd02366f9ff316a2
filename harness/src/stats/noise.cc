#include "stats/noise.h"

#include <cstdio>

namespace sudoku_bench {

PassNoise merge_noise(const PassNoise& a, double wall_a, const PassNoise& b, double wall_b) {
  if (!a.measured || !b.measured) return {};
  const double total = wall_a + wall_b;
  const auto share = [&](const std::optional<double>& x, const std::optional<double>& y) -> std::optional<double> {
    if (!x || !y) return std::nullopt;
    return total > 0 ? (*x * wall_a + *y * wall_b) / total : (*x + *y) / 2;
  };
  PassNoise n;
  n.measured = true;
  n.steal = share(a.steal, b.steal);
  n.waiting = share(a.waiting, b.waiting);
  n.involuntary_switches = a.involuntary_switches + b.involuntary_switches;
  if (a.migrations && b.migrations) n.migrations = *a.migrations + *b.migrations;
  return n;
}

std::string disturbance(const PassNoise& noise) {
  std::string why;
  char text[64];
  if (noise.steal && *noise.steal >= kDisturbedSteal) {
    std::snprintf(text, sizeof text, "%.1f%% steal time", 100 * *noise.steal);
    why = text;
  }
  if (noise.waiting && *noise.waiting >= kDisturbedWaiting) {
    std::snprintf(text, sizeof text, "waited for a CPU %.0f%% of the time", 100 * *noise.waiting);
    if (!why.empty()) why += "; ";
    why += text;
  }
  return why;
}

}  // namespace sudoku_bench
