#include "run/judged_reports.h"

#include "report/comparison_formats.h"
#include "report/comparison_text.h"
#include "report/report_json.h"
#include "run/exit_codes.h"
#include "sys/message.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

// The run id both reports' passes share, when one run made both (a report compared with itself); "".
std::string same_run(const Report& base, const Report& current) {
  if (base.passes.empty() || base.passes.size() != current.passes.size()) return "";
  for (std::size_t i = 0; i < base.passes.size(); ++i)
    if (base.passes[i].id.run_id.empty() || base.passes[i].id.run_id != current.passes[i].id.run_id ||
        base.passes[i].id.sequence != current.passes[i].id.sequence)
      return "";
  return base.passes.front().id.run_id;
}

// False when the two reports' contexts differ and the command does not allow it; says so on `err`.
bool contexts_comparable(const Report& base, const Report& current, const JudgedReports& j, std::FILE* err) {
  const auto mismatches = context_mismatches(base, current);
  if (mismatches.empty()) return true;
  // One message, its lines together: the differences under the line that says what they are.
  std::string text = j.allow_context_mismatch ? "comparing" : "refusing to compare";
  text += " results from different contexts:";
  for (const std::string& m : mismatches) text += "\n  " + m;
  if (!j.allow_context_mismatch)
    text += "\nDifferences there are not the code's. --allow-context-mismatch compares them anyway.";
  Messages(err, j.command).say(j.allow_context_mismatch ? MessageKind::warning : MessageKind::error, text);
  return j.allow_context_mismatch;
}

// The options as judged: --gate cpu falls back to wall time where a report's passes have no CPU
// time, named with the pass, so that a report edited or written before cpu_seconds was recorded
// never changes the verdict's figure unseen.
CompareOptions gated(const JudgedReports& j, const Report& base, const Report& current, std::FILE* err) {
  CompareOptions judged = j.options;
  // Instruction reports are judged on their counts; their CPU times are valgrind's.
  if (judged.gate != GateTime::cpu || base.settings.measure == Measure::instructions) return judged;
  const std::pair<const std::string*, const Report*> sides[] = {{&j.base_path, &base}, {&j.current_path, &current}};
  for (const auto& [path, report] : sides)
    if (const std::string missing = missing_cpu_time(*report); !missing.empty()) {
      Messages(err, j.command)
          .warningf(
              "%s: %s (not recorded: written before cpu_seconds was, or edited): judged on wall time, as --gate wall",
              path->c_str(), missing.c_str());
      judged.gate = GateTime::wall;
    }
  return judged;
}

// 1 for a slower pair; with --strict, also for one that may have got slower but the reports' noise
// leaves in doubt (a CI gate that must not pass what it could not judge). Else 0: "cannot tell" is
// no regression found, and a gate that failed on every noisy runner would be switched off.
int status_of(int slower, const Comparison& c, bool strict) {
  if (slower) return kExitSlower;
  if (strict)
    for (const PairComparison& pair : c.pairs)
      if (pair.verdict() == Verdict::cannot_tell && pair.gated_metric().slowdown > 0) return kExitSlower;
  return kExitOk;
}

// The notes compare_reports leaves to its caller; false when no pair is left to judge.
bool say_pairing(const Comparison& c, const char* command, std::FILE* err) {
  if (!c.paired_solvers.first.empty())
    Messages(err, command)
        .notef("each report measured one solver: BASE's %s against NEW's %s", c.paired_solvers.first.c_str(),
               c.paired_solvers.second.c_str());
  for (const std::string& name : c.only_base) Messages(err, command).errorf("only in BASE: %s", name.c_str());
  for (const std::string& name : c.only_current) Messages(err, command).errorf("only in NEW: %s", name.c_str());
  if (!c.pairs.empty()) return true;
  Messages(err, command).error("no (dataset, solver, threads) in common: nothing to compare");
  return false;
}

}  // namespace

int judge_reports(const Report& base, const Report& current, const JudgedReports& j, std::FILE* out, std::FILE* err) {
  // No option compares these: their figures are of different things.
  if (const std::string why = measure_mismatch(base, current); !why.empty()) {
    Messages(err, j.command).errorf("refusing to compare: %s", why.c_str());
    return kExitUsage;
  }
  for (const std::string& w : counter_warnings(base, current)) Messages(err, j.command).warning(w);
  if (!contexts_comparable(base, current, j, err)) return kExitUsage;
  if (const std::string same = same_run(base, current); !same.empty())
    Messages(err, j.command)
        .notef("BASE and NEW are the same run (run id %s): it is compared with itself, so every change is 0",
               same.c_str());
  if (j.options.paired) {
    const std::vector<std::string> unequal = unequal_repetitions(base, current);
    for (const std::string& line : unequal)
      Messages(err, j.command).errorf("--paired: %s (rounds pair by number: both sides need as many)", line.c_str());
    if (!unequal.empty()) return kExitUsage;
  }
  const CompareOptions judged = gated(j, base, current, err);
  const Comparison c = compare_reports(base, current, judged);
  if (!say_pairing(c, j.command, err)) return kExitUsage;
  const ComparedSide b{j.base_path, base.context.git_commit, base.context.date},
      n{j.current_path, current.context.git_commit, current.context.date};
  if (j.json) *j.json = json_text(comparison_json(c, judged, b, n));
  if (j.markdown) *j.markdown = comparison_markdown(c, judged, b, n);
  if (j.format != CompareFormat::text) {
    const std::string text = j.format == CompareFormat::json ? json_text(comparison_json(c, judged, b, n))
                                                             : comparison_markdown(c, judged, b, n);
    std::fputs(text.c_str(), out);
    // The verdicts are in the document.
    return status_of(print_comparison_text(c, judged, nullptr, err), c, j.strict);
  }
  // The answer first, as ab gives it; the table it rests on after.
  print_fitted(out, verdict_line(c, "BASE", "NEW") + "\n\n");
  print_comparison_head(out, base, j.base_path, current, j.current_path, c);
  return status_of(print_comparison_text(c, judged, out, err), c, j.strict);
}

}  // namespace sudoku_bench
