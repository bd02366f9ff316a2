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
#include "report/settings_fields.h"
#include "stats/histogram.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

// Pairs [slot, count], the slots of stats/histogram.h: a few hundred per distribution at most.
Json buckets_json(const Summary& s) {
  if (!s.buckets_kept) return nullptr;
  Json out = Json::array();
  for (const auto& [slot, n] : s.buckets) out.push_back(Json::array({slot, n}));
  return out;
}

Json summary_json(const Summary& s) {
  Json percentiles = Json::object();
  for (std::size_t i = 0; i < kPercentiles.size(); ++i)
    percentiles[std::string(kPercentileNames[i])] = s.percentiles[i];
  return Json{{"min", s.min},
              {"mean", s.mean},
              {"stddev", s.stddev},
              {"max", s.max},
              {"percentiles", percentiles},
              {"log2_counts", s.log2_counts},
              {"buckets", buckets_json(s)}};
}

Json optional_json(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

Json tail_figure_json(const std::vector<TailPoint>& points) {
  if (points.empty()) return nullptr;
  Json max = Json::array(), p999 = Json::array();
  for (const TailPoint& p : points) {
    max.push_back(p.max);
    p999.push_back(p.p999 ? Json(*p.p999) : Json(nullptr));
  }
  return {{"max", max}, {"p99.9", p999}};
}

// One list of record counts for both figures: they follow the same records.
Json tail_growth_json(const MeasuredPass& r) {
  const std::vector<TailPoint>& points = r.tail_tree_size.empty() ? r.tail_latency_ns : r.tail_tree_size;
  if (points.empty()) return nullptr;
  Json records = Json::array();
  for (const TailPoint& p : points) records.push_back(p.records);
  return {{"records", records},
          {"latency_ns", tail_figure_json(r.tail_latency_ns)},
          {"tree_size", tail_figure_json(r.tail_tree_size)}};
}

// Adds `n` to `total`, or fails naming `field` when the sum would pass 2^64 - 1.
void add_count(std::uint64_t& total, std::uint64_t n, const Field& field, const char* what) {
  if (n > UINT64_MAX - total) field.fail_field(std::string(what) + " add up to more than 2^64 - 1");
  total += n;
}

Summary summary_from(const Field& f) {
  Summary s;
  s.min = f["min"].count();
  s.max = f["max"].count();
  if (s.min > s.max) f.fail_field("min " + std::to_string(s.min) + " is above max " + std::to_string(s.max));
  s.mean = f["mean"].figure();
  s.stddev = f["stddev"].figure();
  const Field p = f["percentiles"];
  for (std::size_t i = 0; i < kPercentiles.size(); ++i)
    s.percentiles[i] = p[std::string(kPercentileNames[i]).c_str()].count();
  if (f.has("log2_counts")) {
    const Field counts = f["log2_counts"];
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      s.log2_counts.push_back(counts[i].count());
      add_count(total, s.log2_counts.back(), counts, "the counts");
    }
  }
  s.buckets_kept = f.has("buckets") && !f["buckets"].null();
  if (s.buckets_kept) {
    const Field buckets = f["buckets"];
    std::uint64_t total = 0;
    for (std::size_t i = 0, n = buckets.size(); i < n; ++i) {
      const Field pair = buckets[i];
      if (pair.size() != 2) pair.fail("is not [slot, count]");
      const std::uint64_t slot = pair[std::size_t{0}].count();
      if (slot > UINT32_MAX) pair[std::size_t{0}].fail("is not a histogram slot");
      s.buckets.emplace_back(static_cast<std::uint32_t>(slot), pair[std::size_t{1}].count());
      add_count(total, s.buckets.back().second, buckets, "the counts");
    }
    // What merging will do with them: slots out of range, or extremes the wrong way round, fail here.
    try {
      (void)Histogram::from_buckets(s.buckets, s.min, s.max);
    } catch (const std::invalid_argument& e) {
      buckets.fail_field(e.what());
    }
  }
  return s;
}

std::vector<TailPoint> tail_figure_from(const Field& growth, const char* name) {
  std::vector<TailPoint> points;
  if (!growth.has(name) || growth[name].null()) return points;
  const Field records = growth["records"], figure = growth[name];
  const Field max = figure["max"], p999 = figure["p99.9"];
  if (max.size() != records.size() || p999.size() != records.size())
    figure.fail_field("not one value per record count");
  for (std::size_t i = 0; i < records.size(); ++i) {
    TailPoint& p = points.emplace_back();
    p.records = records[i].count();
    p.max = max[i].count();
    if (!p999[i].null()) p.p999 = p999[i].count();
  }
  return points;
}

