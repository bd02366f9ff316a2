// run --resume REPORT: the report a run takes up, read by rank 0 (a rank on another node may not
// see it), refused unless it comes from this run's build, machine, settings and files, and the
// planned passes it already holds, kept on every rank as rank 0 found them.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "report/report.h"
#include "run/pass_measuring.h"
#include "run/run.h"
#include "run/run_plan.h"

namespace sudoku_bench {

class RunResume {
 public:
  RunResume(const RunCommand& command, PassMeasuring& measuring, std::FILE* err)
      : command_(command), measuring_(measuring), err_(err) {}

  // The report read, when there is one; the exit status every rank returns. Read before any
  // solver is loaded: a plugin may move the working directory.
  int read();
  // The report read must match `report`, this run's head; the exit status every rank returns.
  int check(const Report& report);
  // Which of `plan`'s passes (over `arms`) are kept, said once.
  void keep(const std::vector<PlannedPass>& plan, const std::vector<std::unique_ptr<FileSolverPasses>>& arms);

  // The report read (rank 0), or none.
  const std::optional<Report>& report() const { return resumed_; }
  // Planned pass `i` is kept: not measured again.
  bool kept(std::size_t i) const { return i < kept_.size() && kept_[i]; }
  // The complete pass of the report read that `planned` (of `passes`) would measure again, or null;
  // or with `complete` false, its pass cut short.
  const MeasuredPass* pass(const PlannedPass& planned, const FileSolverPasses& passes, bool complete = true) const;

 private:
  std::string problem(const Report& resumed, const Report& report) const;

  const RunCommand& command_;
  PassMeasuring& measuring_;
  std::FILE* err_;
  std::optional<Report> resumed_;  // rank 0's
  std::vector<bool> kept_;         // the planned passes kept (in the plan's order), on every rank
};

}  // namespace sudoku_bench
