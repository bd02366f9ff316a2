#include "report/formats.h"

#include <map>

#include "report/bmf_format.h"
#include "report/gbench_format.h"
#include "report/report_json.h"

namespace sudoku_bench {

std::optional<ReportFormat> report_format_named(std::string_view name) {
  if (name == "json") return ReportFormat::json;
  if (name == "gbench") return ReportFormat::gbench;
  if (name == "bmf") return ReportFormat::bmf;
  return std::nullopt;
}

std::string benchmark_name(const MeasuredPass& run) {
  return "solve/" + run.dataset + "/" + run.solver + (run.ranks > 1 ? "/ranks:" + std::to_string(run.ranks) : "") +
         "/threads:" + std::to_string(run.threads);
}

std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> runs_by_benchmark(const Report& report) {
  std::vector<std::pair<std::string, std::vector<const MeasuredPass*>>> groups;
  std::map<std::string, std::size_t> index;
  for (const MeasuredPass& r : report.runs) {
    if (!r.complete) continue;
    const std::string name = benchmark_name(r);
    auto [it, fresh] = index.try_emplace(name, groups.size());
    if (fresh) groups.push_back({name, {}});
    groups[it->second].second.push_back(&r);
  }
  return groups;
}

nlohmann::ordered_json to_json_as(const Report& report, ReportFormat format) {
  switch (format) {
    case ReportFormat::gbench:
      return to_gbench_json(report);
    case ReportFormat::bmf:
      return to_bmf_json(report);
    case ReportFormat::json:
      break;
  }
  return to_json(report);
}

}  // namespace sudoku_bench
