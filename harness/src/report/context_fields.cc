#include "report/context_fields.h"

#include <string>

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

// Texts of the environment, where null reads as unknown (the default), and of the context.
template <std::string Environment::*M>
constexpr FieldRow<Environment> text_row(std::string_view name) {
  return text_field<Environment, M, true>(name);
}
// A text of one of the environment's groups (its CPU, its caches).
template <class G, G Environment::*Group, std::string G::*M>
constexpr FieldRow<Environment> group_text(std::string_view name) {
  return {name, true, Agree::never, [](const Environment& e) { return Json((e.*Group).*M); },
          [](Environment& e, const Field& f) {
            if (!f.null()) (e.*Group).*M = f.text();
          }};
}
template <std::string Environment::Cpu::*M>
constexpr FieldRow<Environment> cpu_text(std::string_view name) {
  return group_text<Environment::Cpu, &Environment::cpu, M>(name);
}
template <std::string Environment::Caches::*M>
constexpr FieldRow<Environment> cache_text(std::string_view name) {
  return group_text<Environment::Caches, &Environment::caches, M>(name);
}
template <std::string Context::*M>
constexpr FieldRow<Context> context_text(std::string_view name, Agree agree = Agree::never) {
  return text_field<Context, M, false>(name, agree);
}

// In the order they are written.
const FieldRow<Environment> kEnvironmentRows[] = {
    cpu_text<&Environment::Cpu::model>("cpu_model"),
    cpu_text<&Environment::Cpu::vendor>("cpu_vendor"),
    cpu_text<&Environment::Cpu::family>("cpu_family"),
    cpu_text<&Environment::Cpu::model_number>("cpu_model_number"),
    cpu_text<&Environment::Cpu::stepping>("cpu_stepping"),
    cpu_text<&Environment::Cpu::microcode>("microcode"),
    cache_text<&Environment::Caches::l1d>("l1d_cache"),
    cache_text<&Environment::Caches::l1i>("l1i_cache"),
    cache_text<&Environment::Caches::l2>("l2_cache"),
    cache_text<&Environment::Caches::l3>("l3_cache"),
    text_row<&Environment::smt>("smt"),
    text_row<&Environment::hypervisor>("hypervisor"),
    text_row<&Environment::governor>("governor"),
    text_row<&Environment::boost>("boost"),
    {"aslr", true, Agree::never, [](const Environment& e) { return e.aslr >= 0 ? Json(e.aslr) : Json(nullptr); },
     [](Environment& e, const Field& f) {
       if (!f.null()) e.aslr = f.integer(0, "a whole number >= 0");
     }},
    {"load_average_1min", true, Agree::never,
     [](const Environment& e) { return e.load_average ? Json(*e.load_average) : Json(nullptr); },
     [](Environment& e, const Field& f) {
       if (!f.null()) e.load_average = f.figure();
     }},
    text_row<&Environment::kernel>("kernel"),
    {"affinity_count", true, Agree::never, [](const Environment& e) { return Json(e.affinity_count); },
     [](Environment& e, const Field& f) {
       if (!f.null()) e.affinity_count = f.integer(0, "a CPU count >= 0");
     }},
    text_row<&Environment::affinity>("affinity"),
    text_row<&Environment::isolated_cpus>("isolated_cpus"),
};

// In the order they are written. The machine must agree for merge (compare: its CPU), the build
// for shards and merge (compare: its compiler, flags and build type, not its commit, which is what
// compare sets side by side).
constexpr Agree kMachine = Agree::merge;
constexpr Agree kToolchain = Agree::shards | Agree::merge | Agree::compare;
constexpr Agree kBuild = Agree::shards | Agree::merge;
const FieldRow<Context> kContextRows[] = {
    context_text<&Context::date>("date"),
    context_text<&Context::host>("host", kMachine),
    context_text<&Context::os>("os", kMachine),
    context_text<&Context::cpu_model>("cpu_model", kMachine | Agree::compare),
    {"hardware_threads", false, kMachine, [](const Context& c) { return Json(c.hardware_threads); },
     [](Context& c, const Field& f) { c.hardware_threads = f.integer(0, "a thread count >= 0"); }},
    context_text<&Context::compiler>("compiler", kToolchain),
    context_text<&Context::compiler_flags>("compiler_flags", kToolchain),
    context_text<&Context::build_type>("build_type", kToolchain),
    context_text<&Context::tbb_version>("tbb_version", kBuild),
    context_text<&Context::git_commit>("git_commit", kBuild),
    context_text<&Context::version>("sudoku_bench_version", kBuild),
    // The machine of each MPI rank or merged shard; empty for one process. A merge over a sweep of
    // ranks keeps the longest list, which the others must begin (merge_command).
    {"ranks", true, Agree::never,
     [](const Context& c) {
       Json ranks = Json::array();
       for (const Context::Machine& m : c.ranks)
         ranks.push_back({{"host", m.host}, {"cpu_model", m.cpu_model}, {"hardware_threads", m.hardware_threads}});
       return ranks;
     },
     [](Context& c, const Field& f) {
       for (std::size_t i = 0, n = f.size(); i < n; ++i)
         c.ranks.push_back({f[i]["host"].text(), f[i]["cpu_model"].text(),
                            f[i]["hardware_threads"].integer(0, "a thread count >= 0")});
     }},
    // schema /12: null in time reports. One code's counts differ with the tool and the instruction set.
    // compare judges it itself (comparison.h: measure_mismatch, counter_warnings): a tool's other
    // version is warned of, not refused.
    {"counter", true, Agree::shards | Agree::merge,
     [](const Context& c) {
       if (c.counter.tool.empty()) return Json(nullptr);
       return Json{{"tool", c.counter.tool}, {"version", c.counter.version}, {"isa", c.counter.isa}};
     },
     [](Context& c, const Field& f) {
       if (!f.null()) c.counter = {f["tool"].text(), f["version"].text(), f["isa"].text()};
     }},
    // Null (or absent) in reports written before the environment was recorded. It varies run to
    // run: a merge keeps the first's.
    {"environment", true, Agree::never,
     [](const Context& c) { return c.environment_known ? environment_json(c.environment) : Json(nullptr); },
     [](Context& c, const Field& f) {
       c.environment_known = !f.null();
       if (c.environment_known) c.environment = environment_from(f);
     }},
};

}  // namespace

std::span<const FieldRow<Context>> context_fields() { return kContextRows; }
std::span<const FieldRow<Environment>> environment_fields() { return kEnvironmentRows; }

nlohmann::ordered_json context_json(const Context& context) { return write_fields(context_fields(), context); }

Context context_from(const Field& field) { return read_fields(context_fields(), field); }

nlohmann::ordered_json environment_json(const Environment& environment) {
  return write_fields(environment_fields(), environment);
}

Environment environment_from(const Field& field) {
  if (!field.is_object()) field.fail("is not an object");
  return read_fields(environment_fields(), field);
}

}  // namespace sudoku_bench
