#include "report/pass_fields.h"

#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "report/metrics.h"
#include "stats/histogram.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

Json optional_json(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

// Whether `text` is UTF-8 as JSON needs it (no overlong forms, no surrogates, nothing past U+10FFFF).
bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > text.size()) return false;
    std::uint32_t code = n == 1 ? c : c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
      const auto d = static_cast<unsigned char>(text[i + k]);
      if ((d >> 6) != 0x2) return false;
      code = code << 6 | (d & 0x3F);
    }
    constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kLeast[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

// A name that is not UTF-8 (a file name is any bytes) is written lossily where JSON needs text, and
// exactly beside it as hex, which a reader takes instead: the name round-trips, whatever its bytes.
Json bytes_json(const std::string& text) {
  if (valid_utf8(text)) return nullptr;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (const char c : text) {
    hex += kHex[static_cast<unsigned char>(c) >> 4];
    hex += kHex[static_cast<unsigned char>(c) & 0xF];
  }
  return hex;
}

// The bytes bytes_json wrote; `f` names the field in an error.
std::string bytes_from(const Field& f) {
  const std::string hex = f.text();
  const auto digit = [&](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    f.fail("is not hexadecimal bytes");
    return 0;
  };
  if (hex.size() % 2) f.fail("is not hexadecimal bytes");
  std::string bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) bytes += static_cast<char>(digit(hex[i]) << 4 | digit(hex[i + 1]));
  return bytes;
}

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
  const std::vector<TailPoint>& points =
      r.distributions.tail_tree_size.empty() ? r.distributions.tail_latency_ns : r.distributions.tail_tree_size;
  if (points.empty()) return nullptr;
  Json records = Json::array();
  for (const TailPoint& p : points) records.push_back(p.records);
  return {{"records", records},
          {"latency_ns", tail_figure_json(r.distributions.tail_latency_ns)},
          {"tree_size", tail_figure_json(r.distributions.tail_tree_size)}};
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

Json noise_json(const MeasuredPass& pass) {
  const PassNoise& n = pass.noise;
  if (!n.measured) return nullptr;
  const std::string why = pass.disturbed();
  return {{"steal", optional_json(n.steal)},
          {"involuntary_context_switches", n.involuntary_switches},
          {"cpu_migrations", n.migrations ? Json(*n.migrations) : Json(nullptr)},
          {"waiting", optional_json(n.waiting)},
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
          {"ceiling_puzzles_per_second", optional_json(f->ceiling_puzzles_per_second)},
          {"input_bound", f->input_bound},
          {"keeps_up_to_threads", optional_json(f->keeps_up_to_threads)}};
}

Json counts_json(const Tally& t) {
  Json out = Json::object();
  for (const OutcomeInfo& o : kOutcomes) out[std::string(o.name)] = t.*o.count;
  return out;
}

Json parts_json(const MeasuredPass& r) {
  if (r.split.parts.empty()) return nullptr;
  Json parts = Json::array();
  for (const PassPart& p : r.split.parts)
    parts.push_back({{"part", p.part},
                     {"host", p.host},
                     {"puzzles", p.puzzles},
                     {"wall_seconds", p.wall_seconds},
                     {"puzzles_per_second", p.puzzles_per_second()},
                     {"cpu_seconds", optional_json(p.cpu_seconds)},
                     {"dealing_cpu_seconds", optional_json(p.dealing_cpu_seconds)},
                     {"waiting_cpu_seconds", optional_json(p.waiting_cpu_seconds)}});
  return parts;
}

// A summary, or null where it was not measured (`measured` false).
template <Summary PassDistributions::*M, bool PassDistributions::*Measured>
FieldRow<MeasuredPass> summary_row(std::string_view name) {
  return {name, false, Agree::never,
          [](const MeasuredPass& r) {
            return r.distributions.*Measured ? summary_json(r.distributions.*M) : Json(nullptr);
          },
          [](MeasuredPass& r, const Field& f) {
            r.distributions.*Measured = !f.null();
            if (r.distributions.*Measured) r.distributions.*M = summary_from(f);
          }};
}

