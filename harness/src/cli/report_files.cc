#include "cli/report_files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "report/report_json.h"
#include "stream/input.h"
#include "stream/output_file.h"

namespace sudoku_bench {

namespace {

// The whole text of `path`, "-" being standard input.
std::string read_text(const std::string& path) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    if (std::cin.bad()) throw IoError("<stdin>", std::string("cannot read: ") + std::strerror(errno));
    return text.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw IoError(path, "cannot read: Is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(path, std::string("cannot open: ") + std::strerror(errno));
  text << in.rdbuf();
  if (in.bad()) throw IoError(path, std::string("cannot read: ") + std::strerror(errno));
  return text.str();
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
