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

// Which reports must agree on a field to be put together, from the least demanding: a field that
// must agree for `compare` must for `merge` too, and one for `merge` for the shards of one run.
enum class Agree {
  never,    // may differ (the repetitions, the interleave seed, …)
  shards,   // one run's shards: the same solvers and thread counts
  merge,    // reports merged into one: the same work, timed alike
  compare,  // reports compared: the same work per puzzle
};

template <class S>
struct FieldRow {
  std::string_view name;  // its JSON key
  bool optional;          // may be absent (reports written before it, hand-made files): read as the default
  std::string_view unit;  // "s", "ms", "" for counts, names and flags
  Agree agree;            // which reports must agree on it
  nlohmann::ordered_json (*write)(const S&);
  void (*read)(S&, const Field&);                // the field is present (it may be null)
  bool (*differ)(const S&, const S&) = nullptr;  // null: their JSON differs
};

// A text field: required, or optional, where null or absent reads as the member's default.
template <class S, std::string S::*M, bool Optional>
constexpr FieldRow<S> text_field(std::string_view name) {
  return {name,
          Optional,
          "",
          Agree::never,
          [](const S& s) { return nlohmann::ordered_json(s.*M); },
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
    if (row.agree >= for_what && differs(row, a, b)) return &row;
  }
  return nullptr;
}

// "settings.node_limit 5 vs 0": the field, then its value in `a` and in `b` as JSON.
template <class S>
std::string difference_text(std::string_view object, const FieldRow<S>& row, const S& a, const S& b) {
  return std::string(object) + "." + std::string(row.name) + " " + row.write(a).dump() + " vs " + row.write(b).dump();
}

}  // namespace sudoku_bench
