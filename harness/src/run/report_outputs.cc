#include "run/report_outputs.h"

#include "report/html_format.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

std::string option_of(ReportFormat format) { return "--" + std::string(name_of(format)); }

}  // namespace

ReportOutputs::ReportOutputs(const std::vector<ReportOutput>& outputs) {
  for (const ReportOutput& o : outputs) {
    if (o.format == ReportFormat::html && !html_report_available())
      throw IoError(o.path,
                    "cannot write HTML: this sudoku-bench was built without Chart.js (libjs-chart.js; "
                    "tools/install-deps installs it)");
    outputs_.push_back({o.format, o.path == "-" ? nullptr : std::make_unique<OutputFile>(o.path, option_of(o.format))});
  }
}

std::vector<const OutputFile*> ReportOutputs::files() const {
  std::vector<const OutputFile*> files;
  for (const Opened& o : outputs_)
    if (o.file) files.push_back(o.file.get());
  return files;
}

bool ReportOutputs::writes_stdout() const {
  for (const Opened& o : outputs_)
    if (!o.file) return true;
  return false;
}

bool ReportOutputs::write(const Report& report, std::FILE* out, std::FILE* err, const char* command,
                          const Report* base) {
  return write_each(
      [&](ReportFormat format) {
        return format == ReportFormat::html ? to_html(report, base) : to_text_as(report, format);
      },
      out, err, command);
}

bool ReportOutputs::write_text(const std::string& text, std::FILE* out, std::FILE* err, const char* command) {
  return write_each([&](ReportFormat) { return text; }, out, err, command);
}

bool ReportOutputs::write_each(const std::function<std::string(ReportFormat)>& make, std::FILE* out, std::FILE* err,
                               const char* command) {
  bool written = true;
  for (Opened& o : outputs_) {
    try {
      const std::string text = make(o.format);
      if (o.file) {
        o.file->write(text);
        o.file->commit();
      } else {
        // A failed write is main()'s to name, as for everything a command prints (cli/main.cc).
        std::fwrite(text.data(), 1, text.size(), out);
      }
    } catch (const std::exception& e) {  // IoError, or a writer's own: the other outputs are still written
      Messages(err, command).error(e.what());
      written = false;
    }
  }
  return written;
}

}  // namespace sudoku_bench
