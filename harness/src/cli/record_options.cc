#include "cli/record_options.h"

#include <chrono>
#include <cmath>
#include <utility>
#include <vector>

#include "run/run.h"
#include "stream/input_format.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// The longest per-puzzle time limit: about 11.6 days, far below where milliseconds as nanoseconds
// would overflow std::int64_t (9.2e15 ms).
constexpr double kMaxTimeLimitMs = 1e9;

// "auto, lines, grid, csv, checks or numbers", with what the lines hold where the name does not say.
std::string input_format_names(bool with_layouts) {
  std::string out;
  const std::size_t n = std::size(kInputFormats);
  for (std::size_t i = 0; i < n; ++i) {
    const InputFormatName& f = kInputFormats[i];
    const std::string layout = f.layout;
    out += (i == 0       ? ""
            : i + 1 == n ? " or "
                         : ", ") +
           std::string(f.name) + (with_layouts && !layout.empty() ? " (" + layout + ")" : std::string());
  }
  return out;
}

}  // namespace

void declare_record_options(Options& options, StepOptions& step, PipelineConfig& pipeline,
                            std::function<void(const std::string&)> verify, std::uint64_t* plugin_verify_every) {
  options.whole("--limit", step.solve.max_solutions, 1, kAnyCount,
                "Count solutions up to K (2 checks uniqueness; 1 stops at the first solution, which run's "
                "report counts as solved, uniqueness not asked)");
  options.whole("--node-limit", step.solve.max_nodes, 0, kAnyCount, "Abort a puzzle after N search nodes (0: none)");
  options.real_to("--time-limit-ms", std::chrono::duration<double, std::milli>(step.solve.time_limit).count(), 0,
                  kMaxTimeLimitMs, "Abort a puzzle after T milliseconds (0: none; at most 1e9, about 11.6 days)",
                  [&step](double ms) {
                    // Whole nanoseconds, rounded up: a limit above 0 never becomes none (0). At most
                    // 1e15: no overflow.
                    step.solve.time_limit = std::chrono::nanoseconds(static_cast<std::int64_t>(std::ceil(ms * 1e6)));
                  });
  options.whole("--seed", step.seed, 0, kAnyCount,
                "Solve each puzzle under a random symmetry picked by (S, puzzle) (0: as given)");
  std::vector<std::pair<std::string, InputFormat>> formats;
  for (const InputFormatName& f : kInputFormats) formats.emplace_back(f.name, f.format);
  options.choice("--input-format", pipeline.format, formats, input_format_names(true));
  options.valued_flag(
      "--verify{bitmask}",
      "Recount each puzzle with a reference strategy (--verify=REF; default bitmask) outside the latency timing; a "
      "disagreement is a wrong answer. Costs the reference's time per puzzle",
      [verify = std::move(verify)](const std::string& reference) {
        verify(reference);
        return std::string();
      },
      "[=REF]");
  options.whole<std::uint64_t>(
      "--verify-every", step.verify_every, 1, kAnyCount,
      "With --verify: recount about one puzzle in K (picked by a hash of the puzzle); run without --verify: the "
      "same for plugins' default recount (default there: " +
          std::to_string(kDefaultPluginVerifyEvery) + ")",
      ShowDefault::yes, [plugin_verify_every](std::uint64_t k) {
        if (plugin_verify_every) *plugin_verify_every = k;
      });
}

bool verify_options_agree(const Options& options, std::FILE* err) {
  if (!options.given("--verify") || !options.given("--no-verify")) return true;
  Messages(err, options.command()).error("--verify and --no-verify contradict each other");
  return false;
}

}  // namespace sudoku_bench
