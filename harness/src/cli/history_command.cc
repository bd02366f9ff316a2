#include "cli/history_command.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "cli/exit_codes.h"
#include "cli/report_files.h"
#include "cli/report_outputs.h"
#include "report/history_html.h"
#include "report/units.h"
#include "stream/input.h"

namespace sudoku_bench {
namespace {

constexpr int kExitSlowerNow = 1;

// The reports named: files as given, folders' *.json files in name order.
std::vector<std::string> report_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
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

void print_series(const HistorySeries& s, const std::vector<Report>& reports, const std::vector<std::string>& names,
                  std::FILE* out) {
  const auto commit = [&](std::size_t r) {
    return reports[r].context.git_commit.substr(0, 12) + " (" + reports[r].context.date + ", " + names[r] + ")";
  };
  std::fprintf(out, "%s/%s%s/threads=%d: %zu reports, newest %s puzzles/s, %zu change%s\n", s.key.dataset.c_str(),
               s.key.solver.c_str(), s.key.ranks > 1 ? ("/ranks=" + std::to_string(s.key.ranks)).c_str() : "",
               s.key.threads, s.points.size(), format_count(s.points.back().puzzles_per_second).c_str(),
               s.changes.size(), s.changes.size() == 1 ? "" : "s");
  for (const HistoryChange& c : s.changes) {
    const std::string interval = c.low ? " [" + format_change(*c.low) + ", " + format_change(*c.high) + "]"
                                       : std::string(" [too few reports for an interval]");
    std::fprintf(out, "  %s at %s: throughput %s%s, p = %.3g\n", c.ratio < 1 ? "SLOWER" : "faster",
                 commit(c.report).c_str(), format_change(c.ratio).c_str(), interval.c_str(), c.p_value);
  }
}

}  // namespace

int history_command(const HistoryCommand& command, std::FILE* out, std::FILE* err) {
  const std::vector<std::string> files = report_files(command.paths);
  if (files.size() < 2) {
    std::fprintf(err, "sudoku-bench history: %zu report%s: a history needs 2 or more\n", files.size(),
                 files.size() == 1 ? "" : "s");
    return kExitUsage;
  }
  // The page is checked before anything is read: its folder must exist, and it must not be a report.
  std::optional<ReportOutputs> page;
  try {
    if (!command.html_path.empty()) page.emplace(std::vector<ReportOutput>{{ReportFormat::html, command.html_path}});
  } catch (const IoError& e) {
    std::fprintf(err, "sudoku-bench history: %s\n", e.what());
    return kExitIo;
  }
  if (page)
    if (const std::string conflict = output_conflicts(page->files(), files); !conflict.empty()) {
      std::fprintf(err, "sudoku-bench history: %s\n", conflict.c_str());
      return kExitUsage;
    }
  std::vector<Report> reports;
  if (!read_reports(files, reports, "history", err)) return kExitIo;
  const std::vector<HistorySeries> series = history_of(reports, history_order(reports), command.options);
  bool slower = false;
  for (const HistorySeries& s : series) {
    print_series(s, reports, files, out);
    slower |= s.slower_now();
    if (s.points.size() < 6)
      std::fprintf(err, "sudoku-bench history: note: %s/%s/threads=%d: %zu reports; a change needs 3 on each side\n",
                   s.key.dataset.c_str(), s.key.solver.c_str(), s.key.threads, s.points.size());
  }
  std::fprintf(out,
               "\nEach report counts once per series, at the median of its repetitions, in the order of its date. A "
               "change is named\nwhere the reports before and after differ by %.1f%% or more with p < %g (a "
               "permutation test of the\nlargest separation, which accounts for the places tried; 3 reports a side "
               "at least).\n",
               100 * command.options.min_change, command.options.alpha);
  if (page && !page->write_text(history_html(reports, files, series, command.options), out, err, "history"))
    return kExitIo;
  return slower ? kExitSlowerNow : kExitOk;
}

}  // namespace sudoku_bench
