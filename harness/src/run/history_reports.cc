#include "run/history_reports.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "report/history_html.h"
#include "report/history_text.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/report_files.h"
#include "run/report_outputs.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// The reports named: files as given, folders' *.json files in name order. `missing` receives the
// first path that names nothing.
std::vector<std::string> report_files(const std::vector<std::string>& paths, std::string& missing) {
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (!std::filesystem::exists(p, ec) && p != "-" && missing.empty()) missing = p;
    if (!std::filesystem::is_directory(p, ec)) {
      files.push_back(p);
      continue;
    }
    std::vector<std::string> in_folder;
    for (const auto& entry : std::filesystem::directory_iterator(p, ec))
      if (const std::string name = entry.path().filename().string();
          name.ends_with(".json") || name.ends_with(".json.gz"))
        in_folder.push_back(entry.path().string());
    std::sort(in_folder.begin(), in_folder.end());
    files.insert(files.end(), in_folder.begin(), in_folder.end());
  }
  return files;
}

// Each measurement once: a copy of a report (or its .gz) is dropped, said on `err`.
int counted_once(const std::vector<std::string>& files, std::vector<Report>& reports, std::vector<std::string>& names,
                 std::FILE* err) {
  const std::vector<std::optional<std::size_t>> repeats = repeated_reports(reports);
  std::vector<Report> kept;
  for (std::size_t r = 0; r < reports.size(); ++r) {
    if (repeats[r]) {
      Messages(err, "history")
          .notef("%s holds the passes of %s (the same run ids): counted once", files[r].c_str(),
                 files[*repeats[r]].c_str());
      continue;
    }
    kept.push_back(std::move(reports[r]));
    names.push_back(files[r]);
  }
  reports = std::move(kept);
  if (reports.size() >= 2) return kExitOk;
  Messages(err, "history")
      .errorf("%zu distinct report%s: a history needs 2 or more", reports.size(), reports.size() == 1 ? "" : "s");
  return kExitUsage;
}

}  // namespace

int history_command(const HistoryCommand& command, std::FILE* out, std::FILE* err) {
  std::string missing;
  const std::vector<std::string> files = report_files(command.paths, missing);
  if (!missing.empty()) {
    Messages(err, "history").errorf("%s: cannot open: no such file or folder", missing.c_str());
    return kExitIo;
  }
  if (files.size() < 2) {
    Messages(err, "history")
        .errorf("%zu report%s in %s: a history needs 2 or more (files, or folders of *.json and *.json.gz)",
                files.size(), files.size() == 1 ? "" : "s", join(command.paths, " ").c_str());
    return kExitUsage;
  }
  // The page is checked before anything is read: its folder must exist, and it must not be a report.
  std::optional<ReportOutputs> page;
  try {
    if (!command.html_path.empty()) page.emplace(std::vector<ReportOutput>{{ReportFormat::html, command.html_path}});
  } catch (const IoError& e) {
    Messages(err, "history").error(e.what());
    return kExitIo;
  }
  if (page)
    if (const std::string conflict = output_conflicts(page->files(), files); !conflict.empty()) {
      Messages(err, "history").error(conflict);
      return kExitUsage;
    }
  std::vector<Report> reports;
  if (const int status = read_reports(files, reports, "history", err); status != kExitOk) return status;
  std::vector<std::string> names;
  if (const int status = counted_once(files, reports, names, err); status != kExitOk) return status;
  if (const std::string why = history_mismatch(reports, names); !why.empty()) {
    Messages(err, "history").errorf("refusing: %s", why.c_str());
    return kExitUsage;
  }
  for (std::size_t r = 1; r < reports.size(); ++r)
    for (const std::string& w : counter_warnings(reports[r - 1], reports[r]))
      Messages(err, "history").warningf("%s against %s: %s", names[r - 1].c_str(), names[r].c_str(), w.c_str());
  std::vector<std::size_t> order;
  try {
    order = history_order(reports, names, command.options);
  } catch (const std::invalid_argument& e) {
    Messages(err, "history").errorf("--by: %s", e.what());
    return kExitUsage;
  }
  const std::vector<HistorySeries> series = history_of(reports, order, command.options);
  const bool slower = print_history_text(series, reports, names, command.options, out);
  if (page && !page->write_text(history_html(reports, names, series, command.options), out, err, "history"))
    return kExitIo;
  return slower ? kExitSlower : kExitOk;
}

}  // namespace sudoku_bench
