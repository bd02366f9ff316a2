// Where a command writes its report, in which formats: run (--json with --format, and one option
// per format) and report (one option per format; cli/command_state.h declares them). Each output is
// checked before anything is measured or read, and written alone: one that fails is named, and the
// others are still written.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "report/formats.h"
#include "stream/output_file.h"

namespace sudoku_bench {

// "-" is standard output.
struct ReportOutput {
  ReportFormat format = ReportFormat::json;
  std::string path;

  bool operator==(const ReportOutput&) const = default;
};

class ReportOutputs {
 public:
  // Opens every output but "-" (OutputFile): throws IoError naming the one that cannot be written.
  explicit ReportOutputs(const std::vector<ReportOutput>& outputs);

  // The files among them, for output_conflicts.
  std::vector<const OutputFile*> files() const;
  // Whether one of them is standard output (then nothing else may print there).
  bool writes_stdout() const;
  // Writes `report` to each, "-" to `out`; a failure is said on `err` as "sudoku-bench COMMAND: why".
  // An HTML page shows `report` against `base` when there is one. False when one failed.
  bool write(const Report& report, std::FILE* out, std::FILE* err, const char* command, const Report* base = nullptr);
  // Writes `text`, made by the caller, to each output, as write() does.
  bool write_text(const std::string& text, std::FILE* out, std::FILE* err, const char* command);

 private:
  bool write_each(const std::function<std::string(ReportFormat)>& make, std::FILE* out, std::FILE* err,
                  const char* command);
  struct Opened {
    ReportFormat format;
    std::unique_ptr<OutputFile> file;  // none for standard output
  };
  std::vector<Opened> outputs_;
};

}  // namespace sudoku_bench
