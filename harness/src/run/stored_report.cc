#include "run/stored_report.h"

#include <algorithm>
#include <optional>

#include "run/exit_codes.h"
#include "run/report_files.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {

int report_command(const ReportCommand& command, std::FILE* out, std::FILE* err) {
  if (command.outputs.empty()) {
    Messages(err, "report").error("no output: give --json, --gbench, --bmf, --markdown, --csv or --html PATH");
    return kExitUsage;
  }
  if (std::count_if(command.outputs.begin(), command.outputs.end(),
                    [](const ReportOutput& o) { return o.path == "-"; }) > 1) {
    Messages(err, "report").error("only one output can be standard output (-)");
    return kExitUsage;
  }
  if (!command.base_path.empty() &&
      std::none_of(command.outputs.begin(), command.outputs.end(),
                   [](const ReportOutput& o) { return o.format == ReportFormat::html; })) {
    Messages(err, "report").error("--base is for the HTML page: give --html PATH");
    return kExitUsage;
  }
  // The outputs are checked before anything is read: their folders must exist, and none may be the input.
  std::optional<ReportOutputs> outputs;
  try {
    outputs.emplace(command.outputs);
  } catch (const IoError& e) {
    Messages(err, "report").error(e.what());
    return kExitIo;
  }
  std::vector<std::string> inputs = {command.input};
  if (!command.base_path.empty()) inputs.push_back(command.base_path);
  if (const std::string conflict = output_conflicts(outputs->files(), inputs); !conflict.empty()) {
    Messages(err, "report").error(conflict);
    return kExitUsage;
  }
  std::vector<Report> reports;
  if (const int status = read_reports(inputs, reports, "report", err); status != kExitOk) return status;
  const Report* base = reports.size() > 1 ? &reports[1] : nullptr;
  return outputs->write(reports.front(), out, err, "report", base) ? kExitOk : kExitIo;
}

}  // namespace sudoku_bench
