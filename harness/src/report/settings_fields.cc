#include "report/settings_fields.h"

#include <string>
#include <vector>

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;
using Row = FieldRow<Settings>;

Json text_or_null(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

// In the order they are written.
const Row kRows[] = {
    // schema /12: time, or instructions counted; reports of one are never put together with the other's.
    {"measure", true, up_to(Agree::compare), [](const Settings& s) { return Json(measure_name(s.measure)); },
     [](Settings& s, const Field& f) {
       const std::string name = f.text();
       if (name == measure_name(Measure::instructions))
         s.measure = Measure::instructions;
       else if (name != measure_name(Measure::time))
         f.fail("is not \"time\" or \"instructions\"");
     }},
    // schema /12: run --sample N, the records counted of each file (count/sample.h); null: every
    // record. Counts of other records are no measure of the same work.
    {"sample", true, up_to(Agree::compare), [](const Settings& s) { return s.sample ? Json(s.sample) : Json(nullptr); },
     [](Settings& s, const Field& f) {
       if (!f.null()) s.sample = f.count(1, "a whole number >= 1");
     }},
    {"solvers", false, up_to(Agree::shards), [](const Settings& s) { return Json(s.solvers); },
     [](Settings& s, const Field& f) {
       for (std::size_t i = 0, n = f.size(); i < n; ++i) s.solvers.push_back(f[i].text());
     }},
    // schema /9: what each solver was (its files' hashes), and the user's labels.
    {"solver_identities", true, Agree::never,
     [](const Settings& s) {
       Json out = Json::array();
       for (const SolverIdentity& id : s.identities) {
         Json files = Json::array();
         for (const SolverIdentity::File& f : id.files)
           files.push_back({{"path", f.path}, {"size", f.size}, {"sha256", text_or_null(f.sha256)}});
         out.push_back({{"name", id.name}, {"spec", id.spec}, {"files", files}});
       }
       return out;
     },
     [](Settings& s, const Field& f) {
       for (std::size_t i = 0, n = f.size(); i < n; ++i) {
         SolverIdentity id{f[i]["name"].text(), f[i]["spec"].text(), {}};
         const Field files = f[i]["files"];
         for (std::size_t j = 0, m = files.size(); j < m; ++j) {
           const Field file = files[j];
           const Field hash = file["sha256"];
           id.files.push_back({file["path"].text(), file["size"].count(), hash.null() ? "" : hash.text()});
         }
         s.identities.push_back(std::move(id));
       }
     }},
    {"labels", true, up_to(Agree::merge),
     [](const Settings& s) {
       Json out = Json::object();
       for (const auto& [key, value] : s.labels) out[key] = value;
       return out;
     },
     [](Settings& s, const Field& f) {
       for (const std::string& key : f.keys()) s.labels.emplace_back(key, f[key.c_str()].text());
     }},
    {"threads", false, up_to(Agree::shards), [](const Settings& s) { return Json(s.threads); },
     [](Settings& s, const Field& f) {
       for (std::size_t i = 0, n = f.size(); i < n; ++i) s.threads.push_back(f[i].integer(1, "a thread count >= 1"));
     }},
    // 0 only in a report merged from reports without passes.
    {"repetitions", false, Agree::never, [](const Settings& s) { return Json(s.repetitions); },
     [](Settings& s, const Field& f) { s.repetitions = f.integer(0, "a repetition count >= 0"); }},
    {"warmup_seconds", false, up_to(Agree::merge), [](const Settings& s) { return Json(s.warmup_seconds); },
     [](Settings& s, const Field& f) { s.warmup_seconds = f.seconds(); }},
    {"min_time_seconds", true, Agree::never, [](const Settings& s) { return Json(s.min_time_seconds); },
     [](Settings& s, const Field& f) { s.min_time_seconds = f.seconds(); }},
    // null: the passes ran in order.
    {"interleave_seed", true, Agree::never,
     [](const Settings& s) { return s.interleave_seed ? Json(*s.interleave_seed) : Json(nullptr); },
     [](Settings& s, const Field& f) {
       if (!f.null()) s.interleave_seed = f.count();
     }},
    {"limit", false, up_to(Agree::compare), [](const Settings& s) { return Json(s.limits.solutions); },
     [](Settings& s, const Field& f) { s.limits.solutions = f.count(); }},
    {"node_limit", false, up_to(Agree::compare), [](const Settings& s) { return Json(s.limits.nodes); },
     [](Settings& s, const Field& f) { s.limits.nodes = f.count(); }},
    {"time_limit_ms", true, up_to(Agree::compare), [](const Settings& s) { return Json(s.limits.time_ms); },
     [](Settings& s, const Field& f) { s.limits.time_ms = f.figure("a finite number of milliseconds >= 0"); }},
    {"seed", true, up_to(Agree::compare), [](const Settings& s) { return Json(s.seed); },
     [](Settings& s, const Field& f) { s.seed = f.count(); }},
    // Timing each puzzle costs a clock read per puzzle: --no-latency runs do less work.
    {"latency", true, up_to(Agree::compare), [](const Settings& s) { return Json(s.latency); },
     [](Settings& s, const Field& f) { s.latency = f.boolean(); }},
    // A steady_clock read costs a fast solver more than a TSC read (stream/puzzle_clock.h); a report
    // that names none differs from neither.
    {"latency_clock", true, up_to(Agree::compare), [](const Settings& s) { return text_or_null(s.latency_clock); },
     [](Settings& s, const Field& f) {
       if (!f.null()) s.latency_clock = f.text();
     },
     latency_clocks_differ},
    {"verify", true, up_to(Agree::merge), [](const Settings& s) { return text_or_null(s.verify.by); },
     [](Settings& s, const Field& f) {
       if (!f.null()) s.verify.by = f.text();
     }},
    {"verify_every", true, up_to(Agree::merge), [](const Settings& s) { return Json(s.verify.every); },
     [](Settings& s, const Field& f) { s.verify.every = f.count(1, "a whole number >= 1"); }},
    // null: the whole input.
    {"shard", true, Agree::never,
     [](const Settings& s) {
       return s.shard.count ? Json{{"index", s.shard.index}, {"count", s.shard.count}} : Json(nullptr);
     },
     [](Settings& s, const Field& f) {
       if (f.null()) return;
       s.shard = {f["index"].integer(1, "a shard number >= 1"), f["count"].integer(1, "a shard count >= 1")};
       if (s.shard.index > s.shard.count) throw ReportFormatError("settings.shard is not K of N with 1 <= K <= N");
     }},
};

}  // namespace

std::span<const FieldRow<Settings>> settings_fields() { return kRows; }

nlohmann::ordered_json settings_json(const Settings& settings) { return write_fields(settings_fields(), settings); }

Settings settings_from(const Field& field) { return read_fields(settings_fields(), field); }

}  // namespace sudoku_bench
