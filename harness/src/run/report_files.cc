#include "run/report_files.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "report/report_json.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/report_bytes.h"
#include "stream/output_file.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {

namespace {

using Json = nlohmann::ordered_json;

// The JSON of `text`, refusing an object that names a key twice: a parser keeps one of the two
// silently (nlohmann the last, others the first), so that two readers would read two reports.
Json parse_report(const std::vector<char>& text) {
  std::vector<std::set<std::string>> open;  // the keys of each object being read, innermost last
  const Json::parser_callback_t once = [&open](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) open.emplace_back();
    if (event == Json::parse_event_t::object_end) open.pop_back();
    if (event == Json::parse_event_t::key && !open.back().insert(parsed.get<std::string>()).second)
      throw ReportFormatError("the key \"" + parsed.get<std::string>() +
                              "\" is given twice in one object (a reader would keep one of them silently)");
    return true;
  };
  return Json::parse(text, once);
}

// The parser's sentence without its tag ("[json.exception.parse_error.101] "): the user reads what
// is wrong, not the library's error number.
std::string untagged(const std::string& what) {
  const std::size_t tag_end = what.rfind("] ", what.find(' '));
  return what.starts_with("[json.exception.") && tag_end != std::string::npos ? what.substr(tag_end + 2) : what;
}

// Why `text` is no report: a page (an HTML report, given where its JSON goes) is named as one.
std::string not_a_report(const std::vector<char>& text, const nlohmann::ordered_json::exception& e) {
  const auto first =
      std::find_if(text.begin(), text.end(), [](char c) { return !std::isspace(static_cast<unsigned char>(c)); });
  if (first != text.end() && *first == '<') return "an HTML page, not a report: give the JSON that run --json wrote";
  if (dynamic_cast<const nlohmann::ordered_json::parse_error*>(&e))
    return "not a report, not JSON: " + untagged(e.what());
  return "not a report: " + untagged(e.what());
}

}  // namespace

Report read_json_file(const std::string& path) {
  // Plain or gzip (results/ keeps its large reports compressed).
  const std::vector<char> text = read_report_bytes(path, &interrupt_requested());
  try {
    return from_json(parse_report(text));
  } catch (const nlohmann::ordered_json::exception& e) {
    throw ReportFormatError(path + ": " + not_a_report(text, e));
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

int read_reports(const std::vector<std::string>& paths, std::vector<Report>& reports, const char* command,
                 std::FILE* err) {
  try {
    for (const std::string& path : paths) reports.push_back(read_json_file(path));
    return kExitOk;
  } catch (const IoError& e) {
    Messages(err, command).error(e.what());
  } catch (const ReportFormatError& e) {
    Messages(err, command).error(e.what());
  } catch (const std::bad_alloc&) {
    // A report near the size limit under a memory limit (ulimit -v): said, not an abort.
    Messages(err, command)
        .errorf("%s: not enough memory to read it",
                (paths[reports.size()] == "-" ? "<stdin>" : paths[reports.size()]).c_str());
  } catch (const ReadStopped& e) {
    const int signal = interrupt_signal();
    Messages(err, command).errorf("interrupted by signal %d while reading %s", signal, e.what());
    return kExitInterrupted + signal;
  }
  return kExitIo;
}

}  // namespace sudoku_bench