// In the order they are written. Derived figures (puzzles, puzzles_per_second, imbalance) are
// written for readers and recomputed, not trusted, when read: reading only checks them.
const FieldRow<MeasuredPass> kRows[] = {
    {"dataset", false, Agree::never, [](const MeasuredPass& r) { return Json(r.id.dataset); },
     [](MeasuredPass& r, const Field& f) { r.id.dataset = f.text(); }},
    {"path", false, Agree::never, [](const MeasuredPass& r) { return Json(r.id.path); },
     [](MeasuredPass& r, const Field& f) { r.id.path = f.text(); }},
    {"dataset_bytes", true, Agree::never, [](const MeasuredPass& r) { return bytes_json(r.id.dataset); },
     [](MeasuredPass& r, const Field& f) {
       if (!f.null()) r.id.dataset = bytes_from(f);
     }},
    {"path_bytes", true, Agree::never, [](const MeasuredPass& r) { return bytes_json(r.id.path); },
     [](MeasuredPass& r, const Field& f) {
       if (!f.null()) r.id.path = bytes_from(f);
     }},
    {"input", true, Agree::never,
     [](const MeasuredPass& r) {
       if (!r.id.input) return Json(nullptr);
       return Json{{"size", r.id.input->size},
                   {"modified_ns", r.id.input->modified_ns},
                   {"fingerprint", r.id.input->fingerprint}};
     },
     [](MeasuredPass& r, const Field& f) {
       if (!f.null())
         r.id.input = InputStamp{f["size"].count(), static_cast<std::int64_t>(f["modified_ns"].count()),
                                 f["fingerprint"].text()};
     }},
    {"solver", false, Agree::never, [](const MeasuredPass& r) { return Json(r.id.solver); },
     [](MeasuredPass& r, const Field& f) { r.id.solver = f.text(); }},
    {"implementation", true, Agree::never,
     [](const MeasuredPass& r) { return r.id.implementation.empty() ? Json(nullptr) : Json(r.id.implementation); },
     [](MeasuredPass& r, const Field& f) {
       if (!f.null()) r.id.implementation = f.text();
     }},
    {"threads", false, Agree::never, [](const MeasuredPass& r) { return Json(r.threads); },
     [](MeasuredPass& r, const Field& f) { r.threads = f.integer(1, "a thread count >= 1"); }},
    {"threads_observed", false, Agree::never, [](const MeasuredPass& r) { return Json(r.threads_observed); },
     [](MeasuredPass& r, const Field& f) { r.threads_observed = f.integer(0, "a thread count >= 0"); }},
    {"repetition", false, Agree::never, [](const MeasuredPass& r) { return Json(r.id.repetition); },
     [](MeasuredPass& r, const Field& f) { r.id.repetition = f.integer(1, "a repetition number >= 1"); }},
    {"sequence", true, Agree::never, [](const MeasuredPass& r) { return Json(r.id.sequence); },
     [](MeasuredPass& r, const Field& f) { r.id.sequence = f.integer(0, "a place in the run's order >= 0"); }},
    {"run_id", true, Agree::never,
     [](const MeasuredPass& r) { return r.id.run_id.empty() ? Json(nullptr) : Json(r.id.run_id); },
     [](MeasuredPass& r, const Field& f) {
       if (!f.null()) r.id.run_id = f.text();
     }},
    {"complete", true, Agree::never, [](const MeasuredPass& r) { return Json(r.complete); },
     [](MeasuredPass& r, const Field& f) { r.complete = f.boolean(); }},
    {"loops", true, Agree::never, [](const MeasuredPass& r) { return Json(r.loops); },
     [](MeasuredPass& r, const Field& f) { r.loops = f.integer(1, "a loop count >= 1"); }},
    {"file_records", true, Agree::never, [](const MeasuredPass& r) { return Json(r.records_per_loop()); },
     [](MeasuredPass& r, const Field& f) { r.file_records = f.count(); }},
    {"puzzles", true, Agree::never, [](const MeasuredPass& r) { return Json(r.puzzles()); },
     [](MeasuredPass&, const Field& f) { (void)f.count(); }},
    {"wall_seconds", false, Agree::never, [](const MeasuredPass& r) { return Json(r.wall_seconds); },
     [](MeasuredPass& r, const Field& f) { r.wall_seconds = f.seconds(); }},
    {"puzzles_per_second", true, Agree::never, [](const MeasuredPass& r) { return Json(r.puzzles_per_second()); },
     [](MeasuredPass&, const Field& f) { (void)f.figure(); }},
    {"ranks", true, Agree::never, [](const MeasuredPass& r) { return Json(r.split.ranks); },
     [](MeasuredPass& r, const Field& f) { r.split.ranks = f.integer(1, "a rank count >= 1"); }},
    {"timing", true, Agree::never, [](const MeasuredPass& r) { return Json(timing_name(r.split.timing)); },
     [](MeasuredPass& r, const Field& f) {
       const std::string timing = f.text();
       if (timing == "ranks")
         r.split.timing = Timing::ranks;
       else if (timing == "shards")
         r.split.timing = Timing::shards;
       else if (timing != "process")
         f.fail("is not process, ranks or shards");
     }},
    {"imbalance", true, Agree::never, [](const MeasuredPass& r) { return optional_json(r.imbalance()); },
     [](MeasuredPass&, const Field&) {}},
    {"parts", true, Agree::never, parts_json,
     [](MeasuredPass& r, const Field& f) {
       if (f.null()) return;
       for (std::size_t i = 0, n = f.size(); i < n; ++i) {
         // Braces: clang 14 (tools/fuzz) has no parenthesised aggregate construction (C++20).
         PassPart& part = r.split.parts.emplace_back(PassPart{f[i]["part"].integer(0, "a rank or shard number >= 0"),
                                                              f[i]["host"].text(),
                                                              f[i]["puzzles"].count(),
                                                              f[i]["wall_seconds"].seconds(),
                                                              {},
                                                              {},
                                                              {}});
         for (auto [key, into] :
              {std::pair{"cpu_seconds", &part.cpu_seconds}, std::pair{"dealing_cpu_seconds", &part.dealing_cpu_seconds},
               std::pair{"waiting_cpu_seconds", &part.waiting_cpu_seconds}})
           if (f[i].has(key) && !f[i][key].null()) *into = f[i][key].seconds();
       }
     }},
    {"status", false, Agree::never, [](const MeasuredPass& r) { return counts_json(r.status); },
     [](MeasuredPass& r, const Field& f) {
       for (const OutcomeInfo& o : kOutcomes) {
         const std::string name(o.name);
         if (!o.since_schema_8 || f.has(name.c_str())) r.status.*o.count = f[name.c_str()].count();
       }
     }},
    {"checks", true, Agree::never,
     [](const MeasuredPass& r) {
       return Json{{"checked", r.status.checked}, {"failed", r.status.check_failed}};
     },
     [](MeasuredPass& r, const Field& f) {
       r.status.checked = f["checked"].count();
       r.status.check_failed = f["failed"].count();
       if (r.status.check_failed > r.status.checked)
         f["failed"].fail("is more than checks.checked (" + std::to_string(r.status.checked) + ")");
     }},
    // Absent (0) in reports from before solvers that only count were judged by their counts.
    {"unwritten", true, Agree::never, [](const MeasuredPass& r) { return Json(r.status.unwritten); },
     [](MeasuredPass& r, const Field& f) { r.status.unwritten = f.count(); }},
    // null: not measured (run --no-latency) or not reported (plugins report no tree sizes).
    summary_row<&PassDistributions::latency_ns, &PassDistributions::latency_measured>("latency_ns"),
    summary_row<&PassDistributions::tree_size, &PassDistributions::tree_size_reported>("tree_size"),
    {"guesses", false, Agree::never, [](const MeasuredPass& r) { return summary_json(r.distributions.guesses); },
     [](MeasuredPass& r, const Field& f) { r.distributions.guesses = summary_from(f); }},
    {"tail_growth", true, Agree::never, tail_growth_json,
     [](MeasuredPass& r, const Field& f) {
       if (f.null()) return;
       r.distributions.tail_latency_ns = tail_figure_from(f, "latency_ns");
       r.distributions.tail_tree_size = tail_figure_from(f, "tree_size");
     }},
    {"pipeline", true, Agree::never, pipeline_json,
     [](MeasuredPass& r, const Field& f) {
       if (!f.null())
         r.pipeline = {true, f["reader_seconds"].seconds(), f["sink_seconds"].seconds(), f["worker_seconds"].seconds()};
     }},
    {"noise", true, Agree::never, noise_json,
     [](MeasuredPass& r, const Field& f) {
       if (f.null()) return;
       PassNoise& noise = r.noise;
       noise.measured = true;
       // Stored figures, read back as written: `disturbed` is recomputed from them.
       if (!f["steal"].null()) noise.steal = f["steal"].figure();
       noise.involuntary_switches = f["involuntary_context_switches"].count();
       if (!f["cpu_migrations"].null()) noise.migrations = f["cpu_migrations"].count();
       if (!f["waiting"].null()) noise.waiting = f["waiting"].figure();
     }},
    {"outlier", true, Agree::never, [](const MeasuredPass& r) { return Json(r.outlier); },
     [](MeasuredPass& r, const Field& f) { r.outlier = f.boolean(); }},
};

