#include "report/context_fields.h"

#include <string>

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

// Texts of the environment, where null reads as unknown (the default), and of the context.
template <std::string Environment::*M>
constexpr auto text_row = text_field<Environment, M, true>;
template <std::string Context::*M>
constexpr auto context_text = text_field<Context, M, false>;

// In the order they are written.
const FieldRow<Environment> kEnvironmentRows[] = {
    text_row<&Environment::cpu_model>("cpu_model"),
    text_row<&Environment::cpu_vendor>("cpu_vendor"),
    text_row<&Environment::cpu_family>("cpu_family"),
    text_row<&Environment::cpu_model_number>("cpu_model_number"),
    text_row<&Environment::cpu_stepping>("cpu_stepping"),
    text_row<&Environment::microcode>("microcode"),
    text_row<&Environment::l1d_cache>("l1d_cache"),
    text_row<&Environment::l1i_cache>("l1i_cache"),
    text_row<&Environment::l2_cache>("l2_cache"),
    text_row<&Environment::l3_cache>("l3_cache"),
    text_row<&Environment::smt>("smt"),
    text_row<&Environment::hypervisor>("hypervisor"),
    text_row<&Environment::governor>("governor"),
    text_row<&Environment::boost>("boost"),
    {"aslr", true, "", Agree::never, [](const Environment& e) { return e.aslr >= 0 ? Json(e.aslr) : Json(nullptr); },
     [](Environment& e, const Field& f) {
       if (!f.null()) e.aslr = f.integer(0, "a whole number >= 0");
     }},
    {"load_average_1min", true, "", Agree::never,
     [](const Environment& e) { return e.load_average ? Json(*e.load_average) : Json(nullptr); },
     [](Environment& e, const Field& f) {
       if (!f.null()) e.load_average = f.figure();
     }},
    text_row<&Environment::kernel>("kernel"),
    {"affinity_count", true, "", Agree::never, [](const Environment& e) { return Json(e.affinity_count); },
     [](Environment& e, const Field& f) {
       if (!f.null()) e.affinity_count = f.integer(0, "a CPU count >= 0");
     }},
    text_row<&Environment::affinity>("affinity"),
    text_row<&Environment::isolated_cpus>("isolated_cpus"),
};

// In the order they are written. Which contexts must agree is context.h's (same_build,
// context_difference).
const FieldRow<Context> kContextRows[] = {
    context_text<&Context::date>("date"),
    context_text<&Context::host>("host"),
    context_text<&Context::os>("os"),
    context_text<&Context::cpu_model>("cpu_model"),
    {"hardware_threads", false, "", Agree::never, [](const Context& c) { return Json(c.hardware_threads); },
     [](Context& c, const Field& f) { c.hardware_threads = f.integer(0, "a thread count >= 0"); }},
    context_text<&Context::compiler>("compiler"),
    context_text<&Context::compiler_flags>("compiler_flags"),
    context_text<&Context::build_type>("build_type"),
    context_text<&Context::tbb_version>("tbb_version"),
    context_text<&Context::git_commit>("git_commit"),
    context_text<&Context::version>("sudoku_bench_version"),
    // The machine of each MPI rank or merged shard; empty for one process.
    {"ranks", true, "", Agree::never,
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
    // Null (or absent) in reports written before the environment was recorded.
    {"environment", true, "", Agree::never,
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
