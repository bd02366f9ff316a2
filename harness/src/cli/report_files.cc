#include "cli/report_files.h"

#include <cstdio>
#include <vector>

#include "report/report_json.h"
#include "stream/input.h"
#include "stream/output_file.h"

namespace sudoku_bench {

namespace {

// The whole text of `path`, "-" being standard input: plain or gzip (a report kept compressed,
// results/ keeps its large ones so), read by the input's own reader and its errors.
std::string read_text(const std::string& path) {
  InputFile in(path, false);
  std::string text;
  std::vector<char> block(1 << 17);
  for (std::size_t got; (got = in.read(block.data(), block.size())) > 0;) text.append(block.data(), got);
  return text;
}

}  // namespace

Report read_json_file(const std::string& path) {
  const std::string text = read_text(path);
  try {
    return from_json(nlohmann::ordered_json::parse(text));
  } catch (const nlohmann::ordered_json::exception& e) {
    throw ReportFormatError(path + ": not JSON: " + e.what());
  } catch (const ReportFormatError& e) {
    throw ReportFormatError(path + ": " + e.what());
  }
}

void write_text_file(const std::string& path, const std::string& text) {
  OutputFile out(path, "");
  out.write(text);
  out.commit();
}

void write_json_file(const std::string& path, const nlohmann::ordered_json& json) {
  write_text_file(path, json_text(json));
}

bool read_reports(const std::vector<std::string>& paths, std::vector<Report>& reports, const char* command,
                  std::FILE* err) {
  try {
    for (const std::string& path : paths) reports.push_back(read_json_file(path));
    return true;
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench %s: %s\n", command, e.what());
  } catch (const ReportFormatError& e) {
    std::fprintf(err, "sudoku-bench %s: %s\n", command, e.what());
  }
  return false;
}

}  // namespace sudoku_bench