MeasuredPass pass_from(const Field& r) {
  MeasuredPass pass;
  pass.dataset = r["dataset"].text();
  pass.path = r["path"].text();
  pass.solver = r["solver"].text();
  if (r.has("implementation") && !r["implementation"].null()) pass.implementation = r["implementation"].text();
  if (r.has("run_id") && !r["run_id"].null()) pass.run_id = r["run_id"].text();
  pass.threads = r["threads"].integer(1, "a thread count >= 1");
  pass.threads_observed = r["threads_observed"].integer(0, "a thread count >= 0");
  pass.repetition = r["repetition"].integer(1, "a repetition number >= 1");
  if (r.has("complete")) pass.complete = r["complete"].boolean();
  if (r.has("sequence")) pass.sequence = r["sequence"].integer(0, "a place in the run's order >= 0");
  if (r.has("loops")) pass.loops = r["loops"].integer(1, "a loop count >= 1");
  if (r.has("file_records")) pass.file_records = r["file_records"].count();
  if (r.has("tail_growth") && !r["tail_growth"].null()) {
    pass.tail_latency_ns = tail_figure_from(r["tail_growth"], "latency_ns");
    pass.tail_tree_size = tail_figure_from(r["tail_growth"], "tree_size");
  }
  const Field st = r["status"];
  pass.status.unique = st["unique"].count();
  pass.status.multiple = st["multiple"].count();
  pass.status.none = st["none"].count();
  pass.status.invalid = st["invalid"].count();
  pass.status.aborted = st["aborted"].count();
  if (st.has("wrong")) pass.status.wrong = st["wrong"].count();
  pass.wall_seconds = r["wall_seconds"].seconds();
  // Derived, recomputed from the counts and seconds; still, a file must not hold nonsense.
  if (r.has("puzzles")) (void)r["puzzles"].count();
  if (r.has("puzzles_per_second")) (void)r["puzzles_per_second"].figure();
  if (r.has("checks")) {
    pass.status.checked = r["checks"]["checked"].count();
    pass.status.check_failed = r["checks"]["failed"].count();
    if (pass.status.check_failed > pass.status.checked)
      r["checks"]["failed"].fail("is more than checks.checked (" + std::to_string(pass.status.checked) + ")");
  }
  // Every sum of the counts (records, puzzles, undecided) must be a count too.
  const Tally& t = pass.status;
  std::uint64_t total = 0;
  for (const std::uint64_t n : {t.unique, t.multiple, t.none, t.invalid, t.aborted, t.wrong, t.checked, t.check_failed})
    add_count(total, n, st, "the counts (and checks)");
  if (t.checked > t.records())
    r["checks"]["checked"].fail("is more than the records in status (" + std::to_string(t.records()) + ")");
  if (r.has("cpu_seconds")) pass.cpu_seconds = r["cpu_seconds"].seconds();
  // null: not measured (run --no-latency) or not reported (plugins report no tree sizes).
  pass.latency_measured = !r["latency_ns"].null();
  if (pass.latency_measured) pass.latency_ns = summary_from(r["latency_ns"]);
  pass.tree_size_reported = !r["tree_size"].null();
  if (pass.tree_size_reported) pass.tree_size = summary_from(r["tree_size"]);
  pass.guesses = summary_from(r["guesses"]);
  if (r.has("pipeline") && !r["pipeline"].null()) {
    const Field p = r["pipeline"];
    pass.pipeline = {true, p["reader_seconds"].seconds(), p["sink_seconds"].seconds(), p["worker_seconds"].seconds()};
  }
  if (r.has("ranks")) pass.ranks = r["ranks"].integer(1, "a rank count >= 1");
  if (r.has("timing")) {
    const std::string timing = r["timing"].text();
    if (timing == "ranks")
      pass.timing = Timing::ranks;
    else if (timing == "shards")
      pass.timing = Timing::shards;
    else if (timing != "process")
      r["timing"].fail("is not process, ranks or shards");
  }
  if (r.has("parts") && !r["parts"].null()) {
    const Field parts = r["parts"];
    for (std::size_t i = 0, n = parts.size(); i < n; ++i)
      pass.parts.push_back({parts[i]["part"].integer(0, "a rank or shard number >= 0"), parts[i]["host"].text(),
                            parts[i]["puzzles"].count(), parts[i]["wall_seconds"].seconds()});
  }
  if (r.has("noise") && !r["noise"].null()) {
    const Field n = r["noise"];
    PassNoise& noise = pass.noise;
    noise.measured = true;
    // Stored figures, read back as written: `disturbed` is recomputed from them.
    if (!n["steal"].null()) noise.steal = n["steal"].figure();
    noise.involuntary_switches = n["involuntary_context_switches"].count();
    if (!n["cpu_migrations"].null()) noise.migrations = n["cpu_migrations"].count();
    if (!n["waiting"].null()) noise.waiting = n["waiting"].figure();
  }
  if (r.has("outlier")) pass.outlier = r["outlier"].boolean();
  pass.latency_ns.count = pass.tree_size.count = pass.guesses.count = pass.puzzles();
  return pass;
}

