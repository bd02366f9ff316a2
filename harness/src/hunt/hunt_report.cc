#include "hunt/hunt_report.h"

#include <cstdio>

namespace sudoku_bench {
namespace {

const char* measure_name(HuntMeasure m) { return m == HuntMeasure::nodes ? "nodes" : "ns"; }

std::string count_field(const sudoku::SolveResult& r) { return r.aborted ? "aborted" : std::to_string(r.solutions); }

std::string describe(const Found& f, bool with_time) {
  std::string s = "nodes " + std::to_string(f.result.nodes) + ", guesses " + std::to_string(f.result.guesses) +
                  ", count " + std::to_string(f.result.solutions);
  if (f.result.aborted) s += ", aborted";
  if (with_time) s += ", time " + std::to_string(f.time_ns) + " ns";
  return s;
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

std::string hunt_summary(const HuntResult& result, const HuntOptions& options, const HuntContext& context) {
  const bool timed = options.by == HuntMeasure::time;
  std::string s;
  s += "hunt " + std::string(context.interrupted ? "interrupted" : "done") + ": " + std::to_string(result.evaluations) +
       " evaluations on " + std::to_string(result.threads) + (result.threads == 1 ? " thread: " : " threads: ") +
       std::to_string(result.counts[kUnique]) + " unique, " + std::to_string(result.counts[kMultiple]) + " multiple, " +
       std::to_string(result.counts[kNone]) + " none, " + std::to_string(result.counts[kAborted]) + " aborted\n";
  s += "time " + fixed(result.seconds, 3) + " s, " +
       fixed(result.seconds > 0 ? static_cast<double>(result.evaluations) / result.seconds : 0, 0) + " evaluations/s\n";
  s += "time: the best so far (seconds, evaluations, " + std::string(measure_name(options.by)) + ")\n";
  for (const Improvement& i : result.improvements)
    s += "time " + fixed(i.seconds, 3) + " " + std::to_string(i.evaluations) + " " + std::to_string(i.measure) + "\n";
  const char* names[3] = {"unsolvable", "unique", "multiple"};
  const CountClass order[3] = {kUnique, kMultiple, kNone};
  for (CountClass c : order) {
    if (options.unique && c != kUnique) {  // evaluated, not kept: a "largest multiple" would read as kept
      s += "largest " + std::string(names[c]) + ": not kept (--unique)\n";
      continue;
    }
    const auto& f = result.largest[static_cast<std::size_t>(c)];
    s += "largest " + std::string(names[c]) + ": ";
    // The puzzle on a line of its own: whole, however narrow the terminal, to copy as it is.
    s += f ? describe(*f, timed) + ":\n" + sudoku::to_string(f->puzzle) : "none found";
    s += "\n";
  }
  return s;
}

std::string hunt_checks_file(const HuntResult& result, const HuntOptions& options, const HuntContext& context) {
  const bool climb = options.method == HuntMethod::climb;
  std::string s;
  s += "# sudoku-bench hunt: the puzzles that made the solver work hardest, hardest first (a checks file)\n";
  s += "# command: " + context.command_line + "\n";
  s += "# solver: " + context.solver + "\n";
  s += "# seed " + std::to_string(options.seed) + ", threads " + std::to_string(result.threads) + ", method " +
       (climb ? "climb" : "random") + ", by " + (options.by == HuntMeasure::nodes ? "nodes" : "time") + ", box " +
       std::to_string(options.box) + ", node limit " + std::to_string(options.node_limit) + ", top " +
       std::to_string(options.top) + (options.unique ? ", unique only" : "") +
       (climb ? ", restart after " + std::to_string(options.restart_after) : "") + "\n";
  s += "# bounds: evaluations " + (options.evaluations ? std::to_string(options.evaluations) : std::string("none")) +
       ", seconds " + (options.seconds > 0 ? fixed(options.seconds, 3) : std::string("none")) + "\n";
  for (const Found& f : result.top) {
    s += "# " + describe(f, options.by == HuntMeasure::time) + "\n";
    s += sudoku::to_string(f.puzzle) + ":" + count_field(f.result) + "\n";
  }
  const std::string summary = hunt_summary(result, options, context);
  for (std::size_t at = 0; at < summary.size();) {
    const std::size_t end = summary.find('\n', at);
    s += "# " + summary.substr(at, end - at + 1);
    at = end + 1;
  }
  return s;
}

}  // namespace sudoku_bench
