#include "report/report_json.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

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

// A JSON value with the path that led to it, so that an error names the field: "runs[2].status.unique".
class Field {
 public:
  Field(const Json& json, std::string path) : json_(json), path_(std::move(path)) {}

  Field operator[](const char* key) const {
    if (!json_.is_object()) fail("is not an object");
    const auto it = json_.find(key);
    if (it == json_.end()) throw ReportFormatError(join(key) + ": missing");
    return Field(*it, join(key));
  }
  Field operator[](std::size_t i) const { return Field(json_.at(i), path_ + "[" + std::to_string(i) + "]"); }
  bool has(const char* key) const { return json_.is_object() && json_.contains(key); }
  bool null() const { return json_.is_null(); }
  std::size_t size() const {
    if (!json_.is_array()) fail("is not an array");
    return json_.size();
  }

  std::string text() const {
    if (!json_.is_string()) fail("is not a string");
    return json_.get<std::string>();
  }
  std::uint64_t count() const {
    if (!json_.is_number_unsigned() && !(json_.is_number_integer() && json_.get<std::int64_t>() >= 0))
      fail("is not a whole number >= 0");
    return json_.get<std::uint64_t>();
  }
  int integer() const {
    if (!json_.is_number_integer()) fail("is not a whole number");
    return json_.get<int>();
  }
  double number() const {
    if (!json_.is_number()) fail("is not a number");
    return json_.get<double>();
  }
  bool boolean() const {
    if (!json_.is_boolean()) fail("is not true or false");
    return json_.get<bool>();
  }

 private:
  std::string join(const char* key) const { return path_.empty() ? key : path_ + "." + key; }
  [[noreturn]] void fail(const char* what) const {
    throw ReportFormatError((path_.empty() ? "the document" : path_) + " " + what);
  }

  const Json& json_;
  std::string path_;
};