// What holds between fields: every sum of the counts is a count, no more checks than records, no
// more unwritten solutions than puzzles, and the distributions count the puzzles.
void check_whole(const Field& r, MeasuredPass& pass) {
  const Tally& t = pass.status;
  std::uint64_t total = 0;
  for (const std::uint64_t n : t.counts()) add_count(total, n, r["status"], "the counts (and checks)");
  if (t.checked > t.records())
    r["checks"]["checked"].fail("is more than the records in status (" + std::to_string(t.records()) + ")");
  if (t.unwritten > t.puzzles())
    r["unwritten"].fail("is more than the puzzles in status (" + std::to_string(t.puzzles()) + ")");
  pass.distributions.latency_ns.count = pass.distributions.tree_size.count = pass.distributions.guesses.count =
      pass.puzzles();
}

Json derived_json(const Metric& m, const MeasuredPass& pass) {
  const std::optional<double> v = m.of(pass);
  return !v ? Json(nullptr) : m.integral ? Json(static_cast<std::uint64_t>(*v)) : Json(*v);
}

void check_derived(const Metric& m, const Field& pass) {
  const std::string key(m.key);
  if (pass.has(key.c_str()) && !pass[key.c_str()].null()) (void)pass[key.c_str()].figure();
}

Json figure_json(const FigureRow& row, const std::optional<double>& v) {
  if (!v) return nullptr;
  return row.reads == Reads::count ? Json(static_cast<std::uint64_t>(*v)) : Json(*v);
}