Json optional_number(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

Json noise_json(const MeasuredPass& pass) {
  const PassNoise& n = pass.noise;
  if (!n.measured) return nullptr;
  const std::string why = pass.disturbed();
  return {{"steal", optional_number(n.steal)},
          {"involuntary_context_switches", n.involuntary_switches},
          {"cpu_migrations", n.migrations ? Json(*n.migrations) : Json(nullptr)},
          {"waiting", optional_number(n.waiting)},
          {"disturbed", !why.empty()},
          {"reason", why.empty() ? Json(nullptr) : Json(why)}};
}

Json pipeline_json(const MeasuredPass& pass) {
  const std::optional<PipelineFigures> f = pipeline_figures(pass);
  if (!f) return nullptr;
  return {{"reader_seconds", pass.pipeline.reader},
          {"sink_seconds", pass.pipeline.sink},
          {"worker_seconds", pass.pipeline.worker},
          {"serial_busy", f->serial_busy},
          {"workers_waiting", f->workers_waiting},
          {"ceiling_puzzles_per_second", optional_number(f->ceiling_puzzles_per_second)},
          {"input_bound", f->input_bound},
          {"keeps_up_to_threads", optional_number(f->keeps_up_to_threads)}};
}

void append_text(std::string& out, const Json& j, int indent) {
  const bool nested =
      j.is_object() || (j.is_array() && std::any_of(j.begin(), j.end(), [](const Json& e) { return e.is_object(); }));
  if (!nested || j.empty()) {
    out += j.dump();
    return;
  }
  out += j.is_object() ? "{\n" : "[\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out.append(static_cast<std::size_t>(indent + 2), ' ');
    if (j.is_object()) out += Json(it.key()).dump() + ": ";
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

nlohmann::ordered_json pass_to_json(const MeasuredPass& r) {
  Json parts = nullptr;
  if (!r.parts.empty()) {
    parts = Json::array();
    for (const PassPart& p : r.parts)
      parts.push_back({{"part", p.part},
                       {"host", p.host},
                       {"puzzles", p.puzzles},
                       {"wall_seconds", p.wall_seconds},
                       {"puzzles_per_second", p.puzzles_per_second()}});
  }
  return {{"dataset", r.dataset},
          {"path", r.path},
          {"solver", r.solver},
          {"implementation", r.implementation.empty() ? Json(nullptr) : Json(r.implementation)},
          {"threads", r.threads},
          {"threads_observed", r.threads_observed},
          {"repetition", r.repetition},
          {"sequence", r.sequence},
          {"run_id", r.run_id.empty() ? Json(nullptr) : Json(r.run_id)},
          {"complete", r.complete},
          {"loops", r.loops},
          {"file_records", r.records_per_loop()},
          {"puzzles", r.puzzles()},
          {"wall_seconds", r.wall_seconds},
          {"cpu_seconds", r.cpu_seconds},
          {"puzzles_per_second", r.puzzles_per_second()},
          {"ranks", r.ranks},
          {"timing", timing_name(r.timing)},
          {"imbalance", optional_json(r.imbalance())},
          {"parts", parts},
          {"status",
           {{"unique", r.status.unique},
            {"multiple", r.status.multiple},
            {"none", r.status.none},
            {"invalid", r.status.invalid},
            {"aborted", r.status.aborted},
            {"wrong", r.status.wrong}}},
          {"checks", {{"checked", r.status.checked}, {"failed", r.status.check_failed}}},
          {"latency_ns", r.latency_measured ? summary_json(r.latency_ns) : Json(nullptr)},
          {"tree_size", r.tree_size_reported ? summary_json(r.tree_size) : Json(nullptr)},
          {"guesses", summary_json(r.guesses)},
          {"tail_growth", tail_growth_json(r)},
          {"pipeline", pipeline_json(r)},
          {"noise", noise_json(r)},
          {"outlier", r.outlier}};
}

nlohmann::ordered_json to_json(const Report& report) {
  const Json context = context_json(report.context);
  Json runs = Json::array();
  for (const MeasuredPass& r : report.runs) {
    Json run = pass_to_json(r);
    if (r.run_id.empty() && !report.run_id.empty()) run["run_id"] = report.run_id;  // measured by this run
    runs.push_back(std::move(run));
  }
  Json scaling = Json::array();
  for (const ScalingRow& row : scaling_of(report.runs)) {
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
              {"runs", runs},
              {"scaling", scaling}};
}

MeasuredPass pass_from_json(const nlohmann::ordered_json& json) { return pass_from(Field(json, "run")); }

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

  const Field runs = root["runs"];
  for (std::size_t i = 0, n = runs.size(); i < n; ++i) report.runs.push_back(pass_from(runs[i]));
  return report;
}

}  // namespace sudoku_bench