Summary summary_from(const Field& f) {
  Summary s;
  s.min = f["min"].count();
  s.max = f["max"].count();
  s.mean = f["mean"].number();
  s.stddev = f["stddev"].number();
  const Field p = f["percentiles"];
  for (std::size_t i = 0; i < kPercentiles.size(); ++i)
    s.percentiles[i] = p[std::string(kPercentileNames[i]).c_str()].count();
  if (f.has("log2_counts")) {
    const Field counts = f["log2_counts"];
    for (std::size_t i = 0; i < counts.size(); ++i) s.log2_counts.push_back(counts[i].count());
  }
  s.buckets_kept = f.has("buckets") && !f["buckets"].null();
  if (s.buckets_kept) {
    const Field buckets = f["buckets"];
    for (std::size_t i = 0, n = buckets.size(); i < n; ++i) {
      const Field pair = buckets[i];
      if (pair.size() != 2) throw ReportFormatError("a bucket is not [slot, count]");
      const std::uint64_t slot = pair[std::size_t{0}].count();
      if (slot > UINT32_MAX) throw ReportFormatError("a bucket's slot is out of range");
      s.buckets.emplace_back(static_cast<std::uint32_t>(slot), pair[std::size_t{1}].count());
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
    throw ReportFormatError("run.tail_growth." + std::string(name) + ": not one value per record count");
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
  pass.threads = r["threads"].integer();
  pass.threads_observed = r["threads_observed"].integer();
  pass.repetition = r["repetition"].integer();
  if (r.has("complete")) pass.complete = r["complete"].boolean();
  if (r.has("sequence")) pass.sequence = r["sequence"].integer();
  if (r.has("loops")) pass.loops = r["loops"].integer();
  if (pass.loops < 1) throw ReportFormatError("run.loops must be at least 1");
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
  pass.wall_seconds = r["wall_seconds"].number();
  if (r.has("checks")) {
    pass.status.checked = r["checks"]["checked"].count();
    pass.status.check_failed = r["checks"]["failed"].count();
  }
  if (r.has("cpu_seconds")) pass.cpu_seconds = r["cpu_seconds"].number();
  // null: not measured (run --no-latency) or not reported (plugins report no tree sizes).
  pass.latency_measured = !r["latency_ns"].null();
  if (pass.latency_measured) pass.latency_ns = summary_from(r["latency_ns"]);
  pass.tree_size_reported = !r["tree_size"].null();
  if (pass.tree_size_reported) pass.tree_size = summary_from(r["tree_size"]);
  pass.guesses = summary_from(r["guesses"]);
  if (r.has("pipeline") && !r["pipeline"].null()) {
    const Field p = r["pipeline"];
    pass.pipeline = {true, p["reader_seconds"].number(), p["sink_seconds"].number(), p["worker_seconds"].number()};
  }
  if (r.has("ranks")) pass.ranks = r["ranks"].integer();
  if (r.has("timing")) {
    const std::string timing = r["timing"].text();
    if (timing == "ranks")
      pass.timing = Timing::ranks;
    else if (timing == "shards")
      pass.timing = Timing::shards;
    else if (timing != "process")
      throw ReportFormatError("timing \"" + timing + "\" is not process, ranks or shards");
  }
  if (r.has("parts") && !r["parts"].null()) {
    const Field parts = r["parts"];
    for (std::size_t i = 0, n = parts.size(); i < n; ++i)
      pass.parts.push_back({parts[i]["part"].integer(), parts[i]["host"].text(), parts[i]["puzzles"].count(),
                            parts[i]["wall_seconds"].number()});
  }
  if (r.has("noise") && !r["noise"].null()) {
    const Field n = r["noise"];
    PassNoise& noise = pass.noise;
    noise.measured = true;
    // Stored figures, read back as written: `disturbed` is recomputed from them.
    if (!n["steal"].null()) noise.steal = n["steal"].number();
    noise.involuntary_switches = n["involuntary_context_switches"].count();
    if (!n["cpu_migrations"].null()) noise.migrations = n["cpu_migrations"].count();
    if (!n["waiting"].null()) noise.waiting = n["waiting"].number();
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

nlohmann::ordered_json context_json(const Context& c) {
  Json ranks = Json::array();
  for (const Context::Machine& m : c.ranks)
    ranks.push_back({{"host", m.host}, {"cpu_model", m.cpu_model}, {"hardware_threads", m.hardware_threads}});
  return {{"date", c.date},
          {"host", c.host},
          {"os", c.os},
          {"cpu_model", c.cpu_model},
          {"hardware_threads", c.hardware_threads},
          {"compiler", c.compiler},
          {"compiler_flags", c.compiler_flags},
          {"build_type", c.build_type},
          {"tbb_version", c.tbb_version},
          {"git_commit", c.git_commit},
          {"sudoku_bench_version", c.version},
          {"ranks", ranks},
          {"environment", c.environment_known ? environment_to_json(c.environment) : Json(nullptr)}};
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
  const Settings& s = report.settings;
  Json settings = {{"solvers", s.solvers},
                   {"threads", s.threads},
                   {"repetitions", s.repetitions},
                   {"warmup_seconds", s.warmup_seconds},
                   {"min_time_seconds", s.min_time_seconds},
                   {"interleave_seed", s.interleave ? Json(s.interleave_seed) : Json(nullptr)},
                   {"limit", s.limit},
                   {"node_limit", s.node_limit},
                   {"time_limit_ms", s.time_limit_ms},
                   {"seed", s.seed},
                   {"latency", s.latency},
                   {"latency_clock", s.latency_clock.empty() ? Json(nullptr) : Json(s.latency_clock)},
                   {"verify", s.verify.empty() ? Json(nullptr) : Json(s.verify)},
                   {"verify_every", s.verify_every},
                   {"shard", s.shard.count ? Json{{"index", s.shard.index}, {"count", s.shard.count}} : Json(nullptr)}};
  Json runs = Json::array();
  for (const MeasuredPass& r : report.runs) runs.push_back(pass_to_json(r));
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
  return Json{{"schema", kSchema}, {"context", context}, {"settings", settings}, {"interrupted", report.interrupted},
              {"runs", runs},      {"scaling", scaling}};
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
  const Field c = root["context"];
  Context& context = report.context;
  context.date = c["date"].text();
  context.host = c["host"].text();
  context.os = c["os"].text();
  context.cpu_model = c["cpu_model"].text();
  context.hardware_threads = c["hardware_threads"].integer();
  context.compiler = c["compiler"].text();
  context.compiler_flags = c["compiler_flags"].text();
  context.build_type = c["build_type"].text();
  context.tbb_version = c["tbb_version"].text();
  context.git_commit = c["git_commit"].text();
  context.version = c["sudoku_bench_version"].text();
  if (c.has("ranks")) {
    const Field ranks = c["ranks"];
    for (std::size_t i = 0, n = ranks.size(); i < n; ++i)
      context.ranks.push_back(
          {ranks[i]["host"].text(), ranks[i]["cpu_model"].text(), ranks[i]["hardware_threads"].integer()});
  }
  // Absent (or null) in reports written before the environment was recorded.
  if (c.has("environment") && !c["environment"].null()) {
    try {
      context.environment = environment_from_json(json["context"]["environment"]);
    } catch (const std::invalid_argument& e) {
      throw ReportFormatError(std::string("context.environment: ") + e.what());
    }
    context.environment_known = true;
  }

  const Field s = root["settings"];
  Settings& settings = report.settings;
  for (std::size_t i = 0, n = s["solvers"].size(); i < n; ++i) settings.solvers.push_back(s["solvers"][i].text());
  for (std::size_t i = 0, n = s["threads"].size(); i < n; ++i) settings.threads.push_back(s["threads"][i].integer());
  settings.repetitions = s["repetitions"].integer();
  settings.warmup_seconds = s["warmup_seconds"].number();
  if (s.has("min_time_seconds")) settings.min_time_seconds = s["min_time_seconds"].number();
  settings.interleave = s.has("interleave_seed") && !s["interleave_seed"].null();
  if (settings.interleave) settings.interleave_seed = s["interleave_seed"].count();
  settings.limit = s["limit"].count();
  settings.node_limit = s["node_limit"].count();
  if (s.has("time_limit_ms")) settings.time_limit_ms = s["time_limit_ms"].number();
  if (s.has("seed")) settings.seed = s["seed"].count();
  if (s.has("latency")) settings.latency = s["latency"].boolean();
  if (s.has("latency_clock") && !s["latency_clock"].null()) settings.latency_clock = s["latency_clock"].text();
  if (s.has("verify") && !s["verify"].null()) settings.verify = s["verify"].text();
  if (s.has("verify_every")) settings.verify_every = s["verify_every"].count();
  if (s.has("shard") && !s["shard"].null()) {
    settings.shard = {s["shard"]["index"].integer(), s["shard"]["count"].integer()};
    if (settings.shard.count < 1 || settings.shard.index < 1 || settings.shard.index > settings.shard.count)
      throw ReportFormatError("settings.shard is not K of N with 1 <= K <= N");
  }
  report.interrupted = root["interrupted"].boolean();

  const Field runs = root["runs"];
  for (std::size_t i = 0, n = runs.size(); i < n; ++i) report.runs.push_back(pass_from(runs[i]));
  return report;
}

}  // namespace sudoku_bench
