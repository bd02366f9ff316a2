// Reports as files: read back for compare and merge, written atomically by run and merge.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// A report as run wrote it, plain or gzip-compressed, from a regular file or standard input ("-"),
// read as run/report_bytes.h says. Throws IoError when `path` cannot be read (not a regular file,
// over 1 GiB, its gzip stream corrupt or cut short), ReportFormatError when it holds no report,
// ReadStopped when SIGINT or SIGTERM came while it was read.
Report read_json_file(const std::string& path);

// Writes `text` as an OutputFile does: a regular file is replaced whole or not at all. Throws IoError.
void write_text_file(const std::string& path, const std::string& text);

// write_text_file of the JSON as reports are written (json_text).
void write_json_file(const std::string& path, const nlohmann::ordered_json& json);

// Reads every path, in order, into `reports`: kExitOk, or the exit status (kExitIo, 128+N when a
// signal stopped the reading) after "sudoku-bench COMMAND: FILE: reason" on `err`.
int read_reports(const std::vector<std::string>& paths, std::vector<Report>& reports, const char* command,
                 std::FILE* err);

}  // namespace sudoku_bench
