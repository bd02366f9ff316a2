#include "report/report_json.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "report/context_fields.h"
#include "report/json_field.h"
#include "report/pass_fields.h"
#include "report/settings_fields.h"
#include "stats/histogram.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

Json optional_json(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

// Texts read from files are UTF-8; one made here from a file's name or a CPU's may not be: its bad
// bytes are written as U+FFFD rather than lose the whole report.
std::string dumped(const Json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

void append_text(std::string& out, const Json& j, int indent) {
  const bool nested =
      j.is_object() || (j.is_array() && std::any_of(j.begin(), j.end(), [](const Json& e) { return e.is_object(); }));
  if (!nested || j.empty()) {
    out += dumped(j);
    return;
  }
  out += j.is_object() ? "{\n" : "[\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out.append(static_cast<std::size_t>(indent + 2), ' ');
    if (j.is_object()) out += dumped(Json(it.key())) + ": ";
    append_text(out, it.value(), indent + 2);
  }
  out += '\n';
  out.append(static_cast<std::size_t>(indent), ' ');
  out += j.is_object() ? '}' : ']';
}

}  // namespace

std::string json_text(const nlohmann::ordered_json& json) {
  std::string out;
  append_text(out, json, 0);
  return out + "\n";
}

nlohmann::ordered_json to_json(const Report& report) {
  const Json context = context_json(report.context);
  Json runs = Json::array();
  for (const MeasuredPass& r : report.passes) {
    Json run = pass_to_json(r);
    if (r.id.run_id.empty() && !report.run_id.empty()) run["run_id"] = report.run_id;  // measured by this run
    runs.push_back(std::move(run));
  }
  Json scaling = Json::array();
  for (const ScalingRow& row : scaling_of(report.passes)) {
    scaling.push_back({{"dataset", row.dataset},
                       {"solver", row.solver},
                       {"ranks", row.ranks},
                       {"threads", row.threads},
                       {"puzzles_per_second", row.puzzles_per_second},
                       {"speedup", optional_json(row.speedup)},
                       {"efficiency", optional_json(row.efficiency)}});
  }
  return Json{{"schema", kSchema},
              {"context", context},
              {"settings", settings_json(report.settings)},
              {"interrupted", report.interrupted},
              {"warnings", report.warnings},
              {"runs", runs},
              {"scaling", scaling}};
}

Report from_json(const nlohmann::ordered_json& json) {
  const Field root(json, "");
  if (!json.is_object() || !json.contains("schema"))
    throw ReportFormatError("not a sudoku-bench report (no \"schema\")");
  const std::string schema = root["schema"].text();
  if (schema != kSchema &&
      std::find(std::begin(kSchemasBefore), std::end(kSchemasBefore), schema) == std::end(kSchemasBefore)) {
    std::string earlier;
    for (const char* before : kSchemasBefore) earlier += (earlier.empty() ? "" : ", ") + std::string(before);
    throw ReportFormatError("schema \"" + schema + "\" is not \"" + kSchema +
                            "\" (nor an earlier one this version reads: " + earlier + ")");
  }
  Report report;
  report.context = context_from(root["context"]);
  report.settings = settings_from(root["settings"]);
  report.interrupted = root["interrupted"].boolean();
  if (root.has("warnings"))  // schema /12
    for (std::size_t i = 0, n = root["warnings"].size(); i < n; ++i)
      report.warnings.push_back(root["warnings"][i].text());

  const Field runs = root["runs"];
  for (std::size_t i = 0, n = runs.size(); i < n; ++i) report.passes.push_back(pass_from(runs[i]));
  return report;
}

}  // namespace sudoku_bench
