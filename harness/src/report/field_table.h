// A report struct declared once: a row per JSON field, from which the struct's JSON is written and
// read back (range-checked, errors naming the field) and two reports' differences are found.
// Adding a field is a member and a row.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

#include "report/json_field.h"

namespace sudoku_bench {

// The ways reports are put together that need a field alike: a set of them (`|`), asked with
// needs(). Settings are nested (up_to): what `compare` needs alike, `merge` needs too, and what
// `merge` needs, the shards of one run. The context is not: shards may run on other machines, and
// `compare` is there to set builds side by side.
enum class Agree : unsigned {
  never = 0,    // may differ (the repetitions, the interleave seed, the date, …)
  shards = 1,   // one run's shards: the same solvers and thread counts, the same build
  merge = 2,    // reports merged into one: the same work, timed alike, on the same machine
  compare = 4,  // reports compared: the same work per puzzle, on the same CPU and compiler
};
constexpr Agree operator|(Agree a, Agree b) {
  return static_cast<Agree>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr bool needs(Agree set, Agree what) { return (static_cast<unsigned>(set) & static_cast<unsigned>(what)) != 0; }
// `level` and every way of putting reports together that is less demanding (a settings row's).
constexpr Agree up_to(Agree level) {
  return level == Agree::compare ? Agree::compare | Agree::merge | Agree::shards
         : level == Agree::merge ? Agree::merge | Agree::shards
                                 : level;
}

template <class S>
struct FieldRow {
  std::string_view name;  // its JSON key
  bool optional;          // may be absent (reports written before it, hand-made files): read as the default
  Agree agree;            // which reports must agree on it
  nlohmann::ordered_json (*write)(const S&);
  void (*read)(S&, const Field&);                // the field is present (it may be null)
  bool (*differ)(const S&, const S&) = nullptr;  // null: their JSON differs
};

// A text field: required, or optional, where null or absent reads as the member's default.
template <class S, std::string S::*M, bool Optional>
constexpr FieldRow<S> text_field(std::string_view name, Agree agree = Agree::never) {
  return {name, Optional, agree, [](const S& s) { return nlohmann::ordered_json(s.*M); },
          [](S& s, const Field& f) {
            if (!Optional || !f.null()) s.*M = f.text();
          }};
}

template <class S>
nlohmann::ordered_json write_fields(std::span<const FieldRow<S>> rows, const S& s) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const FieldRow<S>& row : rows) out[std::string(row.name)] = row.write(s);
  return out;
}

// A missing field that is not optional fails, naming it; an optional one keeps its default.
template <class S>
S read_fields(std::span<const FieldRow<S>> rows, const Field& f) {
  S s;
  for (const FieldRow<S>& row : rows) {
    const std::string name(row.name);
    if (row.optional && !f.has(name.c_str())) continue;
    row.read(s, f[name.c_str()]);
  }
  return s;
}

template <class S>
bool differs(const FieldRow<S>& row, const S& a, const S& b) {
  return row.differ ? row.differ(a, b) : row.write(a) != row.write(b);
}

// The first field that `for_what` needs alike and on which `a` and `b` differ, or null.
template <class S>
const FieldRow<S>* first_difference(std::span<const FieldRow<S>> rows, const S& a, const S& b, Agree for_what) {
  for (const FieldRow<S>& row : rows) {
    if (needs(row.agree, for_what) && differs(row, a, b)) return &row;
  }
  return nullptr;
}

// "settings.node_limit 5 vs 0": the field, then its value in `a` and in `b` as JSON.
template <class S>
std::string difference_text(std::string_view object, const FieldRow<S>& row, const S& a, const S& b) {
  // Texts read from files are UTF-8; one made here (a CPU's name) may not be: replaced, not thrown.
  const auto json = [&](const S& s) {
    return row.write(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  return std::string(object) + "." + std::string(row.name) + " " + json(a) + " vs " + json(b);
}

}  // namespace sudoku_bench