// A figure absent (a report before it) or null stays unmeasured, as does a 0 where old reports
// wrote 0 for that.
std::optional<double> figure_from(const FigureRow& row, const Field& pass) {
  const std::string key(row.key);
  if (!pass.has(key.c_str()) || pass[key.c_str()].null()) return std::nullopt;
  const Field f = pass[key.c_str()];
  const double v = row.reads == Reads::count     ? static_cast<double>(f.count())
                   : row.reads == Reads::seconds ? f.seconds()
                                                 : f.figure();
  return row.zero_unmeasured && v == 0 ? std::nullopt : std::optional<double>(v);
}

}  // namespace

std::span<const FieldRow<MeasuredPass>> pass_fields() { return kRows; }

// After the pass's own fields come its measured figures (stats/pass_figures.h), then the metric
// table's figures derived from them (kInJson), for readers; null where the pass did not measure one.
nlohmann::ordered_json pass_to_json(const MeasuredPass& pass) {
  Json out = write_fields(pass_fields(), pass);
  for (const FigureRow& row : kFigureRows)
    if (row.in_json) out[std::string(row.key)] = figure_json(row, pass.figures[row.fig]);
  for (const Metric& m : metrics())
    if (m.in(kInJson)) out[std::string(m.key)] = derived_json(m, pass);
  return out;
}

// Derived figures are checked for a number, and recomputed from the fields when asked for; measured
// ones are stored.
MeasuredPass pass_from(const Field& field) {
  MeasuredPass pass = read_fields(pass_fields(), field);
  check_whole(field, pass);
  for (const FigureRow& row : kFigureRows)
    if (row.in_json) pass.figures[row.fig] = figure_from(row, field);
  for (const Metric& m : metrics())
    if (m.in(kInJson)) check_derived(m, field);
  return pass;
}

MeasuredPass pass_from_json(const nlohmann::ordered_json& json) { return pass_from(Field(json, "run")); }

}  // namespace sudoku_bench
