// run's writer: the reports (--json and the other formats, run/report_outputs.h) and the
// --per-puzzle rows, each checked and made ready before anything is measured; the table and the
// reports written by the leader alone at the end, or handed to a supervisor; and under MPI, the
// --json report written again after every pass.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "report/report.h"
#include "run/pass_link.h"
#include "run/pass_measuring.h"
#include "run/report_outputs.h"
#include "run/run.h"
#include "stream/output_file.h"
#include "stream/per_puzzle_rows.h"

namespace sudoku_bench {

class RunWriter {
 public:
  RunWriter(const RunCommand& command, PassMeasuring& measuring, std::FILE* out, std::FILE* err)
      : command_(command), measuring_(measuring), out_(out), err_(err) {}

  // Every output checked and opened at the leader; the exit status every rank returns.
  int open();
  // The --per-puzzle rows started, when asked for: rows() is their writer from then on.
  void start_rows();
  PerPuzzleRows* rows() const { return rows_.get(); }

  // MPI ranks have no supervisor, and a rank that dies ends them all (mpirun, srun): the leader
  // writes the --json report again after every pass, `head` with the passes `measured` so far
  // (each with its place in the command line's order), marked interrupted until the end.
  void checkpoint(const Report& head, const std::vector<std::pair<std::size_t, MeasuredPass>>& measured);
  // The table, then each output; each fails alone, named, and the others are still written.
  void write(const Report& report);
  // Under a supervisor: the per-puzzle rows are closed here, the rest is the supervisor's to write.
  void hand_over(PassLink& link, bool interrupted);
  // An output failed (said).
  bool failed() const { return failed_; }

 private:
  const RunCommand& command_;
  PassMeasuring& measuring_;
  std::FILE* out_;
  std::FILE* err_;
  std::optional<ReportOutputs> reports_;
  std::optional<OutputFile> rows_out_;
  std::unique_ptr<PerPuzzleRows> rows_;
  bool checkpoint_failed_ = false;
  bool failed_ = false;
};

}  // namespace sudoku_bench
