#include "run/run_writer.h"

#include <algorithm>

#include "report/formats.h"
#include "report/report_table.h"
#include "run/exit_codes.h"
#include "stream/input.h"
#include "sys/message.h"

namespace sudoku_bench {

int RunWriter::open() {
  int status = kExitOk;
  if (measuring_.leader()) {
    try {
      // Checked here even under a supervisor, which writes them (nothing is made before writing).
      reports_.emplace(command_.outputs);
      // zlib's fastest level for the rows: the serial sink compresses them while passes are measured
      if (!command_.per_puzzle_path.empty()) rows_out_.emplace(command_.per_puzzle_path, "--per-puzzle", 1);
      std::vector<const OutputFile*> outputs = reports_->files();
      if (rows_out_) outputs.push_back(&*rows_out_);
      if (const std::string conflict = output_conflicts(outputs, command_.files); !conflict.empty()) {
        Messages(err_, "run").error(conflict);
        status = kExitUsage;
      }
    } catch (const IoError& e) {
      Messages(err_, "run").error(e.what());
      status = kExitIo;
    }
  }
  return measuring_.agree(status);
}

void RunWriter::start_rows() {
  if (rows_out_) rows_ = std::make_unique<PerPuzzleRows>(*rows_out_);
}

void RunWriter::checkpoint(const Report& head, const std::vector<std::pair<std::size_t, MeasuredPass>>& measured) {
  if (!measuring_.split() || !measuring_.leader() || checkpoint_failed_) return;
  std::vector<const std::pair<std::size_t, MeasuredPass>*> in_order;
  for (const auto& m : measured) in_order.push_back(&m);
  std::stable_sort(in_order.begin(), in_order.end(), [](auto* a, auto* b) { return a->first < b->first; });
  Report partial = head;
  for (const auto* m : in_order) partial.passes.push_back(m->second);
  partial.interrupted = true;
  for (const ReportOutput& o : command_.outputs) {
    // Written once: standard output, a pipe, a FIFO or a device would get one report a pass.
    if (o.format != ReportFormat::json || o.path == "-" || read_once(o.path)) continue;
    try {
      OutputFile file(o.path, "--json");
      file.write(to_text_as(partial, o.format));
      file.commit();
    } catch (const IoError& e) {  // said once; the report is still written at the end
      Messages(err_, "run").warningf("%s: the passes so far are not kept as they are measured", e.what());
      checkpoint_failed_ = true;
    }
  }
}

void RunWriter::write(const Report& report) {
  // Standard output holds a report written there, alone: the table goes to stderr then.
  std::FILE* table = reports_->writes_stdout() ? err_ : out_;
  print_table(table, report);
  std::fflush(table);
  if (rows_) {
    try {
      rows_->close();
    } catch (const IoError& e) {
      Messages(err_, "run").error(e.what());
      failed_ = true;
    }
  }
  if (!reports_->write(report, out_, err_, "run")) failed_ = true;
}

void RunWriter::hand_over(PassLink& link, bool interrupted) {
  try {
    if (rows_) rows_->close();
  } catch (const IoError& e) {
    Messages(err_, "run").error(e.what());
    failed_ = true;
  }
  link.end(interrupted);
}

}  // namespace sudoku_bench
