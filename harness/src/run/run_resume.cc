#include "run/run_resume.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "report/context_fields.h"
#include "report/field_table.h"
#include "report/settings_fields.h"
#include "run/exit_codes.h"
#include "run/report_files.h"
#include "stream/input.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// The processes that measured a report, from its context.ranks (empty for one process).
std::string processes_text(std::size_t ranks) {
  return ranks == 0 ? "1 process" : std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks");
}

// How `file` differs from the file `pass` read: "" when it is the same, or either is not known.
std::string changed_since(const MeasuredPass& pass, const std::string& file) {
  const std::optional<InputStamp> now = pass.id.input ? input_stamp(file) : std::nullopt;
  if (!now) return "";
  const InputStamp& was = *pass.id.input;
  if (now->size != was.size)
    return "it was " + std::to_string(was.size) + " bytes, it is " + std::to_string(now->size) + " bytes";
  if (now->fingerprint != was.fingerprint)
    return "its bytes differ (fingerprint " + was.fingerprint + ", now " + now->fingerprint + ")";
  if (now->modified_ns != was.modified_ns) return "it was written to since (its modification time changed)";
  return "";
}

}  // namespace

int RunResume::read() {
  int status = kExitOk;
  if (!command_.resume.empty() && measuring_.leader()) {
    if (access(command_.resume.c_str(), F_OK) == 0) {
      std::vector<Report> reports;
      status = read_reports({command_.resume}, reports, "run", err_);
      if (status == kExitOk) resumed_ = std::move(reports.front());
    } else if (errno != ENOENT) {  // not "not there yet": a report that exists may not be lost
      Messages(err_, "run").errorf("--resume %s: %s", command_.resume.c_str(), std::strerror(errno));
      status = kExitIo;
    }
  }
  return measuring_.agree(status);
}

// Its passes and the new ones must be one measurement.
int RunResume::check(const Report& report) {
  std::string problem_text;
  if (resumed_) problem_text = problem(*resumed_, report);
  if (!problem_text.empty())
    Messages(err_, "run")
        .errorf("--resume %s: the report %s; give another --json, or measure afresh", command_.resume.c_str(),
                problem_text.c_str());
  return measuring_.agree(problem_text.empty() ? kExitOk : kExitUsage);
}

std::string RunResume::problem(const Report& resumed, const Report& report) const {
  if (const auto* field = first_difference(context_fields(), resumed.context, report.context, Agree::merge))
    return "comes from another build or machine: " +
           difference_text("context", *field, resumed.context, report.context);
  if (resumed.context.ranks != report.context.ranks)
    return "was measured by other ranks (" + processes_text(resumed.context.ranks.size()) + " against " +
           processes_text(report.context.ranks.size()) + " here, or on other machines)";
  if (const auto* s = first_difference(settings_fields(), resumed.settings, report.settings, Agree::merge))
    return "was measured with other settings: " + difference_text("settings", *s, resumed.settings, report.settings);
  if (resumed.settings.solvers != report.settings.solvers || resumed.settings.threads != report.settings.threads ||
      resumed.settings.shard != report.settings.shard ||
      resumed.settings.min_time_seconds != report.settings.min_time_seconds)
    return "was measured with other solvers, thread counts, shard or --min-time";
  // Its passes would be dropped and the file overwritten with another run's: refused whole.
  for (const MeasuredPass& p : resumed.passes) {
    const auto given = std::find_if(command_.files.begin(), command_.files.end(),
                                    [&](const std::string& file) { return same_file(file, p.id.path); });
    if (given == command_.files.end()) return "measured other files (" + p.id.path + ", not given here)";
    // Passes of the old file and the new would be averaged as one file's.
    if (const std::string change = changed_since(p, *given); !change.empty())
      return "measured " + p.id.path + " as it was before it changed: " + change;
    if (p.id.repetition > command_.repeats.repetitions)
      return "holds repetition " + std::to_string(p.id.repetition) + " of " + p.id.dataset + " " + p.id.solver +
             " at " + std::to_string(p.threads) + " threads, which --repetitions " +
             std::to_string(command_.repeats.repetitions) +
             " would drop (a resumed report only gains passes: give --repetitions " +
             std::to_string(resumed.settings.repetitions) + " or more)";
  }
  return "";
}

const MeasuredPass* RunResume::pass(const PlannedPass& planned, const FileSolverPasses& passes, bool complete) const {
  if (!resumed_) return nullptr;
  for (const MeasuredPass& p : resumed_->passes)
    if (p.complete == complete && p.id.path == passes.file() && p.id.solver == passes.solver_name() &&
        p.threads == planned.threads.get() && p.id.repetition == planned.repetition &&
        p.split.ranks == measuring_.ranks())
      return &p;
  return nullptr;
}

void RunResume::keep(const std::vector<PlannedPass>& plan, const std::vector<std::unique_ptr<FileSolverPasses>>& arms) {
  if (command_.resume.empty()) return;
  kept_.assign(plan.size(), false);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    kept_[i] = measuring_.agree(pass(plan[i], *arms[plan[i].passes]) != nullptr) != 0;
    kept += kept_[i];
  }
  if (resumed_ && measuring_.leader())
    Messages(err_, "run")
        .errorf("--resume %s: %zu of %zu passes kept, %zu to measure", command_.resume.c_str(), kept, plan.size(),
                plan.size() - kept);
}

}  // namespace sudoku_bench
