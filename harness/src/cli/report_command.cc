#include "cli/report_command.h"

#include <algorithm>
#include <optional>

#include "cli/exit_codes.h"
#include "cli/report_files.h"
#include "stream/input.h"

namespace sudoku_bench {

int report_command(const ReportCommand& command, std::FILE* out, std::FILE* err) {
  if (command.outputs.empty()) {
    std::fprintf(err,
                 "sudoku-bench report: no output: give --json, --gbench, --bmf, --markdown, --csv or --html PATH\n");
    return kExitUsage;
  }
  if (std::count_if(command.outputs.begin(), command.outputs.end(),
                    [](const ReportOutput& o) { return o.path == "-"; }) > 1) {
    std::fprintf(err, "sudoku-bench report: only one output can be standard output (-)\n");
    return kExitUsage;
  }
  // The outputs are checked before anything is read: their folders must exist, and none may be the input.
  std::optional<ReportOutputs> outputs;
  try {
    outputs.emplace(command.outputs);
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench report: %s\n", e.what());
    return kExitIo;
  }
  if (const std::string conflict = output_conflicts(outputs->files(), {command.input}); !conflict.empty()) {
    std::fprintf(err, "sudoku-bench report: %s\n", conflict.c_str());
    return kExitUsage;
  }
  std::vector<Report> reports;
  if (!read_reports({command.input}, reports, "report", err)) return kExitIo;
  return outputs->write(reports.front(), out, err, "report") ? kExitOk : kExitIo;
}

}  // namespace sudoku_bench
